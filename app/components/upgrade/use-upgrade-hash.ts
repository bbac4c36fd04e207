import { useCallback, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";

/** SPEC §2: the premium upgrade dialog is open while the URL's hash is #upgrade. */
export const UPGRADE_HASH = "#upgrade";

/**
 * Whether #upgrade is open, re-read on every location change and every hashchange (a plain
 * `<a href="#upgrade">` or the address bar). False on the server and while hydrating: the
 * server never sees the hash.
 */
export function useUpgradeHash() {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const read = () => setOpen(window.location.hash === UPGRADE_HASH);
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, [location.key, location.hash]);
  return open;
}

/** Opening sets the hash on the current page (a history entry); closing goes back. */
export function useUpgradeNavigation() {
  const navigate = useNavigate();
  const location = useLocation();
  const openUpgrade = useCallback(() => {
    if (window.location.hash === UPGRADE_HASH) return;
    navigate({ pathname: location.pathname, search: location.search, hash: UPGRADE_HASH });
  }, [navigate, location.pathname, location.search]);
  const closeUpgrade = useCallback(() => {
    if (window.location.hash !== UPGRADE_HASH) return;
    // Opened inside the app: history back. Arrived with #upgrade in the address: drop the hash.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate({ pathname: location.pathname, search: location.search, hash: "" }, { replace: true });
  }, [navigate, location.pathname, location.search]);
  return { openUpgrade, closeUpgrade };
}
