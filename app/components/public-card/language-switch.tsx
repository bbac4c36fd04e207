import { LANGUAGE_NAMES, type Language } from "#contracts/i18n/languages.ts";

/**
 * A card in two languages (ADR 0075): one link to the other one, in that language's own name.
 * A plain link (`?lang=`), so it works on the card's script-free page.
 */
export function LanguageSwitch({ to, href, label }: { to: Language; href: string; label: string }) {
  return (
    <nav aria-label={label} className="bg-slate-100">
      <div className="mx-auto flex max-w-md justify-end px-3 pt-2">
        <a href={href} hrefLang={to} lang={to} className="rounded-full bg-white px-3 py-1 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 underline-offset-2 hover:underline">
          {LANGUAGE_NAMES[to]}
        </a>
      </div>
    </nav>
  );
}

/** Where the switch leads: the same page with the other language, other query kept (a card's `?src=`). */
export function languageSwitchTarget(languages: { primary: Language; second: Language; shown: Language } | null | undefined, url: URL) {
  if (!languages || languages.primary === languages.second) return null;
  const to = languages.shown === languages.second ? languages.primary : languages.second;
  const next = new URL(url);
  next.searchParams.set("lang", to);
  next.searchParams.delete("sent");
  return { to, href: `${next.pathname}${next.search}` };
}
