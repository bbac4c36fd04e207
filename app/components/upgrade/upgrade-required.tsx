import { useLocation } from "react-router";
import { DialogFrame, ErrorDialog } from "../dialogs";
import { useHistoryBack } from "~/lib/use-history-back";
import { PLANS_TRIGGER_HREF } from "./upgrade-paths";
import { usePaymentText } from "./payment-text";

export const isUpgradeRequired = (data: unknown): data is { message: string; upgrade: true } =>
  typeof data === "object" && data !== null && (data as { upgrade?: unknown }).upgrade === true;

/**
 * A page the plan's limits refused (403 `{ upgrade: true }`, ADR 0015): for a customer, the
 * message (which names the plan that gives more, ADR 0042) and the way to the plans (#upgrade on
 * the plans page, with or without JavaScript), or back where they were (✕, Esc, 'Not now');
 * staff see the message.
 */
export function UpgradeRequiredDialog({ data, backTo = "/" }: { data: { message: string }; backTo?: string }) {
  const { pathname } = useLocation();
  const goBack = useHistoryBack();
  const t = usePaymentText();
  if (!pathname.startsWith("/panel/customer")) return <ErrorDialog status={403} message={data.message} backTo={backTo} />;
  return (
    <DialogFrame
      title={t?.upgradeTitle ?? "Upgrade your plan"}
      close={{ to: backTo, onClick: goBack }}
      actions={
        <>
          <a
            href={backTo}
            onClick={goBack}
            role="button"
            className="inline-flex min-w-20 items-center justify-center rounded-lg px-4 py-2 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {t?.notNow ?? "Not now"}
          </a>
          <a
            href={PLANS_TRIGGER_HREF}
            autoFocus
            className="inline-flex min-w-20 items-center justify-center rounded-lg bg-brand-dark px-4 py-2 font-semibold text-white hover:bg-brand-darker"
          >
            {t?.seePlans ?? "See plans"}
          </a>
        </>
      }
    >
      <p>{data.message}</p>
    </DialogFrame>
  );
}
