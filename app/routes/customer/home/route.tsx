import { Link } from "react-router";
import type { Route } from "./+types/route";
import { getCustomer } from "~/lib/request-context.server";
import { loadDashboard } from "~/lib/customer.server";
import { customerMenuLinks } from "~/lib/menu-links";
import { FIRST_BUSINESS_HREF, businessEditHref } from "~/lib/business-form";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { HomeTiles } from "./home-tiles";
import { CardStateBadge, ExpiryBanner } from "~/components/business/card-state";
import { cardState } from "#contracts/card-state.ts";
import { CardShortcut } from "./card-shortcut";
import { CardStats } from "./card-stats";

export const handle: PanelHandle = { title: "Home", isHome: true };
export const meta = () => [{ title: "Home" }];

/**
 * One API call beside the session: GET /dashboard (the layout's business list comes from it
 * too). The tiles are the session's `menu.home` (the API applies the agency's flags, SPEC §6).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { menu, user } = getCustomer(context);
  const tiles = customerMenuLinks(menu.home, user.preference.activeBusinessId);
  const { business, card, stats, enquiries } = await loadDashboard(context);
  const status = business ? cardState({ ...business, cardStatus: card?.status }, new Date()) : null;
  return { tiles, business, card, status, stats, enquiries, publicUrl: card ? new URL(card.publicPath, url.origin).href : null };
}

export default function CustomerHome({ loaderData }: Route.ComponentProps) {
  const { business, card, status, stats, enquiries, publicUrl, tiles } = loaderData;
  if (!business || !status) {
    return (
      <Card className="text-center">
        <h2 className="text-lg font-semibold text-slate-900">Welcome!</h2>
        <p className="mt-2 text-slate-600">You have no business yet. Add one to create your digital business card.</p>
        <Link to={FIRST_BUSINESS_HREF} className="mt-4 inline-flex items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker">
          Add your first business
        </Link>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-slate-600">
          Welcome, <strong className="text-slate-900">{business.businessName}</strong>
        </p>
        <div className="flex items-center gap-3">
          <CardStateBadge status={status} />
          <Link to={businessEditHref(business.businessId)} className="text-sm font-medium text-brand-dark underline">
            Edit business
          </Link>
        </div>
      </div>
      <ExpiryBanner status={status} expiry={business.expiryDateForCustomer} businessName={business.businessName} />
      <div className="grid gap-4 lg:grid-cols-2">
        <CardShortcut businessId={business.businessId} card={card} publicUrl={publicUrl} />
        <CardStats stats={stats} enquiries={enquiries} />
      </div>
      <HomeTiles tiles={tiles} />
    </div>
  );
}
