import { Link } from "react-router";
import type { Route } from "./+types/home";
import { getCustomer } from "~/lib/request-context.server";
import { loadBusinesses } from "~/lib/customer.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ExternalIcon } from "~/components/icons";

export const handle: PanelHandle = { title: "Home", isHome: true };
export const meta = () => [{ title: "Home" }];

const FIRST_BUSINESS =
  "/panel/customer/businesses/add?firstTimeUser=true&shouldRedirectToDigitalCardEditorOnAddBusiness=true&shouldCreateDigitalCard=true";

/** The tiles are the API's `menu.home` (it applies the agency's product flags, SPEC §6). */
export async function loader({ context }: Route.LoaderArgs) {
  const { businesses, active } = await loadBusinesses(context);
  return { hasBusiness: businesses.length > 0, businessName: active?.businessName ?? null, tiles: getCustomer(context).menu.home };
}

/** A line under each tile's label (presentation only; which tiles show is the API's call). */
const DESCRIPTIONS: Record<string, string> = {
  card: "Your card, ready to share",
  greetings: "Daily posts with your brand",
  pdf: "Printable ID cards",
  video: "Short videos for your business",
  invitation: "Opens in a new tab",
};

const tileClass = "flex h-full flex-col justify-between gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand";

export default function CustomerHome({ loaderData }: Route.ComponentProps) {
  if (!loaderData.hasBusiness) {
    return (
      <Card className="text-center">
        <h2 className="text-lg font-semibold text-slate-900">Welcome!</h2>
        <p className="mt-2 text-slate-600">You have no business yet. Add one to create your digital business card.</p>
        <Link to={FIRST_BUSINESS} className="mt-4 inline-flex items-center justify-center rounded-lg bg-brand px-4 py-2.5 font-semibold text-white hover:bg-brand-dark">
          Add your first business
        </Link>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      {loaderData.businessName ? (
        <p className="text-slate-600">
          Welcome back, <strong className="text-slate-900">{loaderData.businessName}</strong>
        </p>
      ) : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {loaderData.tiles.map((t) => {
          const description = DESCRIPTIONS[t.key] ? <span className="text-xs text-slate-500">{DESCRIPTIONS[t.key]}</span> : null;
          return (
            <li key={t.key}>
              {t.external ? (
                <a href={t.to} target="_blank" rel="noopener noreferrer" className={tileClass}>
                  <span className="flex items-start justify-between gap-1 font-semibold text-slate-900">
                    {t.label}
                    <ExternalIcon className="mt-1 size-4 shrink-0 text-slate-400" />
                  </span>
                  {description}
                </a>
              ) : (
                <Link to={t.to} className={tileClass}>
                  <span className="font-semibold text-slate-900">{t.label}</span>
                  {description}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
