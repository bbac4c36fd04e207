import { Link } from "react-router";
import { Card } from "~/components/panel-shell";
import { GENERIC_LINK_ICON, type LinkCategory, type LinkType } from "#contracts/link-store.ts";
import { Pager } from "~/components/pager";

/** The Link Store page's two lists; every action is a link to a URL step (edit, delete). */

const small = "rounded-lg px-3 py-1.5 text-sm font-semibold ring-1";
type Step = (step: Record<string, string | number>) => string;

export function TypeList({
  d,
  state,
  filtered,
  stepUrl,
  pageUrl,
}: {
  d: { types: LinkType[]; categories: LinkCategory[]; total: number; pages: number };
  state: { page: number };
  filtered: boolean;
  stepUrl: Step;
  pageUrl: (page: number) => string;
}) {
  return (
    <section aria-labelledby="types-h" className="space-y-2">
      <h2 id="types-h" className="font-semibold text-slate-900">
        Link types ({d.total})
      </h2>
      {d.types.length ? (
        <ul aria-label="Link types" className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200">
          {d.types.map((t) => (
            <li key={t.linkTypeId} className="flex flex-wrap items-center gap-3 p-3">
              <img src={t.iconUrl ?? GENERIC_LINK_ICON} alt="" width={28} height={28} className="size-7 shrink-0 object-contain" />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-slate-900">{t.name}</p>
                <p className="text-xs break-all text-slate-600">
                  {t.categoryName} · {t.fieldType === "tel" ? "phone number" : "username or link"}
                  {t.urlPrefix ? ` · ${t.urlPrefix}` : ""}
                </p>
              </div>
              <div className="flex gap-2">
                <Link to={stepUrl({ editType: t.linkTypeId })} aria-label={`Edit ${t.name}`} className={`${small} text-brand-dark ring-slate-300 hover:bg-slate-50`}>
                  Edit
                </Link>
                <Link to={stepUrl({ deleteType: t.linkTypeId })} preventScrollReset aria-label={`Delete ${t.name}`} className={`${small} text-red-700 ring-red-200 hover:bg-red-50`}>
                  Delete
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <Card>
          <p className="text-sm text-slate-600">
            {filtered ? "No link types match. Try another search or category." : d.categories.length ? "No link types yet. Add the first one." : "Add a category first, then its link types."}
          </p>
        </Card>
      )}
      <Pager page={state.page} pages={d.pages} hrefFor={(p) => pageUrl(p)} />
    </section>
  );
}

export function CategoryList({ d, stepUrl }: { d: { categories: LinkCategory[] }; stepUrl: Step }) {
  return (
    <section aria-labelledby="categories-h" className="space-y-2">
      <h2 id="categories-h" className="font-semibold text-slate-900">
        Categories
      </h2>
      {d.categories.length ? (
        <ul aria-label="Link categories" className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200">
          {d.categories.map((c) => (
            <li key={c.linkCategoryId} className="flex flex-wrap items-center gap-3 p-3">
              <p className="min-w-0 flex-1 font-medium break-words text-slate-900">
                {c.name} <span className="text-sm font-normal text-slate-600">({c.typeCount} link type{c.typeCount === 1 ? "" : "s"})</span>
              </p>
              <div className="flex gap-2">
                <Link to={stepUrl({ editCategory: c.linkCategoryId })} aria-label={`Rename ${c.name}`} className={`${small} text-brand-dark ring-slate-300 hover:bg-slate-50`}>
                  Rename
                </Link>
                <Link to={stepUrl({ deleteCategory: c.linkCategoryId })} preventScrollReset aria-label={`Delete ${c.name}`} className={`${small} text-red-700 ring-red-200 hover:bg-red-50`}>
                  Delete
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <Card>
          <p className="text-sm text-slate-600">No categories yet. Add one such as Social media.</p>
        </Card>
      )}
    </section>
  );
}
