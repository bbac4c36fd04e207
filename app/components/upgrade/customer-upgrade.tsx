import { useEffect } from "react";
import { useFetcher, useLocation } from "react-router";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import type { Gateway } from "#contracts/payment-texts.ts";
import type { SubscriptionPlansResponse } from "#contracts/payments.ts";
import { useAgency } from "~/lib/root-data";
import { DialogFrame } from "../dialogs";
import { Snackbar } from "../snackbar";
import { UpdatingPaymentOverlay, UpgradeContent, UpgradeDialog } from "./upgrade-dialog";
import { useCheckout } from "./use-checkout";
import { usePaymentText, type PaymentText } from "./payment-text";
import { PAYMENT_TEXTS } from "#contracts/payment-texts.ts";

/** English, outside the customer layout's data (this module is loaded on demand: not first-load JavaScript). */
const ENGLISH: PaymentText = {
  pricing: "Pricing",
  closePricing: "Close pricing",
  loadingPlans: PAYMENT_TEXTS.loadingPlans,
  updating: PAYMENT_TEXTS.updating,
  success: PAYMENT_TEXTS.success,
  sdkFailed: PAYMENT_TEXTS.sdkFailed,
  scriptMissing: PAYMENT_TEXTS.scriptMissing,
  offline: "We could not reach the server. Check your connection and try again.",
  error: "Error",
  ok: "Ok",
  paymentFailed: "Payment failed",
  notCompleted: "The payment was not completed.",
  upgradeTitle: "Upgrade your plan",
  notNow: "Not now",
  seePlans: "See plans",
};

import { useUpgradeHash, useUpgradeNavigation } from "./use-upgrade-hash";
import { PLANS_PATH } from "./upgrade-paths";

/** What the plans page's loader answers (the dialog's fetcher reads the same). */
export type UpgradeData = { plans: SubscriptionPlansResponse; businessId: number | null; businessName: string | null; t: { plans: Catalogue["plans"] } };


export type Prefill = { contact?: string; email?: string };

/**
 * The checkout island for a customer (SPEC §4 Paywall payment), with what it shows: the
 * 'updating payment' loader and errors (`overlay`, inside the dialog when there is one) and the
 * success snackbar (`snackbar`, outside it: it outlives the dialog).
 */
export function useCustomerCheckout(gateway: Gateway | null, prefill: Prefill = {}) {
  const agency = useAgency();
  const t = usePaymentText() ?? ENGLISH;
  const { closeUpgrade } = useUpgradeNavigation();
  const checkout = useCheckout({
    texts: t,
    gateway,
    merchantName: agency?.agencyName ?? "",
    isMainHost: agency?.isMainHost ?? false,
    prefill,
    closeDialog: closeUpgrade,
  });
  const overlay = (
    <>
      {checkout.updating ? <UpdatingPaymentOverlay text={t.updating} /> : null}
      {checkout.error ? (
        <DialogFrame
          title={t.error}
          close={{ onClick: checkout.clearError }}
          actions={
            <button
              type="button"
              autoFocus
              onClick={checkout.clearError}
              className="inline-flex min-w-20 items-center justify-center rounded-lg bg-brand-dark px-4 py-2 font-semibold text-white hover:bg-brand-darker"
            >
              {t.ok}
            </button>
          }
        >
          <p>{checkout.error}</p>
        </DialogFrame>
      ) : null}
    </>
  );
  const snackbar = checkout.paid ? <Snackbar key={checkout.paid} message={t.success} /> : null;
  return { ...checkout, overlay, snackbar, view: [overlay, snackbar] };
}

/**
 * The customer layout's #upgrade: opens on every hash change to #upgrade, loads the plans page's
 * data with a fetcher each time, and buys through the checkout island. Not on the plans page
 * itself, which shows the same content as the page. Loaded on demand (customer-upgrade-on-demand.tsx).
 */
export function CustomerUpgrade({ prefill }: { prefill: Prefill }) {
  const location = useLocation();
  const onPlansPage = location.pathname === PLANS_PATH;
  const hashOpen = useUpgradeHash();
  const open = hashOpen && !onPlansPage;
  const fetcher = useFetcher<UpgradeData>();
  const { closeUpgrade } = useUpgradeNavigation();
  const checkout = useCustomerCheckout(fetcher.data?.plans.purchase.gateway ?? null, prefill);
  const t = usePaymentText() ?? ENGLISH;
  const plansText = fetcher.data?.t.plans;
  const [forBefore, forAfter] = (plansText?.forBusiness ?? "For {business}").split("{business}");

  const { load } = fetcher;
  useEffect(() => {
    if (open) void load(PLANS_PATH);
  }, [open, load]);

  return (
    <>
      <UpgradeDialog open={open} onClose={closeUpgrade} modal={!checkout.checkoutOpen} title={t.pricing} closeLabel={t.closePricing}>
        {fetcher.data?.businessName && fetcher.data.plans.purchase.mode === "online" ? (
          <p className="mb-4 text-sm text-slate-700">
            {forBefore}
            <strong className="text-slate-900">{fetcher.data.businessName}</strong>
            {forAfter}
          </p>
        ) : null}
        <UpgradeContent
          data={fetcher.data?.plans ?? null}
          t={plansText}
          loadingText={t.loadingPlans}
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
    </>
  );
}
