import { href } from "react-router";

/** A small link from a public card to its business category's page (ADR 0020). */
export function CategoryPageLink({ page }: { page: { slug: string; title: string } }) {
  return (
    <p className="mt-4 text-center text-sm">
      <a href={href("/category/:slug", { slug: page.slug })} className="font-medium text-slate-700 underline underline-offset-2 hover:text-slate-900">
        {page.title}
      </a>
    </p>
  );
}
