import { href, useLocation } from "react-router";
import { LANGUAGES, LANGUAGE_NAMES, type Language } from "#contracts/i18n/languages.ts";

/**
 * The language switch (ADR 0066): one button per language, each named in its own script (so
 * anyone finds theirs), in a plain form that works without JavaScript and brings the same page
 * back in the chosen language. The current one is marked, not a button.
 */
export function LanguageSwitch({ current, label, className = "" }: { current: Language; label: string; className?: string }) {
  const { pathname, search } = useLocation();
  return (
    <form method="post" action={href("/panel/language")} className={className} aria-label={label}>
      <input type="hidden" name="returnTo" value={pathname + search} />
      <p className="text-xs font-medium text-slate-500">{label}</p>
      <ul className="mt-1 flex flex-wrap gap-1.5">
        {LANGUAGES.map((code) => (
          <li key={code}>
            {code === current ? (
              <span lang={code} aria-current="true" className="inline-block rounded-full bg-brand-dark px-3 py-1.5 text-sm font-semibold text-white">
                {LANGUAGE_NAMES[code]}
              </span>
            ) : (
              <button
                type="submit"
                name="language"
                value={code}
                lang={code}
                className="rounded-full px-3 py-1.5 text-sm text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
              >
                {LANGUAGE_NAMES[code]}
              </button>
            )}
          </li>
        ))}
      </ul>
    </form>
  );
}
