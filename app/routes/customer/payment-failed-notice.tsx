import { useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import { readPaymentFailure } from "#contracts/payment-texts.ts";
import { DialogFrame } from "~/components/dialogs";
import { usePaymentText } from "~/components/upgrade/payment-text";

/**
 * The reason a payment failed, brought back by the callback's redirect (`?payment=failed&reason=`,
 * on the page the checkout started from). Shown with or without JavaScript; Ok drops it from the address.
 */
export function PaymentFailedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const t = usePaymentText();
  const failed = useMemo(() => {
    const search = new URLSearchParams(location.search);
    const parsed = readPaymentFailure(search);
    if (!parsed) return null;
    search.delete("payment");
    search.delete("reason");
    return { reason: parsed.reason || (t?.notCompleted ?? "The payment was not completed."), rest: search.size ? `?${search}` : "" };
  }, [location.search, t?.notCompleted]);
  if (!failed) return null;
  return (
    <DialogFrame
      title={t?.paymentFailed ?? "Payment failed"}
      close={{ to: `${location.pathname}${failed.rest}`, replace: true }}
      actions={
        <a
          href={`${location.pathname}${failed.rest}`}
          autoFocus
          role="button"
          onClick={(e) => {
            e.preventDefault();
            navigate({ pathname: location.pathname, search: failed.rest }, { replace: true });
          }}
          className="inline-flex min-w-20 items-center justify-center rounded-lg bg-brand-dark px-4 py-2 font-semibold text-white hover:bg-brand-darker"
        >
          {t?.ok ?? "Ok"}
        </a>
      }
    >
      <p>{failed.reason}</p>
    </DialogFrame>
  );
}

