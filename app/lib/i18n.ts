import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";
import { shell as englishShell } from "#contracts/i18n/catalogues/en.ts";

/**
 * The panel shell's words (top bar, drawer, menus) in the page's language: the root loader sends
 * them with every page (ADR 0066). English only where the root's data is missing (its own error).
 */
export function useShellText() {
  return useRouteLoaderData<typeof loader>("root")?.shell ?? englishShell;
}

/** The page's language (`<html lang>`), for Intl formatting in components. */
export function useLanguage() {
  return useRouteLoaderData<typeof loader>("root")?.lang ?? "en";
}

export { fmt } from "#contracts/i18n/fmt.ts";
