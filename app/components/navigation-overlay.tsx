import { useEffect, useState } from "react";
import { href, useNavigation } from "react-router";
import { Spinner } from "./icons";

export const SWITCH_BUSINESS_ACTION = href("/panel/customer/switch-business");
const DELAY_MS = 300; // fast navigations should not flash an overlay

function Overlay({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={label}
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-4 bg-white/80 backdrop-blur-[1px]"
    >
      {children}
    </div>
  );
}

/**
 * Full-screen loading overlay for navigations slower than 300 ms. The logo only on the
 * product's main host (agencies have their own brand), otherwise a spinner.
 * Switching business has its own overlay (see SwitchingBusinessOverlay).
 */
export function NavigationOverlay({ isMainHost }: { isMainHost: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction !== SWITCH_BUSINESS_ACTION;
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShow(false);
      return;
    }
    const t = setTimeout(() => setShow(true), DELAY_MS);
    return () => clearTimeout(t);
  }, [busy]);
  if (!show) return null;
  return (
    <Overlay label="Loading">
      {isMainHost ? <img src="/logo.svg" alt="" className="size-16 animate-pulse" /> : <Spinner />}
    </Overlay>
  );
}

/** Shown at once while the active-business preference is being saved. */
export function SwitchingBusinessOverlay({ text = "Switching Business..." }: { text?: string }) {
  return (
    <Overlay label={text}>
      <Spinner />
      <p className="text-base font-medium text-slate-700">{text}</p>
    </Overlay>
  );
}
