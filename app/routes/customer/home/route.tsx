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
import { cardState, cardStateLabelIn } from "#contracts/card-state.ts";
import { CardShortcut } from "./card-shortcut";
import { CardStats } from "./card-stats";
import { SourceReport } from "./source-report";
import { pageMessages } from "~/lib/i18n.server";

export const handle: PanelHandle = { isHome: true };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Home" }];

/**
 * One API call beside the session: GET /dashboard (the layout's business list and the
 * where-visitors-came-from weeks, ADR 0068, come with it). The tiles are the session's
 * `menu.home` (the API applies the agency's flags, SPEC §6).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { menu, user } = getCustomer(context);
  const tiles = customerMenuLinks(menu.home, user.preference.activeBusinessId);
  const { business, card, stats, enquiries, sourceWeeks } = await loadDashboard(context);
  const status = business ? cardState({ ...business, cardStatus: card?.status }, new Date()) : null;
  const t = pageMessages(context, "home", "cardReport");
  const publicUrl = card ? new URL(card.publicPath, url.origin).href : null;
  const statusLabel = status ? cardStateLabelIn(status, t.home) : null;
  return { tiles, business, card, status, statusLabel, stats, enquiries, publicUrl, t, pageTitle: t.home.title, sourceWeeks };
}

export default function CustomerHome({ loaderData }: Route.ComponentProps) {
  const { business, card, status, stats, enquiries, publicUrl, tiles } = loaderData;
  const t = loaderData.t.home;
  if (!business || !status) {
    return (
      <Card className="text-center">
        <h2 className="text-lg font-semibold text-slate-900">{t.welcome}</h2>
        <p className="mt-2 text-slate-600">{t.noBusiness}</p>
        <Link to={FIRST_BUSINESS_HREF} className="mt-4 inline-flex items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker">
          {t.addFirstBusiness}
        </Link>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-slate-600">
          <WelcomeLine template={t.welcomeBusiness} name={business.businessName} />
        </p>
        <div className="flex items-center gap-3">
          <CardStateBadge status={status} label={loaderData.statusLabel ?? undefined} />
          <Link to={businessEditHref(business.businessId)} className="text-sm font-medium text-brand-dark underline">
            {t.editBusiness}
          </Link>
        </div>
      </div>
      <ExpiryBanner status={status} expiry={business.expiryDateForCustomer} businessName={business.businessName} />
      <div className="grid gap-4 lg:grid-cols-2">
        <CardShortcut businessId={business.businessId} card={card} publicUrl={publicUrl} t={t} />
        <CardStats stats={stats} enquiries={enquiries} t={t} />
      </div>
      {loaderData.sourceWeeks ? <SourceReport weeks={loaderData.sourceWeeks} t={loaderData.t.cardReport} /> : null}
      <HomeTiles tiles={tiles} t={t} />
    </div>
  );
}

/** "Welcome, {name}" with the business name in bold, wherever the language puts it. */
function WelcomeLine({ template, name }: { template: string; name: string }) {
  const [before, after = ""] = template.split("{name}");
  return (
    <>
      {before}
      <strong className="text-slate-900">{name}</strong>
      {after}
    </>
  );
}
