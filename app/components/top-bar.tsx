import { PanelLink } from "./panel-link";
import { useHistoryBack } from "~/lib/use-history-back";
import { BackIcon, BellIcon, MenuIcon } from "./icons";
import { useAgency } from "~/lib/root-data";
import { brandName } from "~/lib/branding";
import { useShellText } from "~/lib/i18n";

const iconButton = "inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand";

/** Back: history with JavaScript (when there is somewhere to go back to), else the panel home. */
function BackButton({ homePath }: { homePath: string }) {
  const goBack = useHistoryBack();
  const shell = useShellText();
  return (
    <PanelLink
      to={homePath}
      aria-label={shell.back}
      className={iconButton}
      onClick={goBack}
    >
      <BackIcon />
    </PanelLink>
  );
}

/** A bell that is a link to a page of notifications (the customer's, ADR 0043): it works without JavaScript. */
export function BellLink({ to }: { to: string }) {
  const shell = useShellText();
  return (
    <PanelLink to={to} aria-label={shell.notifications} className={iconButton}>
      <BellIcon />
    </PanelLink>
  );
}

export function TopBar({
  title,
  showBack,
  homePath,
  menuOpen,
  onOpenMenu,
  below,
  notifications,
}: {
  title?: string;
  showBack: boolean;
  homePath: string;
  menuOpen: boolean;
  onOpenMenu: () => void;
  /** A second row (the customer's business selector). */
  below?: React.ReactNode;
  /** The panel's own notification area (staff: its list; customer: a link to their page). */
  notifications?: React.ReactNode;
}) {
  // An agency's own logo (UI customisation, ADR 0019); none set, the bar stays as it was.
  const agency = useAgency();
  const shell = useShellText();
  const logo = agency?.branding.logoUrl;
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex min-h-14 max-w-5xl items-center gap-1 px-2">
        {showBack ? <BackButton homePath={homePath} /> : <span className="w-2" aria-hidden="true" />}
        {logo && agency ? <img src={logo} alt={brandName(agency)} className="size-8 shrink-0 rounded-md object-contain" /> : null}
        {/* A long title wraps to a second line on a 360 px phone rather than losing its end. */}
        <h1 className="line-clamp-2 min-w-0 flex-1 px-1 text-base leading-tight font-semibold text-balance text-slate-900 sm:text-lg">{title}</h1>
        {notifications}
        {/* A #menu link so the drawer opens with CSS :target when JavaScript is off. */}
        <a
          href="#menu"
          role="button"
          aria-label={shell.openMenu}
          aria-controls="menu"
          aria-expanded={menuOpen}
          className={iconButton}
          onClick={(e) => {
            e.preventDefault();
            onOpenMenu();
          }}
        >
          <MenuIcon />
        </a>
      </div>
      {below ? <div className="mx-auto max-w-5xl px-3 pb-2">{below}</div> : null}
    </header>
  );
}
