import { useRouteLoaderData } from "react-router";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

type DialogText = Catalogue["dialogs"];

/** English, for a dialog drawn without the root's data (its loader failed). */
const ENGLISH_DIALOGS: DialogText = {
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
export function useDialogText(): DialogText {
  // Typed by shape, not by the root's loader: the root imports the dialogs (no import cycle).
  const root = useRouteLoaderData("root") as { dialogs?: DialogText } | undefined;
  return root?.dialogs ?? ENGLISH_DIALOGS;
}
