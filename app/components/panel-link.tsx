import { useEffect } from "react";
import { useNavigate } from "react-router";

/**
 * An in-panel link for lists of many (the menu, the editor's sections): a plain `<a>` whose
 * clicks `usePanelLinks` turns into client navigations. React Router's `<Link>` runs several
 * hooks per link on every server render; a page with dozens of them paid for it (ADR 0026).
 * Without JavaScript it is an ordinary link, as `<Link>` is.
 */
export function PanelLink({ to, ...props }: Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string }) {
  return <a href={to} data-panel-link="" {...props} />;
}

/** One listener for every PanelLink on the page: a plain left click navigates in the app. */
export function usePanelLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[data-panel-link]");
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = url.pathname + url.search + url.hash;
      // As <Link> does: the page you are on is replaced, not stacked in history again.
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(to, { replace: to === here });
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
