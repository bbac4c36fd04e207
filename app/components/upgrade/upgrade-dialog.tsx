import { useEffect, useId, useRef } from "react";
import { PAYMENT_TEXTS } from "#contracts/payment-texts.ts";
import type { SubscriptionPlansResponse } from "#contracts/payments.ts";
import type { SubscriptionPlan } from "#contracts/plans.ts";
import { formatPhone, telHref } from "#contracts/phone.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { CloseIcon, Spinner } from "../icons";
import { PlanCarousel } from "./plan-carousel";
import { buttonClass, PdfCardPurchaseCard, PlanCard } from "./plan-card";
import { itemKey, type PurchaseItem } from "./use-checkout";

/**
 * The full-screen premium upgrade dialog (SPEC §2): a native modal `<dialog>` (focus stays
 * inside, the page behind is inert), labelled by its title; Escape and the close button call
 * `onClose` (history back). `modal={false}` while Razorpay's own modal is on top: its iframe
 * lives outside our dialog and would otherwise be inert.
 */
export function UpgradeDialog({
  open,
  onClose,
  modal = true,
  title = "Pricing",
  closeLabel = "Close pricing",
  children,
}: {
  open: boolean;
  onClose: () => void;
  modal?: boolean;
  title?: string;
  /** The close button's name, in the page's language. */
  closeLabel?: string;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Closes we make ourselves (following the hash, switching modality): their close events are not the user's.
  const ownCloses = useRef(0);
  const cancelled = useRef(false);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const close = () => {
      ownCloses.current += 1;
      dialog.close();
    };
    if (!open) {
      if (dialog.open) close();
      return;
    }
    cancelled.current = false;
    const isModal = dialog.matches(":modal");
    if (dialog.open && isModal === modal) return;
    if (dialog.open) close();
    if (modal) dialog.showModal();
    else dialog.show();
  }, [open, modal]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        cancelled.current = true;
        onClose();
      }}
      onClose={() => {
        // Chrome may close a modal dialog on a repeated Escape without a cancel event: follow it.
        if (ownCloses.current > 0) ownCloses.current -= 1;
        else if (cancelled.current) cancelled.current = false;
        else onClose();
      }}
      className="fixed inset-0 z-50 m-0 h-dvh max-h-none w-full max-w-none overflow-y-auto bg-slate-50 p-0 text-slate-900 backdrop:bg-black/40"
    >
      {open ? (
        <>
          <div className="sticky top-0 z-10 flex items-center justify-between border-b border-slate-200 bg-white px-4 py-2">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button
              type="button"
              aria-label={closeLabel}
              onClick={onClose}
              className="-mr-2 inline-flex size-10 items-center justify-center rounded-full hover:bg-slate-100"
            >
              <CloseIcon />
            </button>
          </div>
          <div className="mx-auto w-full max-w-5xl px-4 py-5">{children}</div>
        </>
      ) : null}
    </dialog>
  );
}

/** SPEC §2 loader: 'Please do not refresh this page while updating payment', over everything in the dialog. */
export function UpdatingPaymentOverlay({ text = PAYMENT_TEXTS.updating }: { text?: string }) {
  return (
    <div role="status" aria-live="assertive" className="fixed inset-0 z-[90] flex flex-col items-center justify-center gap-4 bg-white/90 p-6 text-center">
      <Spinner />
      <p className="text-base font-medium text-slate-800">{text}</p>
    </div>
  );
}

type CustomerPurchase = {
  mode: "customer";
  /** The business the plan is for (null: the customer has none yet). */
  businessId: number | null;
  /** Without JavaScript, 'Buy now' posts here (the plans page's action); with it, `onBuy` takes over. */
  buyAction: string;
  onBuy?: (item: PurchaseItem) => void;
  /** The item whose order is being created (every buy button is disabled meanwhile). */
  busyKey?: string | null;
};
type AdminPurchase = {
  mode: "admin";
  businessId: number;
  /** 'Select Plan' as a link (works without JavaScript: e.g. a URL-step Confirm). */
  selectPlanHref: (plan: SubscriptionPlan) => string;
  /** Optional: take over the click with JavaScript (call `preventDefault` to stop the link). */
  onSelectPlan?: (plan: SubscriptionPlan, event: React.MouseEvent<HTMLAnchorElement>) => void;
  /** The custom-plan slide (the admin's 'Provide custom plan' trigger), last in the carousel. */
  customPlanSlide?: React.ReactNode;
};

/** Whom 'Connect with admin' means: the agency's name, a phone to call and an email to write to. */
function AdminContact({ contact, label }: { contact: { name: string; phoneNumber: string | null; email: string | null }; label: string }) {
  return (
    <div aria-label={label} className="mt-3 space-y-1 text-sm text-slate-700">
      <p className="font-semibold text-slate-900">{contact.name}</p>
      {contact.phoneNumber ? (
        <p>
          <a href={telHref(contact.phoneNumber)} className="font-medium text-brand-dark underline">
            {formatPhone(contact.phoneNumber)}
          </a>
        </p>
      ) : null}
      {contact.email ? (
        <p>
          <a href={`mailto:${contact.email}`} className="font-medium break-all text-brand-dark underline">
            {contact.email}
          </a>
        </p>
      ) : null}
    </div>
  );
}

/**
 * What the dialog shows (and the plain plans page, server rendered): 'Loading plans...', the
 * 'Connect with admin' notice, or the plans carousel and the single PDF card purchase card.
 * `t`: the `plans` words in the page's language (the customer's, or the staff member's on a business page);
 * `loadingText`: 'Loading plans...' in the page's language (the dialog has no `t` until its data came).
 */
export function UpgradeContent({
  data,
  purchase,
  t,
  loadingText = PAYMENT_TEXTS.loadingPlans,
}: {
  data: SubscriptionPlansResponse | null;
  purchase: CustomerPurchase | AdminPurchase;
  /** Arrives with `data` on the customer's dialog: until both are here the dialog says it is loading. */
  t: Catalogue["plans"] | undefined;
  loadingText?: string;
}) {
  if (!data || !t) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-16 text-slate-700">
        <Spinner />
        <p>{loadingText}</p>
      </div>
    );
  }
  if (purchase.mode === "customer" && data.purchase.mode === "contact-admin") {
    return (
      <div role="note" className="mx-auto max-w-md rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
        <p className="text-base font-medium text-slate-900">{t.connectWithAdmin}</p>
        {data.purchase.contact ? <AdminContact contact={data.purchase.contact} label={t.contact} /> : null}
      </div>
    );
  }

  const action = (plan: SubscriptionPlan) =>
    purchase.mode === "admin" ? (
      <a
        href={purchase.selectPlanHref(plan)}
        onClick={purchase.onSelectPlan ? (e) => purchase.onSelectPlan?.(plan, e) : undefined}
        className={buttonClass}
      >
        {PAYMENT_TEXTS.selectPlan}
      </a>
    ) : (
      <BuyForm purchase={purchase} label={t.buyNow} item={purchase.businessId ? { product: "card", planId: plan.subscriptionPlanId, businessId: purchase.businessId, name: plan.name } : null} />
    );

  const slides: { key: string; node: React.ReactNode }[] = data.list.map((plan) => ({ key: `plan-${plan.subscriptionPlanId}`, node: <PlanCard plan={plan} action={action(plan)} t={t} /> }));
  if (purchase.mode === "admin" && purchase.customPlanSlide) slides.push({ key: "custom-plan", node: purchase.customPlanSlide });
  const pdf = data.products.pdfCard ? data.singlePdfCardPlan : null;

  return (
    <div className="space-y-8">
      {slides.length ? (
        <div>
          <h3 className="mb-3 text-base font-semibold text-slate-800">{t.subscriptionPlans}</h3>
          <PlanCarousel label={t.subscriptionPlans} slides={slides} words={t} />
        </div>
      ) : (
        <p className="text-center text-slate-700">{t.noPlans}</p>
      )}
      {pdf && purchase.mode === "customer" ? (
        <section aria-labelledby="upgrade-pdf-title" className="mx-auto max-w-sm">
          <h3 id="upgrade-pdf-title" className="mb-3 text-base font-semibold text-slate-800">
            {t.justOnePdf}
          </h3>
          <PdfCardPurchaseCard
            price={pdf.price}
            t={t}
            action={<BuyForm purchase={purchase} label={t.buyNow} item={purchase.businessId && pdf.id ? { product: "pdf-card", planId: pdf.id, businessId: purchase.businessId, name: t.singlePdfCard } : null} />}
          />
        </section>
      ) : null}
    </div>
  );
}

/**
 * 'Buy now': a real form (without JavaScript the plans page's action creates the order and
 * sends the browser to the payment page); with JavaScript the checkout island takes over.
 * Disabled while any order is being created, or when the item has no id (SPEC §5).
 */
function BuyForm({ purchase, item, label }: { purchase: CustomerPurchase; item: PurchaseItem | null; label: string }) {
  const busy = purchase.busyKey != null;
  const mine = item !== null && purchase.busyKey === itemKey(item);
  return (
    <form
      method="post"
      action={purchase.buyAction}
      onSubmit={(e) => {
        if (!purchase.onBuy || !item) return;
        e.preventDefault();
        purchase.onBuy(item);
      }}
    >
      {item ? (
        <>
          <input type="hidden" name="product" value={item.product} />
          <input type="hidden" name="planId" value={item.planId} />
          <input type="hidden" name="businessId" value={item.businessId} />
        </>
      ) : null}
      <button type="submit" name="intent" value="buy" disabled={!item || busy} aria-busy={mine || undefined} className={buttonClass}>
        {mine ? <Spinner className="mr-2 size-4 text-white" /> : null}
        {label}
      </button>
    </form>
  );
}
