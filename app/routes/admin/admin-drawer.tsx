import type { StaffActor } from "~/lib/context";
import { staffMenuLinks } from "~/lib/menu-links";
import { DrawerItem, LogoutForm } from "~/components/drawer";
import { LanguageSwitch } from "~/components/language-switch";
import { useLanguage, useShellText } from "~/lib/i18n";

/** SPEC §2 Admin drawer: the API's menu in order (gating lives there), then Logout. */
export function AdminDrawer({ actor }: { actor: StaffActor }) {
  const shell = useShellText();
  const lang = useLanguage();
  return (
    <>
      <div className="px-4 pb-3">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{shell.loggedInAs}</p>
        <p className="font-medium text-slate-900">{actor.franchisee.name}</p>
        <p className="text-sm text-slate-600">+91 {actor.franchisee.phoneNumber}</p>
      </div>
      <div className="border-t border-slate-100">
        {staffMenuLinks(actor.menu).map((item) => (
          <DrawerItem key={item.key} item={item} />
        ))}
      </div>
      <LanguageSwitch current={lang} label={shell.language} className="border-t border-slate-100 px-4 py-3" />
      <LogoutForm />
    </>
  );
}
