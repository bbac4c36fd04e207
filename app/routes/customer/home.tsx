import { Link } from "react-router";
import type { Route } from "./+types/home";
import { getSession } from "~/lib/request-context.server";
import { activeBusiness, loadBusinesses } from "~/lib/customer.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ExternalIcon } from "~/components/icons";

export const handle: PanelHandle = { title: "Home", isHome: true };
export const meta = () => [{ title: "Home" }];

const FIRST_BUSINESS =
  "/panel/customer/businesses/add?firstTimeUser=true&shouldRedirectToDigitalCardEditorOnAddBusiness=true&shouldCreateDigitalCard=true";

/** The tiles follow the agency's product flags, computed by the API (SPEC §6 Product flags). */
export async function loader({ context }: Route.LoaderArgs) {
  const { agency, actor } = getSession(context);
  const { businesses } = await loadBusinesses(context);
  if (actor.kind !== "customer") throw new Error("requireCustomer let a non-customer through");
  const active = activeBusiness(businesses, actor.user.preference.activeBusinessId);
  const q = active ? `?businessId=${active.businessId}` : "";
  const f = agency.features;
  const tiles: { key: string; label: string; description: string; to: string; external?: boolean }[] = [
    { key: "card", label: "Digital business card", description: "Your card, ready to share", to: "/panel/customer/projects?projectType=digital_card" },
  ];
  if (f.imagePost) tiles.push({ key: "greetings", label: "Greeting images", description: "Daily posts with your brand", to: "/panel/customer/daily-image" });
  if (f.pdfCard) tiles.push({ key: "pdf", label: "Pdf id card", description: "Printable ID cards", to: `/panel/customer/pdf-card-templates${q}` });
  if (f.video) tiles.push({ key: "video", label: "Promotional videos", description: "Short videos for your business", to: `/panel/customer/video-templates${q}` });
  if (f.invitationTile && agency.invitationSiteLink) {
    tiles.push({ key: "invitation", label: "Digital invitation card", description: "Opens in a new tab", to: agency.invitationSiteLink, external: true });
  }
  return { hasBusiness: businesses.length > 0, businessName: active?.businessName ?? null, tiles };
}

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
  const tileClass = "flex h-full flex-col justify-between gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand";
  return (
    <div className="space-y-4">
      {loaderData.businessName ? (
        <p className="text-slate-600">
          Welcome back, <strong className="text-slate-900">{loaderData.businessName}</strong>
        </p>
      ) : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {loaderData.tiles.map((t) => (
          <li key={t.key}>
            {t.external ? (
              <a href={t.to} target="_blank" rel="noopener noreferrer" className={tileClass}>
                <span className="flex items-start justify-between gap-1 font-semibold text-slate-900">
                  {t.label}
                  <ExternalIcon className="mt-1 size-4 shrink-0 text-slate-400" />
                </span>
                <span className="text-xs text-slate-500">{t.description}</span>
              </a>
            ) : (
              <Link to={t.to} className={tileClass}>
                <span className="font-semibold text-slate-900">{t.label}</span>
                <span className="text-xs text-slate-500">{t.description}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
