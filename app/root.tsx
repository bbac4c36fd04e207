import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { useEffect, useState } from "react";
import type { Route } from "./+types/root";
import { requestContextMiddleware, getSession } from "./lib/request-context.server";
import { formGuardMiddleware } from "./lib/form-guard.server";
import { getToast } from "./lib/toast.server";
import { NavigationOverlay } from "./components/navigation-overlay";
import { Snackbar } from "./components/snackbar";
import { ErrorView } from "./components/error-view";
import { rememberFormPosts, restoreDraft } from "./lib/form-draft.client";
import { installActivityTracking, isCustomerPath, touchSession } from "./lib/analytics.client";
import { brandThemeCss, DEFAULT_THEME_COLOR } from "./lib/branding";
import { messagesFor } from "#contracts/i18n/messages.ts";
// A URL, not a side-effect import: the stylesheet is rendered with a precedence (Layout) so React
// puts it before the hoisted modulepreloads, and a slow phone paints without waiting for 36 scripts.
import appStylesheet from "./app.css?url";

export const middleware: Route.MiddlewareFunction[] = [formGuardMiddleware, requestContextMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context);
  const { toast, headers } = await getToast(request);
  // The API chose the language (ADR 0066): `<html lang dir>` and the shell's words with every page.
  const { code: lang, dir } = session.language;
  return data(
    {
      nonce: request.headers.get("x-csp-nonce") ?? undefined,
      agency: session.agency,
      lang,
      dir,
      shell: messagesFor(lang, "shell").shell,
      // The dialogs' own words (Error, Ok, Confirm…): every page may show one, error boundaries too.
      dialogs: messagesFor(lang, "dialogs").dialogs,
      toast,
      // Read here, in a server-only loader, so the DSN comes from the server's environment at
      // run time (not baked into the client bundle); it is public by design (Sentry DSNs are
      // meant to be embedded in pages) and reaches the browser only through this loader data.
      sentryDsn: process.env.SENTRY_DSN || undefined,
    },
    { headers: headers ?? undefined },
  );
}

/** Pages without a title of their own take the agency's (ADR 0019). */
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.agency.branding.metaTitle ?? "Card Panel" }];
}

/**
 * Pages that ship no JavaScript bundle say so in their `handle`: the public card (ADR 0008) none
 * at all, the sign-in pages only a `script` of a few hundred bytes, inline (ADR 0046).
 */
export type NoScriptsHandle = { noScripts?: boolean; script?: string };
const useNoScripts = () => {
  const handle = useMatches().find((m) => (m.handle as NoScriptsHandle | undefined)?.noScripts === true)?.handle as NoScriptsHandle | undefined;
  return { noScripts: !!handle, script: handle?.script };
};

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { noScripts, script } = useNoScripts();
  // A page in its own language (the public card follows its visitor, ADR 0066) says so in its data.
  const pageLang = useMatches()
    .map((m) => (m.loaderData as { htmlLang?: string } | undefined)?.htmlLang)
    .find((l) => typeof l === "string");
  // Pages with no JavaScript at all set their own theme colour and description (the public card).
  const ownHead = noScripts && !script;
  // The agency's branding (ADR 0019): colours, favicon, description; none set, the default look.
  const branding = root?.agency.branding;
  const brandCss = brandThemeCss(branding?.primaryColor);
  return (
    <html lang={pageLang ?? root?.lang ?? "en"} dir={root?.dir ?? "ltr"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {ownHead ? null : <meta name="theme-color" content={branding?.primaryColor ?? DEFAULT_THEME_COLOR} />}
        {branding?.faviconUrl ? <link rel="icon" href={branding.faviconUrl} /> : <link rel="icon" href="/favicon.svg" type="image/svg+xml" />}
        {/* The installable panel (ADR 0063); the public card is not an app of its own. */}
        {ownHead ? null : <link rel="manifest" href="/api/v1/web-app/manifest.webmanifest" />}
        {branding?.metaDescription && !ownHead ? <meta name="description" content={branding.metaDescription} /> : null}
        <link rel="stylesheet" href={appStylesheet} precedence="default" />
        {brandCss ? <style id="brand-theme">{brandCss}</style> : null}
        {root?.sentryDsn && !noScripts ? <meta name="sentry-dsn" content={root.sentryDsn} /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {/* Last in the body, so it runs once the page is parsed; React never hydrates these pages. */}
        {script ? <script nonce={root?.nonce} dangerouslySetInnerHTML={{ __html: script }} /> : null}
        {noScripts ? null : (
          <>
            <ScrollRestoration nonce={root?.nonce} />
            <Scripts nonce={root?.nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { isMainHost } = loaderData.agency;
  const { pathname, search } = useLocation();
  const { noScripts } = useNoScripts();
  const [restored, setRestored] = useState(0);
  useEffect(() => installActivityTracking(isMainHost), [isMainHost]);
  useEffect(() => rememberFormPosts(), []);
  // Back after signing in again: what the user had typed goes back into the form (ADR 0012).
  useEffect(() => {
    if (restoreDraft()) setRestored(Date.now());
  }, [pathname, search]);
  useEffect(() => {
    if (isCustomerPath(pathname)) touchSession(isMainHost);
  }, [pathname, isMainHost]);
  // No panel chrome (loading overlay) on pages without JavaScript; a toast still shows (it needs none).
  if (noScripts)
    return (
      <>
        <Outlet />
        {loaderData.toast ? <Snackbar key={loaderData.toast.id} type={loaderData.toast.type} message={loaderData.toast.message} /> : null}
      </>
    );
  return (
    <>
      <Outlet />
      <NavigationOverlay isMainHost={loaderData.agency.isMainHost} />
      {loaderData.toast ? <Snackbar key={loaderData.toast.id} type={loaderData.toast.type} message={loaderData.toast.message} /> : null}
      {restored ? <Snackbar key={restored} top type="info" message={loaderData.shell.keptDraft} /> : null}
    </>
  );
}

/** The last error boundary (the panels' layouts have their own, inside their frame): see ErrorView. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorView error={error} />;
}
