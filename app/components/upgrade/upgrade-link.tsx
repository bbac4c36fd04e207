import { useUpgradeNavigation } from "./use-upgrade-hash";
import { PLANS_TRIGGER_HREF } from "./upgrade-paths";

/**
 * A trigger for #upgrade ('Pricing', 'Renew'): a real link to the plans page (no JavaScript);
 * with JavaScript it sets the hash on the current page instead.
 */
export function UpgradeLink({ className, children }: { className?: string; children: React.ReactNode }) {
  const { openUpgrade } = useUpgradeNavigation();
  return (
    <a
      href={PLANS_TRIGGER_HREF}
      className={className}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        openUpgrade();
      }}
    >
      {children}
    </a>
  );
}
