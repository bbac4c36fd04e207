import { useEffect, useRef } from "react";
import { Form, href, useLocation, useNavigate } from "react-router";
import { PanelLink } from "./panel-link";
import { CloseIcon, ExternalIcon } from "./icons";
import { useShellText } from "~/lib/i18n";

/**
 * The right-side menu drawer (280 px). Open via React state with JavaScript, or via the
 * `#menu` fragment and CSS `:target` without it; the close links target `#close`, an
 * id that does not exist, so the page does not jump.
 */
export function Drawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: React.ReactNode }) {
  const closeRef = useRef<HTMLAnchorElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const shell = useShellText();

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  const close = (e: React.MouseEvent) => {
    e.preventDefault();
    onClose();
    // Opened by fragment before JavaScript loaded: drop the fragment so :target lets go.
    if (location.hash === "#menu") navigate({ pathname: location.pathname, search: location.search }, { replace: true, preventScrollReset: true });
  };

  return (
    <div id="menu" className={`fixed inset-0 z-40 justify-end target:flex ${open ? "flex" : "hidden"}`}>
      <a href="#close" tabIndex={-1} aria-hidden="true" className="absolute inset-0 bg-black/40" onClick={close} />
      <nav aria-label={shell.menu} className="relative flex h-full w-[280px] max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl">
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
          <span className="font-semibold text-slate-900">{shell.menu}</span>
          <a ref={closeRef} href="#close" role="button" aria-label={shell.closeMenu} onClick={close} className="-mr-2 inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100">
            <CloseIcon />
          </a>
        </div>
        <div className="flex-1 py-2">{children}</div>
      </nav>
    </div>
  );
}

import type { MenuLink } from "~/lib/menu-links";

type Item = MenuLink;
const itemClass = "flex items-center justify-between gap-2 px-4 py-3 text-slate-800 hover:bg-slate-100";

/** One menu item from the API: external ones open in a new tab. */
export function DrawerItem({ item, indent = false }: { item: Item; indent?: boolean }) {
  const location = useLocation();
  const shell = useShellText();
  const pad = indent ? " pl-8" : "";
  if (item.external) {
    return (
      <a href={item.to} target="_blank" rel="noopener noreferrer" className={itemClass + pad}>
        <span>{item.label}</span>
        <ExternalIcon className="size-4 text-slate-400" />
        <span className="sr-only">{shell.opensInNewTab}</span>
      </a>
    );
  }
  // Several items share a path and differ by query (projects?projectType=…): compare both.
  const current = item.to.includes("?") ? location.pathname + location.search : location.pathname;
  const active = current === item.to;
  return (
    <PanelLink to={item.to} aria-current={active ? "page" : undefined} className={`${itemClass}${pad} ${active ? "bg-brand/10 font-semibold text-brand-dark" : ""}`}>
      {item.label}
    </PanelLink>
  );
}

/** A collapsible group (a <details>, so it works without JavaScript). */
export function DrawerGroup({ title, items, open }: { title: string; items: Item[]; open?: boolean }) {
  if (!items.length) return null;
  return (
    <details open={open} className="group border-t border-slate-100">
      <summary className={`${itemClass} cursor-pointer list-none font-medium [&::-webkit-details-marker]:hidden`}>
        {title}
        <span aria-hidden="true" className="text-slate-400 transition-transform group-open:rotate-90">
          ›
        </span>
      </summary>
      <div className="pb-1">
        {items.map((i) => (
          <DrawerItem key={i.key} item={i} indent />
        ))}
      </div>
    </details>
  );
}

/** Logout is a POST (a GET link could be triggered by any page). */
export function LogoutForm() {
  const shell = useShellText();
  return (
    <Form method="post" action={href("/panel/logout")} className="border-t border-slate-100">
      <button type="submit" className={`${itemClass} w-full text-left text-red-700`}>
        {shell.logout}
      </button>
    </Form>
  );
}
