import { isRouteErrorResponse, useLocation } from "react-router";
import { AuthErrorDialog, ErrorDialog } from "./dialogs";
import { isUpgradeRequired, UpgradeRequiredDialog } from "./upgrade/upgrade-required";
import { useDialogText } from "~/lib/dialog-text";

/**
 * What an error boundary shows (SPEC §8): 401/403 sign the user out; a plan limit offers the
 * plans; anything else is the 'Error' dialog. `backTo` is the way back without JavaScript.
 */
export function ErrorView({ error, backTo }: { error: unknown; backTo?: string }) {
  const location = useLocation();
  const d = useDialogText();
  if (isRouteErrorResponse(error)) {
    if (error.status === 403 && isUpgradeRequired(error.data)) return <UpgradeRequiredDialog data={error.data} backTo={backTo} />;
    if (error.status === 401 || error.status === 403) return <AuthErrorDialog returnTo={`${location.pathname}${location.search}`} />;
    const message =
      typeof error.data === "object" && error.data && "message" in error.data
        ? String((error.data as { message: unknown }).message)
        : error.status === 404
          ? d.pageNotFound
          : error.statusText || d.wentWrong;
    return <ErrorDialog status={error.status} message={message} backTo={backTo} />;
  }
  if (import.meta.env.DEV && error instanceof Error) console.error(error);
  return <ErrorDialog status={500} message={d.wentWrongRetry} backTo={backTo} />;
}
