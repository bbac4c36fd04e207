import { Link } from "react-router";
import type { Route } from "./+types/home";
import { getSession, getStaff } from "~/lib/request-context.server";
import type { PanelHandle } from "~/lib/page";
import { staffMenuLinks } from "~/lib/menu-links";
import { Card } from "~/components/panel-shell";
import { ExternalIcon } from "~/components/icons";

export const handle: PanelHandle = { title: "Home", isHome: true };
export const meta = () => [{ title: "Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  const actor = getStaff(context);
  const { agency } = getSession(context);
  return {
    name: actor.franchisee.name,
    roles: actor.franchisee.roles,
    agencyName: agency.agencyName,
    // Home is where we are: the tiles are everything else on the API's menu.
    tiles: staffMenuLinks(actor.menu).filter((i) => i.key !== "home"),
  };
}

const tileClass = "flex h-full items-start justify-between gap-2 rounded-2xl bg-white p-4 font-semibold text-slate-900 shadow-sm ring-1 ring-slate-200 hover:ring-brand";

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">Welcome, {loaderData.name}</h2>
        <p className="mt-1 text-sm text-slate-600">{loaderData.agencyName}</p>
        <ul aria-label="Your roles" className="mt-3 flex flex-wrap gap-2">
          {loaderData.roles.map((r) => (
            <li key={r} className="rounded-full bg-brand/10 px-2.5 py-0.5 text-xs font-medium text-brand-dark">
              {r}
            </li>
          ))}
        </ul>
      </Card>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {loaderData.tiles.map((t) => (
          <li key={t.key}>
            {t.external ? (
              <a href={t.to} target="_blank" rel="noopener noreferrer" className={tileClass}>
                {t.label}
                <ExternalIcon className="mt-1 size-4 shrink-0 text-slate-400" />
              </a>
            ) : (
              <Link to={t.to} className={tileClass}>
                {t.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
