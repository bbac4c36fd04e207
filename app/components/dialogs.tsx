import { useEffect, useId, useRef } from "react";
import { CloseIcon } from "./icons";
import { Form, href, Link, useNavigation } from "react-router";
import { useHistoryBack } from "~/lib/use-history-back";
import { keepDraftForSignIn } from "~/lib/form-draft.client";
import { fmt } from "#contracts/i18n/fmt.ts";
import { useDialogText } from "~/lib/dialog-text";

/**
 * How a dialog closes (its ✕, and Escape with JavaScript): a link (without JavaScript too), a
 * button with its own handler, or the submit button of a form on the page (by id) when closing
 * must post, like signing out.
 */
export type DialogClose =
  | { to: string; replace?: boolean; onClick?: (e: React.MouseEvent<HTMLAnchorElement>) => void }
  | { onClick: () => void }
  | { formId: string };

const closeClass = "-mt-2 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100";

/**
 * Dialogs as fixed overlays rendered by the server: they need no JavaScript to show, and
 * their buttons are links or real forms. Every one closes with ✕, and with Escape (which clicks
 * the ✕, so both do the same).
 */
export function DialogFrame({ title, children, actions, close }: { title: string; children: React.ReactNode; actions: React.ReactNode; close: DialogClose }) {
  const id = useId();
  const d = useDialogText();
  const closeRef = useRef<HTMLAnchorElement & HTMLButtonElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented) return;
      e.preventDefault();
      closeRef.current?.click();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  const label = fmt(d.close, { title });
  return (
    <div className="fixed inset-0 z-[80] flex items-center justify-center bg-black/40 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby={`${id}-t`} aria-describedby={`${id}-d`} className="w-full max-w-sm rounded-2xl bg-white p-5 shadow-xl">
        <div className="flex items-start justify-between gap-2">
          <h2 id={`${id}-t`} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {"to" in close ? (
            <Link ref={closeRef} to={close.to} replace={close.replace} onClick={close.onClick} aria-label={label} className={closeClass}>
              <CloseIcon />
            </Link>
          ) : "formId" in close ? (
            <button ref={closeRef} type="submit" form={close.formId} aria-label={label} className={closeClass}>
              <CloseIcon />
            </button>
          ) : (
            <button ref={closeRef} type="button" onClick={close.onClick} aria-label={label} className={closeClass}>
              <CloseIcon />
            </button>
          )}
        </div>
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
export function ErrorDialog({ status, message, backTo = "/", words }: { status?: number; message: string; backTo?: string; words?: { error: string; ok: string } }) {
  const goBack = useHistoryBack();
  const d = useDialogText();
  return (
    <DialogFrame
      title={words?.error ?? d.error}
      close={{ to: backTo, onClick: goBack }}
      actions={
        <Link to={backTo} autoFocus role="button" className={primary} onClick={goBack}>
          {words?.ok ?? d.ok}
        </Link>
      }
    >
      <p>{message}</p>
      {status && status >= 500 ? <p className="mt-1 text-xs text-slate-500">{fmt(d.errorCode, { status })}</p> : null}
    </DialogFrame>
  );
}

/**
 * SPEC §8: a 401/403 from the API. Dismissing signs out (a real POST, so it works without
 * JavaScript) and goes to sign-in, which brings the user back to `returnTo` (ADR 0012).
 */
export function AuthErrorDialog({ returnTo }: { returnTo?: string }) {
  useEffect(() => keepDraftForSignIn(), []);
  const formId = useId();
  const d = useDialogText();
  return (
    <DialogFrame
      title={d.authTitle}
      // Closing it is dismissing it: it signs out like Ok.
      close={{ formId }}
      actions={
        <Form id={formId} method="post" action={href("/panel/logout")}>
          {returnTo ? <input type="hidden" name="redirectTo" value={returnTo} /> : null}
          <button type="submit" autoFocus className={primary}>
            {d.ok}
          </button>
        </Form>
      }
    >
      <p>{d.authBody}</p>
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
  words,
}: {
  /** The buttons' and title's words in the page's language (ADR 0066); English (the spec's) when left out. */
  words?: { confirm: string; cancel: string; ok: string };
  message: React.ReactNode;
  cancelTo: string;
  action?: string;
  intent: string;
  fields?: Record<string, string | undefined>;
  formId?: string;
}) {
  // A second click while Ok's post is under way would post it again.
  const submitting = useNavigation().state === "submitting";
  const d = useDialogText();
  return (
    <DialogFrame
      title={words?.confirm ?? d.confirm}
      close={{ to: cancelTo, replace: true }}
      actions={
        <>
          <Link to={cancelTo} replace role="button" className={secondary}>
            {words?.cancel ?? d.cancel}
          </Link>
          <Form method="post" action={action} id={formId}>
            {Object.entries(fields ?? {}).map(([name, value]) => (value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />))}
            <button type="submit" name="intent" value={intent} autoFocus disabled={submitting} aria-busy={submitting} className={`${primary} disabled:opacity-60`}>
              {words?.ok ?? d.ok}
            </button>
          </Form>
        </>
      }
    >
      {typeof message === "string" ? <p>{message}</p> : message}
    </DialogFrame>
  );
}
