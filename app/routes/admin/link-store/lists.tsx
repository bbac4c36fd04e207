import { Link } from "react-router";
import { Card } from "~/components/panel-shell";
import { GENERIC_LINK_ICON, type LinkCategory, type LinkType } from "#contracts/link-store.ts";
import { Pager } from "~/components/pager";
import { fmt } from "#contracts/i18n/fmt.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

/** The Link Store page's two lists; every action is a link to a URL step (edit, delete). */

const small = "rounded-lg px-3 py-1.5 text-sm font-semibold ring-1";
type Step = (step: Record<string, string | number>) => string;
type T = Catalogue["staffLinkStore"];

export function TypeList({
  d,
  state,
  filtered,
  stepUrl,
  pageUrl,
  t,
  common,
}: {
  d: { types: LinkType[]; categories: LinkCategory[]; total: number; pages: number };
  state: { page: number };
  filtered: boolean;
  stepUrl: Step;
  pageUrl: (page: number) => string;
  /** The lists' words in the page's language (ADR 0066). */
  t: T;
  common: Catalogue["staffCommon"];
}) {
  return (
    <section aria-labelledby="types-h" className="space-y-2">
      <h2 id="types-h" className="font-semibold text-slate-900">
        {fmt(t.typesHeading, { total: d.total })}
      </h2>
      {d.types.length ? (
        <ul aria-label={t.typesList} className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200">
          {d.types.map((lt) => (
            <li key={lt.linkTypeId} className="flex flex-wrap items-center gap-3 p-3">
              <img src={lt.iconUrl ?? GENERIC_LINK_ICON} alt="" width={28} height={28} className="size-7 shrink-0 object-contain" />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-slate-900">{lt.name}</p>
                <p className="text-xs break-all text-slate-600">
                  {lt.categoryName} · {lt.fieldType === "tel" ? t.phoneNumber : t.usernameOrLink}
                  {lt.urlPrefix ? ` · ${lt.urlPrefix}` : ""}
                </p>
              </div>
              <div className="flex gap-2">
                <Link to={stepUrl({ editType: lt.linkTypeId })} aria-label={fmt(t.editNamed, { name: lt.name })} className={`${small} text-brand-dark ring-slate-300 hover:bg-slate-50`}>
                  {t.edit}
                </Link>
                <Link to={stepUrl({ deleteType: lt.linkTypeId })} preventScrollReset aria-label={fmt(t.deleteNamed, { name: lt.name })} className={`${small} text-red-700 ring-red-200 hover:bg-red-50`}>
                  {t.delete}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <Card>
          <p className="text-sm text-slate-600">
            {filtered ? t.noTypeMatch : d.categories.length ? t.noTypesYet : t.categoryFirst}
          </p>
        </Card>
      )}
      <Pager page={state.page} pages={d.pages} hrefFor={(p) => pageUrl(p)} text={common} />
    </section>
  );
}

export function CategoryList({ d, stepUrl, t }: { d: { categories: LinkCategory[] }; stepUrl: Step; t: T }) {
  return (
    <section aria-labelledby="categories-h" className="space-y-2">
      <h2 id="categories-h" className="font-semibold text-slate-900">
        {t.categoriesHeading}
      </h2>
      {d.categories.length ? (
        <ul aria-label={t.categoriesList} className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200">
          {d.categories.map((c) => (
            <li key={c.linkCategoryId} className="flex flex-wrap items-center gap-3 p-3">
              <p className="min-w-0 flex-1 font-medium break-words text-slate-900">
                {c.name} <span className="text-sm font-normal text-slate-600">{fmt(c.typeCount === 1 ? t.typeCountOne : t.typeCountOther, { count: c.typeCount })}</span>
              </p>
              <div className="flex gap-2">
                <Link to={stepUrl({ editCategory: c.linkCategoryId })} aria-label={fmt(t.renameNamed, { name: c.name })} className={`${small} text-brand-dark ring-slate-300 hover:bg-slate-50`}>
                  {t.rename}
                </Link>
                <Link to={stepUrl({ deleteCategory: c.linkCategoryId })} preventScrollReset aria-label={fmt(t.deleteNamed, { name: c.name })} className={`${small} text-red-700 ring-red-200 hover:bg-red-50`}>
                  {t.delete}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <Card>
          <p className="text-sm text-slate-600">{t.noCategories}</p>
        </Card>
      )}
    </section>
  );
}
