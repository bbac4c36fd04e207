import { useEffect, useId } from "react";
import { Form, href, Link, useNavigation } from "react-router";
import { useHistoryBack } from "~/lib/use-history-back";
import { keepDraftForSignIn } from "~/lib/form-draft.client";

/**
 * Dialogs as fixed overlays rendered by the server: they need no JavaScript to show, and
 * their buttons are links or real forms.
 */
export function DialogFrame({ title, children, actions }: { title: string; children: React.ReactNode; actions: React.ReactNode }) {
  const id = useId();
  return (
    <div className="fixed inset-0 z-[80] flex items-center justify-center bg-black/40 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby={`${id}-t`} aria-describedby={`${id}-d`} className="w-full max-w-sm rounded-2xl bg-white p-5 shadow-xl">
        <h2 id={`${id}-t`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div id={`${id}-d`} className="mt-2 text-sm text-slate-700">
          {children}
        </div>
        <div className="mt-5 flex justify-end gap-2">{actions}</div>
      </div>
    </div>
  );
}

const primary = "inline-flex min-w-20 items-center justify-center rounded-lg bg-brand-dark px-4 py-2 font-semibold text-white hover:bg-brand-darker";
const secondary = "inline-flex min-w-20 items-center justify-center rounded-lg px-4 py-2 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50";

/**
 * 'Error' with the server's message. Ok goes back (history with JavaScript; `backTo`, or the
 * start page which sends everyone to their home, without).
 */
export function ErrorDialog({ status, message, backTo = "/" }: { status?: number; message: string; backTo?: string }) {
  const goBack = useHistoryBack();
  return (
    <DialogFrame
      title="Error"
      actions={
        <a
          href={backTo}
          autoFocus
          role="button"
          className={primary}
          onClick={goBack}
        >
          Ok
        </a>
      }
    >
      <p>{message}</p>
      {status && status >= 500 ? <p className="mt-1 text-xs text-slate-500">Error code {status}</p> : null}
    </DialogFrame>
  );
}

/**
 * SPEC §8: a 401/403 from the API. Dismissing signs out (a real POST, so it works without
 * JavaScript) and goes to sign-in, which brings the user back to `returnTo` (ADR 0012).
 */
export function AuthErrorDialog({ returnTo }: { returnTo?: string }) {
  useEffect(() => keepDraftForSignIn(), []);
  return (
    <DialogFrame
      title="Failed to authenticate user"
      actions={
        <Form method="post" action={href("/panel/logout")}>
          {returnTo ? <input type="hidden" name="redirectTo" value={returnTo} /> : null}
          <button type="submit" autoFocus className={primary}>
            Ok
          </button>
        </Form>
      }
    >
      <p>Your session has ended or you do not have access. Please sign in again.</p>
    </DialogFrame>
  );
}

/**
 * 'Confirm' with Cancel (a link away) and Ok (posts `intent` to `action`, with `fields` as hidden
 * inputs when the step carries what a previous form posted). `formId` names Ok's form, so inputs
 * in the message (`form={formId}`) are posted with it, JavaScript or not.
 */
export function ConfirmDialog({
  message,
  cancelTo,
  action,
  intent,
  fields,
  formId,
}: {
  message: React.ReactNode;
  cancelTo: string;
  action?: string;
  intent: string;
  fields?: Record<string, string | undefined>;
  formId?: string;
}) {
  // A second click while Ok's post is under way would post it again.
  const submitting = useNavigation().state === "submitting";
  return (
    <DialogFrame
      title="Confirm"
      actions={
        <>
          <Link to={cancelTo} replace role="button" className={secondary}>
            Cancel
          </Link>
          <Form method="post" action={action} id={formId}>
            {Object.entries(fields ?? {}).map(([name, value]) => (value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />))}
            <button type="submit" name="intent" value={intent} autoFocus disabled={submitting} aria-busy={submitting} className={`${primary} disabled:opacity-60`}>
              Ok
            </button>
          </Form>
        </>
      }
    >
      {typeof message === "string" ? <p>{message}</p> : message}
    </DialogFrame>
  );
}
