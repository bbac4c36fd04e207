import { href, Link } from "react-router";
import type { CustomerActor } from "~/lib/context";
import { customerLoggedInAs } from "~/lib/actor";
import { customerMenuLinks } from "~/lib/menu-links";
import { DrawerGroup, LogoutForm } from "~/components/drawer";
import { UpgradeLink } from "~/components/upgrade/upgrade-link";

const rowClass = "block px-4 py-3 text-slate-800 hover:bg-slate-100";

/** SPEC §2 Customer drawer; the groups' items come from the API (menu gating lives there). */
export function CustomerDrawer({
  actor,
  business,
}: {
  actor: CustomerActor;
  business: { businessName: string; category: string | null } | null;
}) {
  const { user, menu } = actor;
  return (
    <>
      <div className="space-y-3 px-4 pb-3">
        <div>
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Logged in as</p>
          <p className="font-medium break-all text-slate-900">{customerLoggedInAs(user)}</p>
        </div>
        {business ? (
          <div>
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Active business</p>
            <p className="font-medium text-slate-900">{business.businessName}</p>
            {business.category ? <p className="text-sm text-slate-600">{business.category}</p> : null}
          </div>
        ) : null}
      </div>
      <DrawerGroup title="My Projects" items={customerMenuLinks(menu.myProjects, user.preference.activeBusinessId)} open />
      <DrawerGroup title="Create" items={customerMenuLinks(menu.create, user.preference.activeBusinessId)} />
      <UpgradeLink className={`${rowClass} border-t border-slate-100`}>Pricing</UpgradeLink>
      {/* Not in SPEC §2's drawer: the paid plans' receipts, found again after the thank-you page (ADR 0035). */}
      {business ? (
        <Link to={href("/panel/customer/receipts")} className={`${rowClass} border-t border-slate-100`}>
          Receipts
        </Link>
      ) : null}
      {/* Not in SPEC §2's drawer either: the codes, poster and Wallet link of issue 26 (ADR 0062). */}
      {business ? (
        <Link to={href("/panel/customer/share-kit")} className={`${rowClass} border-t border-slate-100`}>
          Offline share kit
        </Link>
      ) : null}
      <LogoutForm />
    </>
  );
}
