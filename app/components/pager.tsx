import { Link } from "react-router";

/**
 * Previous / next links for a list (plain links: paging works without JavaScript); nothing when
 * the list fits on one page. `total`: the number of items, shown after the page count.
 * `words`: what the two links say ("Newer" / "Older" for lists shown newest first).
 */
export function Pager({
  page,
  pages,
  hrefFor,
  total,
  label = "Pages",
  words = ["Previous", "Next"],
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  total?: number;
  label?: string;
  words?: [previous: string, next: string];
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex items-center justify-between gap-2 text-sm">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="rounded-lg px-3 py-2 font-medium text-brand-dark underline ring-1 ring-slate-200">
          {words[0]}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Page {page} of {pages}
        {total === undefined ? null : ` (${total} in all)`}
      </span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className="rounded-lg px-3 py-2 font-medium text-brand-dark underline ring-1 ring-slate-200">
          {words[1]}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
