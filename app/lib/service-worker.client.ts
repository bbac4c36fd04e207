/**
 * The panel's service worker (ADR 0063, public/sw.js): the offline page and the cards opened
 * before. Registered once the panel has loaded, so it never competes with the page itself; the
 * public card (no JavaScript) never registers it.
 */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const register = () => navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
