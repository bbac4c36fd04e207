import { href, Link } from "react-router";
import { Card } from "~/components/panel-shell";

/**
 * The platform's own billing (issue 22, ADR 0037): the platform bills agencies, never itself, so
 * its row in Agency Management (and the Billing page for its admins) has no bill. This says so and
 * leads to where the agencies' bills are. The API decides it is the platform (`isPlatform` on
 * GET /month-payments, ADR 0044); this only shows it.
 */
export function PlatformNoBill({ platformName }: { platformName: string }) {
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">{platformName}: billing</h2>
      <Card>
        <p className="text-slate-700">
          The platform does not bill itself: {platformName} has no bill, outstanding amount or payments of its own. Agencies pay the
          platform, and each agency&apos;s bills are on its Billing page in Agency Management.
        </p>
        <Link to={href("/panel/admin/agency-management")} className="mt-3 inline-block font-medium text-brand-dark underline">
          Agencies&apos; bills in Agency Management
        </Link>
      </Card>
    </div>
  );
}
