import { useLocation } from "react-router";
import { DialogFrame, ErrorDialog } from "../dialogs";
import { PLANS_TRIGGER_HREF } from "./upgrade-paths";

export const isUpgradeRequired = (data: unknown): data is { message: string; upgrade: true } =>
  typeof data === "object" && data !== null && (data as { upgrade?: unknown }).upgrade === true;

/**
 * A page the plan's limits refused (403 `{ upgrade: true }`, ADR 0015): for a customer, the
 * message and the way to the plans (#upgrade on the plans page, with or without JavaScript);
 * staff see the message.
 */
export function UpgradeRequiredDialog({ data }: { data: { message: string } }) {
  const { pathname } = useLocation();
  if (!pathname.startsWith("/panel/customer")) return <ErrorDialog status={403} message={data.message} />;
  return (
    <DialogFrame
      title="Upgrade your plan"
      actions={
        <a
          href={PLANS_TRIGGER_HREF}
          autoFocus
          className="inline-flex min-w-20 items-center justify-center rounded-lg bg-brand-dark px-4 py-2 font-semibold text-white hover:bg-brand-darker"
        >
          See plans
        </a>
      }
    >
      <p>{data.message}</p>
    </DialogFrame>
  );
}
