import { Link } from "react-router";
import { fmt } from "#contracts/i18n/fmt.ts";

/** The pager's own words in the page's language (the `staffCommon` namespace, ADR 0066); English when left out. */
export type PagerText = { previous: string; next: string; pages: string; pageOf: string; inAll: string };
const ENGLISH: PagerText = { previous: "Previous", next: "Next", pages: "Pages", pageOf: "Page {page} of {pages}", inAll: " ({total} in all)" };

/**
 * Previous / next links for a list (plain links: paging works without JavaScript); nothing when
 * the list fits on one page. `total`: the number of items, shown after the page count.
 * `words`: what the two links say ("Newer" / "Older" for lists shown newest first).
 * `text`: the other words, in the page's language.
 */
export function Pager({
  page,
  pages,
  hrefFor,
  total,
  label,
  words,
  text = ENGLISH,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  total?: number;
  label?: string;
  words?: [previous: string, next: string];
  text?: PagerText;
}) {
  if (pages <= 1) return null;
  const [previous, next] = words ?? [text.previous, text.next];
  return (
    <nav aria-label={label ?? text.pages} className="mt-3 flex items-center justify-between gap-2 text-sm">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="rounded-lg px-3 py-2 font-medium text-brand-dark underline ring-1 ring-slate-200">
          {previous}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        {fmt(text.pageOf, { page, pages })}
        {total === undefined ? null : fmt(text.inAll, { total })}
      </span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className="rounded-lg px-3 py-2 font-medium text-brand-dark underline ring-1 ring-slate-200">
          {next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
