import { useMatches } from "react-router";

/**
 * Page metadata for the panel shell, declared by each route: `handle.title` (static) or
 * `loaderData.pageTitle` (from the URL), and `handle.isHome` (no back button).
 */
export type PanelHandle = { title?: string; isHome?: boolean };

export function usePanelPage() {
  const matches = useMatches();
  let title: string | undefined;
  let isHome = false;
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i];
    const handle = (m.handle ?? {}) as PanelHandle;
    const fromData = (m.loaderData as { pageTitle?: unknown } | undefined)?.pageTitle;
    if (title === undefined) title = typeof fromData === "string" ? fromData : handle.title;
    if (handle.isHome && i === matches.length - 1) isHome = true;
  }
  return { title, isHome };
}

/** "daily-image" → "Daily image". */
export function humanise(segment: string) {
  const words = decodeURIComponent(segment).replace(/[-_]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").trim().toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : "";
}
