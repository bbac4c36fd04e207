import type { StaffActor } from "~/lib/context";
import { staffMenuLinks } from "~/lib/menu-links";
import { DrawerItem, LogoutForm } from "~/components/drawer";

/** SPEC §2 Admin drawer: the API's menu in order (gating lives there), then Logout. */
export function AdminDrawer({ actor }: { actor: StaffActor }) {
  return (
    <>
      <div className="px-4 pb-3">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Logged in as</p>
        <p className="font-medium text-slate-900">{actor.franchisee.name}</p>
        <p className="text-sm text-slate-600">+91 {actor.franchisee.phoneNumber}</p>
      </div>
      <div className="border-t border-slate-100">
        {staffMenuLinks(actor.menu).map((item) => (
          <DrawerItem key={item.key} item={item} />
        ))}
      </div>
      <LogoutForm />
    </>
  );
}
