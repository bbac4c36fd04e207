import { href, Link } from "react-router";
import type { CustomerActor } from "~/lib/context";
import { customerLoggedInAs } from "~/lib/actor";
import { customerMenuLinks } from "~/lib/menu-links";
import { DrawerGroup, LogoutForm } from "~/components/drawer";
import { UpgradeLink } from "~/components/upgrade/upgrade-link";
import { LanguageSwitch } from "~/components/language-switch";
import { useLanguage, useShellText } from "~/lib/i18n";

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
  const shell = useShellText();
  const lang = useLanguage();
  return (
    <>
      <div className="space-y-3 px-4 pb-3">
        <div>
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{shell.loggedInAs}</p>
          <p className="font-medium break-all text-slate-900">{customerLoggedInAs(user)}</p>
        </div>
        {business ? (
          <div>
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{shell.activeBusiness}</p>
            <p className="font-medium text-slate-900">{business.businessName}</p>
            {business.category ? <p className="text-sm text-slate-600">{business.category}</p> : null}
          </div>
        ) : null}
      </div>
      <DrawerGroup title={shell.myProjects} items={customerMenuLinks(menu.myProjects, user.preference.activeBusinessId)} open />
      <DrawerGroup title={shell.create} items={customerMenuLinks(menu.create, user.preference.activeBusinessId)} />
      <UpgradeLink className={`${rowClass} border-t border-slate-100`}>{shell.pricing}</UpgradeLink>
      {/* Not in SPEC §2's drawer: the paid plans' receipts, found again after the thank-you page (ADR 0035). */}
      {business ? (
        <Link to={href("/panel/customer/receipts")} className={`${rowClass} border-t border-slate-100`}>
          {shell.receipts}
        </Link>
      ) : null}
      {/* Not in SPEC §2's drawer either: the codes, poster and Wallet link of issue 26 (ADR 0062). */}
      {business ? (
        <Link to={href("/panel/customer/share-kit")} className={`${rowClass} border-t border-slate-100`}>
          {shell.shareKit}
        </Link>
      ) : null}
      <LanguageSwitch current={lang} label={shell.language} className="border-t border-slate-100 px-4 py-3" />
      <LogoutForm />
    </>
  );
}
