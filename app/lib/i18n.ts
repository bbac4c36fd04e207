import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/**
 * The panel shell's words (top bar, drawer, menus) in the page's language: the root loader sends
 * them with every page (ADR 0066). The shell is only drawn under the root's own data (the root's
 * error boundary draws no shell), so it is always there.
 */
export function useShellText() {
  return useRouteLoaderData<typeof loader>("root")!.shell;
}

/** The page's language (`<html lang>`), for Intl formatting in components. */
export function useLanguage() {
  return useRouteLoaderData<typeof loader>("root")?.lang ?? "en";
}

export { fmt } from "#contracts/i18n/fmt.ts";
