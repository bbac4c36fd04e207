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

/** English, for a dialog drawn without the root's data (its loader failed). */
const ENGLISH_DIALOGS = {
  error: "Error",
  ok: "Ok",
  confirm: "Confirm",
  cancel: "Cancel",
  close: "Close {title}",
  errorCode: "Error code {status}",
  authTitle: "Failed to authenticate user",
  authBody: "Your session has ended or you do not have access. Please sign in again.",
  pageNotFound: "We could not find that page.",
  wentWrong: "Something went wrong.",
  wentWrongRetry: "Something went wrong. Please try again.",
};

/** The dialogs' own words in the page's language (the root loader sends them with every page, ADR 0066). */
export function useDialogText(): typeof ENGLISH_DIALOGS {
  return useRouteLoaderData<typeof loader>("root")?.dialogs ?? ENGLISH_DIALOGS;
}

/** The page's language (`<html lang>`), for Intl formatting in components. */
export function useLanguage() {
  return useRouteLoaderData<typeof loader>("root")?.lang ?? "en";
}

export { fmt } from "#contracts/i18n/fmt.ts";
