import { href, Link } from "react-router";
import { Card } from "~/components/panel-shell";
import { fmt } from "#contracts/i18n/fmt.ts";
import type { BillingWords } from "~/components/billing/bill-parts";

/**
 * The platform's own billing (issue 22, ADR 0037): the platform bills agencies, never itself, so
 * its row in Agency Management (and the Billing page for its admins) has no bill. This says so and
 * leads to where the agencies' bills are. The API decides it is the platform (`isPlatform` on
 * GET /month-payments, ADR 0044); this only shows it.
 */
export function PlatformNoBill({ platformName, t }: { platformName: string; t: BillingWords }) {
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">{fmt(t.heading, { name: platformName })}</h2>
      <Card>
        <p className="text-slate-700">{fmt(t.platformNoBill, { name: platformName })}</p>
        <Link to={href("/panel/admin/agency-management")} className="mt-3 inline-block font-medium text-brand-dark underline">
          {t.agenciesBills}
        </Link>
      </Card>
    </div>
  );
}
