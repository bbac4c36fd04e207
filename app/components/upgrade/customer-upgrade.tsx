import { useEffect, useMemo } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import { PAYMENT_TEXTS, paymentFailedQuery, type Gateway, type SubscriptionPlansResponse } from "#contracts/payments.ts";
import { useAgency } from "~/lib/root-data";
import { DialogFrame } from "../dialogs";
import { Snackbar } from "../snackbar";
import { UpdatingPaymentOverlay, UpgradeContent, UpgradeDialog } from "./upgrade-dialog";
import { useCheckout } from "./use-checkout";
import { useUpgradeHash, useUpgradeNavigation } from "./use-upgrade-hash";
import { PLANS_PATH, PLANS_TRIGGER_HREF } from "./upgrade-paths";

/** What the plans page's loader answers (the dialog's fetcher reads the same). */
export type UpgradeData = { plans: SubscriptionPlansResponse; businessId: number | null; businessName: string | null };

export type Prefill = { contact?: string; email?: string };

/**
 * The checkout island for a customer (SPEC §4 Paywall payment), with what it shows: the
 * 'updating payment' loader and errors (`overlay`, inside the dialog when there is one) and the
 * success snackbar (`snackbar`, outside it: it outlives the dialog).
 */
export function useCustomerCheckout(gateway: Gateway | null, prefill: Prefill = {}) {
  const agency = useAgency();
  const { closeUpgrade } = useUpgradeNavigation();
  const checkout = useCheckout({
    gateway,
    merchantName: agency?.agencyName ?? "",
    isMainHost: agency?.isMainHost ?? false,
    prefill,
    closeDialog: closeUpgrade,
  });
  const overlay = (
    <>
      {checkout.updating ? <UpdatingPaymentOverlay /> : null}
      {checkout.error ? (
        <DialogFrame
          title="Error"
          actions={
            <button
              type="button"
              autoFocus
              onClick={checkout.clearError}
              className="inline-flex min-w-20 items-center justify-center rounded-lg bg-brand-dark px-4 py-2 font-semibold text-white hover:bg-brand-darker"
            >
              Ok
            </button>
          }
        >
          <p>{checkout.error}</p>
        </DialogFrame>
      ) : null}
    </>
  );
  const snackbar = checkout.paid ? <Snackbar key={checkout.paid} message={PAYMENT_TEXTS.success} /> : null;
  return { ...checkout, overlay, snackbar, view: [overlay, snackbar] };
}

/**
 * The customer layout's #upgrade: opens on every hash change to #upgrade, loads the plans page's
 * data with a fetcher each time, and buys through the checkout island. Not on the plans page
 * itself, which shows the same content as the page. A failed payment that came back through the
 * callback is shown here, on whatever customer page it landed.
 */
export function CustomerUpgrade({ prefill }: { prefill: Prefill }) {
  const location = useLocation();
  const onPlansPage = location.pathname === PLANS_PATH;
  const hashOpen = useUpgradeHash();
  const open = hashOpen && !onPlansPage;
  const fetcher = useFetcher<UpgradeData>();
  const { closeUpgrade } = useUpgradeNavigation();
  const checkout = useCustomerCheckout(fetcher.data?.plans.purchase.gateway ?? null, prefill);

  const { load } = fetcher;
  useEffect(() => {
    if (open) void load(PLANS_PATH);
  }, [open, load]);

  return (
    <>
      <UpgradeDialog open={open} onClose={closeUpgrade} modal={!checkout.checkoutOpen}>
        <UpgradeContent
          data={fetcher.data?.plans ?? null}
          purchase={{
            mode: "customer",
            businessId: fetcher.data?.businessId ?? null,
            buyAction: PLANS_PATH,
            onBuy: checkout.buy,
            busyKey: checkout.busy,
          }}
        />
        {checkout.overlay}
      </UpgradeDialog>
      {open ? null : checkout.overlay}
      {checkout.snackbar}
      <PaymentFailedNotice />
    </>
  );
}

/**
 * The reason a payment failed, brought back by the callback's redirect (`?payment=failed&reason=`,
 * on the page the checkout started from). Shown with or without JavaScript; Ok drops it from the address.
 */
function PaymentFailedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const failed = useMemo(() => {
    const search = new URLSearchParams(location.search);
    const parsed = paymentFailedQuery.safeParse({ payment: search.get("payment"), reason: search.get("reason") ?? undefined });
    if (!parsed.success) return null;
    search.delete("payment");
    search.delete("reason");
    return { reason: parsed.data.reason || "The payment was not completed.", rest: search.size ? `?${search}` : "" };
  }, [location.search]);
  if (!failed) return null;
  return (
    <DialogFrame
      title="Payment failed"
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
          Ok
        </a>
      }
    >
      <p>{failed.reason}</p>
    </DialogFrame>
  );
}

/**
 * A trigger for #upgrade ('Pricing', 'Renew'): a real link to the plans page (no JavaScript);
 * with JavaScript it sets the hash on the current page instead.
 */
export function UpgradeLink({ className, children }: { className?: string; children: React.ReactNode }) {
  const { openUpgrade } = useUpgradeNavigation();
  return (
    <a
      href={PLANS_TRIGGER_HREF}
      className={className}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        openUpgrade();
      }}
    >
      {children}
    </a>
  );
}
