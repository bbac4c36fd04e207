import { lazy, Suspense, useState } from "react";
import { pageMessages } from "~/lib/i18n.server";
import { href, Link, Outlet, redirect, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { getApi } from "~/lib/request-context.server";
import { useHydrated } from "~/lib/use-hydrated";
import { useMediaQuery } from "~/lib/use-media-query";
import { redirectWithToast } from "~/lib/toast.server";
import { editorErrorWords, loadEditor } from "./card-editor.server";
import type { PreviewDraft } from "~/lib/card-editor";
import { EDITOR_SECTIONS, editorBaseFor, editorHref, type EditorSectionPath } from "~/lib/card-editor-links";
import { formatPhone } from "#contracts/phone.ts";
import { ADD_BUSINESS_FOR_CARD_HREF } from "~/lib/menu-links";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { CreateCardStep, OneCardPerBusinessDialog } from "~/components/card-editor/create-card";
import { PublicCardLink, SectionTabs } from "./section-nav";
import type { EditorOutlet } from "./editor-context";
import { cardState, cardStateLabelIn } from "#contracts/card-state.ts";

// Fetched once JavaScript runs (it is drawn only then): not part of the editor's first load.
const LivePreview = lazy(() => import("./live-preview"));

export const handle: PanelHandle = { title: "Digital business card" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Digital business card" }];

/** The business (`?businessId=`, else the active one) and its card, loaded once for every section. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { business, card } = await loadEditor(context, url);
  // The card lives on this agency's host: the same one the panel is on.
  const status = business ? cardState({ ...business, cardStatus: card?.status }, new Date()) : null;
  // Formatted here: the phone metadata stays on the server.
  const phoneText = card?.basicDetails.phoneNumber ? formatPhone(card.basicDetails.phoneNumber) : null;
  // The preview's fixed words in the owner's language (ADR 0066).
  const { card: cardText, cardEditor, home, cardThemes } = pageMessages(context, "card", "cardEditor", "home", "cardThemes");
  // Only the badge's words of the home page's namespace are sent.
  const statusLabel = status ? cardStateLabelIn(status, home) : null;
  // Only the card's own theme name of that namespace is sent (the overview's Template line).
  const themeName = card ? cardThemes.names[card.template] : null;
  return { t: { cardEditor }, pageTitle: cardEditor.title, business, card, status, themeName, host: url.host, publicUrl: card ? new URL(card.publicPath, url.origin).href : null, phoneText, cardText, statusLabel, errorWords: editorErrorWords(context) };
}

/** Create the card (the only write here; each section saves through its own route's action). */
export async function action({ request, url, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const { business } = await loadEditor(context, url);
  if (!business) throw redirect(href("/panel/customer/businesses/add"));
  const t = pageMessages(context, "cardEditor").cardEditor;
  if (formData.get("intent") !== "create-card") return { error: t.unknownAction };
  const res = await getApi(context).call("POST /createCard", { body: { businessId: business.businessId } });
  if (!res.ok) {
    return res.status === 409 ? { oneCardPerBusiness: res.message } : { error: res.message };
  }
  throw await redirectWithToast(editorHref("basic-details", business.businessId, editorBaseFor(url.pathname)), {
    type: "success",
    message: t.cardReady,
  });
}

function useCurrentSection(): EditorSectionPath | null {
  const { pathname } = useLocation();
  const last = pathname.slice(editorBaseFor(pathname).length + 1).split("/")[0];
  return EDITOR_SECTIONS.find((s) => s.path === last)?.path ?? null;
}

export default function CardEditorLayout({ loaderData, actionData }: Route.ComponentProps) {
  const { business, card, status, host, publicUrl, phoneText } = loaderData;
  const t = loaderData.t.cardEditor;
  const current = useCurrentSection();
  const base = editorBaseFor(useLocation().pathname);
  const hydrated = useHydrated();
  // Tailwind's `lg`, where the aside shows: a phone never fetches the preview or its pictures.
  const wide = useMediaQuery("(min-width: 64rem)");
  const [draft, setDraft] = useState<PreviewDraft | null>(null);

  if (!business) {
    return (
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">{t.addBusinessFirst}</h2>
        <p className="mt-2 text-slate-600">{t.addBusinessFirstBody}</p>
        <Link to={ADD_BUSINESS_FOR_CARD_HREF} className="mt-4 inline-block font-semibold text-brand-dark underline">
          {t.addBusiness}
        </Link>
      </Card>
    );
  }
  const oneCard = actionData && "oneCardPerBusiness" in actionData ? actionData.oneCardPerBusiness : null;
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  if (!card) {
    return (
      <>
        <CreateCardStep business={business} error={error} t={t} />
        {oneCard ? <OneCardPerBusinessDialog message={oneCard} closeTo={editorHref("", business.businessId, base)} t={t} /> : null}
      </>
    );
  }

  const outlet: EditorOutlet = { card, status: status!, businessId: business.businessId, host, publicUrl: publicUrl ?? card.publicPath, phoneText, setDraft, t, statusLabel: loaderData.statusLabel ?? undefined, themeName: loaderData.themeName ?? card.template, errorWords: loaderData.errorWords };
  const section = EDITOR_SECTIONS.find((s) => s.path === current);
  const label = section ? t.sections[section.key] : undefined;
  return (
    <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-6">
      <div className="min-w-0 space-y-4">
        <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <div className="min-w-0">
            <p className="truncate text-sm text-slate-500">{business.businessName}</p>
            <h2 className="text-lg font-semibold text-slate-900">{label ?? t.yourCard}</h2>
          </div>
          <PublicCardLink href={card.publicPath} className="text-sm lg:hidden" t={t} />
        </header>
        <SectionTabs current={current} businessId={business.businessId} t={t} />
        <Outlet context={outlet} />
      </div>
      <aside aria-label={t.livePreview} className="sticky top-4 hidden max-h-[calc(100dvh-2rem)] overflow-y-auto lg:block">
        <p className="mb-2 flex items-center justify-between text-sm text-slate-500">
          <span>{t.livePreview}</span>
          <PublicCardLink href={card.publicPath} className="text-sm" t={t} />
        </p>
        {/* Drawn once JavaScript runs: the aside is hidden on phones, where its ~350 elements were a
            third of every editor page for nothing (ADR 0026). Without JavaScript: the card itself. */}
        {hydrated ? (
          wide ? (
            <Suspense fallback={null}>
              <LivePreview card={card} draft={draft} businessName={business.businessName} text={loaderData.cardText} label={t.cardPreview} />
            </Suspense>
          ) : null
        ) : (
          <noscript>
            <iframe src={card.publicPath} title={t.cardPreview} loading="lazy" className="h-[75dvh] w-full rounded-[1.75rem] bg-white ring-1 ring-slate-300" />
          </noscript>
        )}
      </aside>
      {oneCard ? <OneCardPerBusinessDialog message={oneCard} closeTo={editorHref("", business.businessId, base)} t={t} /> : null}
    </div>
  );
}
