import { Link } from "react-router";

/** Previous / next links for a list (plain links: paging works without JavaScript). */
export function Pager({ page, pages, hrefFor, label = "Pages" }: { page: number; pages: number; hrefFor: (page: number) => string; label?: string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex items-center justify-between gap-2 text-sm">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="rounded-lg px-3 py-2 font-medium text-brand-dark underline ring-1 ring-slate-200">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className="rounded-lg px-3 py-2 font-medium text-brand-dark underline ring-1 ring-slate-200">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** A positive whole number from a query value, or undefined. */
export const positiveInt = (v: string | null | undefined) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);
