import { PanelLink } from "~/components/panel-link";
import { ChevronIcon, ExternalIcon } from "~/components/icons";
import { useLocation } from "react-router";
import type { EditorText } from "./editor-context";
import { EDITOR_SECTIONS, editorBaseFor, editorHref as hrefIn, type EditorSectionPath } from "~/lib/card-editor-links";

/** editorHref inside whichever editor (customer or staff) this page is in. */
function useEditorHref() {
  const base = editorBaseFor(useLocation().pathname);
  return (path: EditorSectionPath | "", businessId: number) => hrefIn(path, businessId, base);
}

/**
 * The editor's sections: tabs on wide screens; on a phone a back link to the list (the
 * editor's start page lists every section).
 */
export function SectionTabs({ current, businessId, t }: { current: EditorSectionPath | null; businessId: number; t: EditorText }) {
  const editorHref = useEditorHref();
  return (
    <>
      <nav aria-label={t.cardSections} className="hidden lg:block">
        <ul className="flex flex-wrap gap-1.5">
          <li>
            <PanelLink to={editorHref("", businessId)} aria-current={current === null ? "page" : undefined} className={tab(current === null)}>
              {t.overview}
            </PanelLink>
          </li>
          {EDITOR_SECTIONS.map((s) => (
            <li key={s.path}>
              <PanelLink to={editorHref(s.path, businessId)} aria-current={current === s.path ? "page" : undefined} className={tab(current === s.path)}>
                {t.sections[s.key]}
              </PanelLink>
            </li>
          ))}
        </ul>
      </nav>
      {current ? (
        <PanelLink to={editorHref("", businessId)} className="inline-flex items-center gap-1 text-sm font-medium text-brand-dark lg:hidden">
          <ChevronIcon className="size-4 rotate-180" /> {t.allSections}
        </PanelLink>
      ) : null}
    </>
  );
}

const tab = (on: boolean) =>
  `block rounded-full px-3 py-1.5 text-sm whitespace-nowrap ring-1 ${on ? "bg-brand-dark text-white ring-brand" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`;

/** Every section as a list of links with a one-line summary (the editor's start page). */
export function SectionList({ businessId, summaries, t }: { businessId: number; summaries: Partial<Record<EditorSectionPath, string>>; t: EditorText }) {
  const editorHref = useEditorHref();
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {EDITOR_SECTIONS.map((s) => (
        <li key={s.path}>
          <PanelLink to={editorHref(s.path, businessId)} className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50">
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-slate-900">{t.sections[s.key]}</span>
              <span className="block truncate text-sm text-slate-500">{summaries[s.path] ?? t.sections[`${s.key}Hint`]}</span>
            </span>
            <ChevronIcon className="size-5 text-slate-400" />
          </PanelLink>
        </li>
      ))}
    </ul>
  );
}

/** The public card: on a phone the preview is this link (a new tab). */
export function PublicCardLink({ href, className = "", t }: { href: string; className?: string; t: EditorText }) {
  return (
    <a href={href} target="_blank" rel="noreferrer" className={`inline-flex items-center gap-1 font-medium text-brand-dark underline ${className}`}>
      {t.preview} <ExternalIcon className="size-4" />
      <span className="sr-only">{t.opensInNewTab}</span>
    </a>
  );
}
