import { useNavigate } from "react-router";
import { UpgradeContent, UpgradeDialog } from "~/components/upgrade/upgrade-dialog";
import { useUpgradeHash, useUpgradeNavigation } from "~/components/upgrade/use-upgrade-hash";
import { PAYMENT_TEXTS } from "#contracts/payment-texts.ts";
import type { SubscriptionPlansResponse } from "#contracts/payments.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { businessPageHref } from "./links";

const linkClass = "inline-flex w-full items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker";

/**
 * #upgrade on the staff page of a business (SPEC §2, §4 Admin flow): the ui part's dialog in
 * admin mode. 'Select Plan' and the custom-plan slide lead to this page's URL steps (Confirm, or
 * 'Provide custom plan'), replacing the #upgrade entry so Back does not reopen the dialog.
 * Closing the dialog goes back in history and records nothing.
 */
export function AdminUpgrade({ businessId, plans, t }: { businessId: number; plans: SubscriptionPlansResponse; t: Catalogue["plans"] }) {
  const open = useUpgradeHash();
  const { closeUpgrade } = useUpgradeNavigation();
  const navigate = useNavigate();
  const go = (to: string) => (e: React.MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    void navigate(to, { replace: true, preventScrollReset: true });
  };
  const customHref = businessPageHref(businessId, { custom: true });
  return (
    <UpgradeDialog open={open} onClose={closeUpgrade}>
      <UpgradeContent
        data={plans}
        t={t}
        purchase={{
          mode: "admin",
          businessId,
          selectPlanHref: (plan) => businessPageHref(businessId, { pay: plan.subscriptionPlanId }),
          onSelectPlan: (plan, e) => go(businessPageHref(businessId, { pay: plan.subscriptionPlanId }))(e),
          customPlanSlide: (
            <article aria-labelledby="custom-plan-slide" className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <h3 id="custom-plan-slide" className="text-lg font-semibold text-slate-900">
                Custom plan
              </h3>
              <p className="mt-2 flex-1 text-sm text-slate-700">Your own price, validity and limits, made for this business only.</p>
              <a href={customHref} onClick={go(customHref)} className={`mt-5 ${linkClass}`}>
                {PAYMENT_TEXTS.customPlanTitle}
              </a>
            </article>
          ),
        }}
      />
    </UpgradeDialog>
  );
}
