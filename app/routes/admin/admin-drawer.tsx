import { href, Link } from "react-router";
import type { StaffActor } from "~/lib/context";
import { staffMenuLinks } from "~/lib/menu-links";
import { DrawerItem, LogoutForm } from "~/components/drawer";
import { LanguageSwitch } from "~/components/language-switch";
import { useLanguage, useShellText } from "~/lib/i18n";

/** SPEC §2 Admin drawer: the API's menu in order (gating lives there), then Logout. */
export function AdminDrawer({ actor, text }: { actor: StaffActor; text: { defaultLanguage: string; cardThemes: string } }) {
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
      {/* Not in SPEC §2's drawer: the agency's default language, for its admin (ADR 0066). */}
      {actor.franchisee.roles.includes("admin") ? (
        <Link to={href("/panel/admin/language")} className="block border-t border-slate-100 px-4 py-3 text-slate-800 hover:bg-slate-100">
          {text.defaultLanguage}
        </Link>
      ) : null}
      {/* Not in SPEC §2's drawer either: the themes the agency offers its customers (ADR 0070). */}
      {actor.franchisee.roles.includes("admin") ? (
        <Link to={href("/panel/admin/card-themes")} className="block border-t border-slate-100 px-4 py-3 text-slate-800 hover:bg-slate-100">
          {text.cardThemes}
        </Link>
      ) : null}
      <LanguageSwitch current={lang} label={shell.language} className="border-t border-slate-100 px-4 py-3" />
      <LogoutForm />
    </>
  );
}
