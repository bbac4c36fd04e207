import { useMatches } from "react-router";

/**
 * Page metadata for the panel shell, declared by each route: `handle.title` (static) or
 * `loaderData.pageTitle` (from the URL), `handle.isHome` (no back button) and
 * `handle.extraBottomMargin` (the 65 px the spec gives the greetings and promotional videos pages).
 */
export type PanelHandle = { title?: string; isHome?: boolean; extraBottomMargin?: boolean };

/** A route says it in its handle, not by its id: ids change when files move. */
export function useExtraBottomMargin() {
  return useMatches().some((m) => (m.handle as PanelHandle | undefined)?.extraBottomMargin === true);
}

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
