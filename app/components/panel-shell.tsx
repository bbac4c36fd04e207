import { useCallback, useState } from "react";
import { useLocation } from "react-router";
import { usePanelPage } from "~/lib/page";
import { TopBar } from "./top-bar";
import { Drawer } from "./drawer";
import { usePanelLinks } from "./panel-link";

/**
 * The signed-in frame: top bar (title and back button from the matched route's handle or
 * loader data), the right-side drawer, and the page. `extraBottomMargin` keeps content
 * clear of the pages' bottom bars (SPEC §9: 65 px).
 */
export function PanelShell({
  homePath,
  drawer,
  topBarBelow,
  notifications,
  extraBottomMargin = false,
  children,
}: {
  homePath: string;
  drawer: React.ReactNode;
  topBarBelow?: React.ReactNode;
  notifications?: React.ReactNode;
  extraBottomMargin?: boolean;
  children: React.ReactNode;
}) {
  const { title, isHome } = usePanelPage();
  // The drawer is open for the location it was opened at: any navigation (a hash change like
  // #upgrade too) closes it. Derived, not reset by an effect: a mount effect's reset could land
  // after a click that came just after hydration and shut the drawer it had just opened.
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const close = useCallback(() => setOpenAt(null), []);
  usePanelLinks();

  return (
    <div className="min-h-dvh">
      <TopBar title={title} showBack={!isHome} homePath={homePath} menuOpen={open} onOpenMenu={() => setOpenAt(location.key)} below={topBarBelow} notifications={notifications} />
      <main className={`mx-auto w-full max-w-5xl px-4 py-4 ${extraBottomMargin ? "mb-[65px]" : ""}`}>{children}</main>
      <Drawer open={open} onClose={close}>
        {drawer}
      </Drawer>
    </div>
  );
}

/** A plain content card used by the panel pages. */
export function Card({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return <section className={`rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 ${className}`}>{children}</section>;
}

/** The honest placeholder for parts of the panel that come in later issues. */
export function NotBuilt({ title, body = "This part of the panel is not built yet.", children }: { title: string; body?: string; children?: React.ReactNode }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-2 text-slate-600">{body}</p>
      {children}
    </Card>
  );
}

/** A path inside the panel that does not exist (or is not on this person's menu). */
export function PanelNotFound({ words }: { words?: { notFound: string; notFoundBody: string } }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{words?.notFound ?? "Not found"}</h2>
      <p className="mt-2 text-slate-600">{words?.notFoundBody ?? "We could not find that page."}</p>
    </Card>
  );
}
