import { data } from "react-router";
import type { Route } from "./+types/page";
import { getApi, getSession } from "~/lib/request-context.server";
import type { NoScriptsHandle } from "~/root";
import { AgencyFooter } from "~/components/public-card/card-unavailable";
import { AgencyMark } from "~/components/auth-shell";

/**
 * A business category's page (/category/{slug} on the agency's host, ADR 0020): plain text and
 * one picture, server-rendered with no JavaScript, like the public card it is linked from. It
 * wears the host agency's branding (mark, name, colour: the root's brand theme) and ends with a
 * call to make a card, which leads to the agency's sign-up (the sign-in page: new numbers get an OTP).
 */
export const handle: NoScriptsHandle = { noScripts: true };

// Pages change rarely; a minute of browser and proxy caching spares cheap phones a round trip.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { agency } = getSession(context);
  const agencyInfo = { name: agency.branding.name ?? agency.agencyName, logoUrl: agency.branding.logoUrl ?? null, primaryColor: agency.branding.primaryColor ?? null };
  const res = await getApi(context).call("GET /category-static-page/public/{slug}", { params: { slug: params.slug } });
  if (!res.ok) {
    if (res.status === 404) return data({ page: null, agency: agencyInfo }, { status: 404, headers: { "cache-control": "public, max-age=60", "x-robots-tag": "noindex" } });
    throw data({ message: res.message }, { status: res.status });
  }
  return data({ page: res.data, agency: agencyInfo }, { headers: { "cache-control": "public, max-age=60" } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const page = loaderData?.page;
  if (!page) return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
  const image = page.imageUrl ? new URL(page.imageUrl, page.publicUrl).toString() : null;
  return [
    { title: page.metaTitle },
    { name: "description", content: page.metaDescription },
    { tagName: "link", rel: "canonical", href: page.publicUrl },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: loaderData.agency.name },
    { property: "og:title", content: page.metaTitle },
    { property: "og:description", content: page.metaDescription },
    { property: "og:url", content: page.publicUrl },
    ...(image ? [{ property: "og:image", itemProp: "image", content: image }, { name: "twitter:card", content: "summary_large_image" }] : [{ name: "twitter:card", content: "summary" }]),
  ];
};

/** The host agency's mark and name, as on its sign-in pages. */
function AgencyHeader({ name }: { name: string }) {
  return (
    <header className="mx-auto flex max-w-2xl items-center gap-3 px-4 pt-4">
      <AgencyMark size="size-10" />
      <p className="font-semibold text-slate-900">{name}</p>
    </header>
  );
}

/** The page's point for a business owner reading it: make a card with this agency. */
function MakeACard({ agencyName }: { agencyName: string }) {
  return (
    <section aria-labelledby="make-a-card" className="mt-4 rounded-2xl bg-brand/10 p-5 ring-1 ring-brand/30">
      <h2 id="make-a-card" className="text-lg font-semibold text-slate-900">
        Your own digital business card
      </h2>
      <p className="mt-1 text-slate-700">
        {agencyName} makes digital business cards for businesses like yours. Sign up with your mobile number and share your card on WhatsApp today.
      </p>
      <a
        href="/panel/login"
        className="mt-4 inline-flex w-full items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white shadow hover:bg-brand-darker sm:w-auto"
      >
        Create your digital business card
      </a>
    </section>
  );
}

function Paragraphs({ list }: { list: string[] }) {
  return (
    <>
      {list.map((p, i) => (
        // Plain text: React escapes it; single line breaks stay as breaks.
        <p key={i} className="mt-3 whitespace-pre-line text-slate-700">
          {p}
        </p>
      ))}
    </>
  );
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { page, agency } = loaderData;
  if (!page) {
    return (
      <div className="min-h-dvh bg-slate-100">
        <AgencyHeader name={agency.name} />
        <main className="mx-auto max-w-md px-4 pt-10">
          <h1 className="text-xl font-semibold text-slate-900">Page not found</h1>
          <p className="mt-2 text-slate-700">There is no page for this category.</p>
          <AgencyFooter agency={agency} />
        </main>
      </div>
    );
  }
  return (
    <div className="min-h-dvh bg-slate-100">
      <AgencyHeader name={agency.name} />
      <main className="mx-auto max-w-2xl px-4 pt-4 pb-2">
        <article className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <p className="text-sm font-medium text-slate-600">{page.category}</p>
          <h1 className="mt-1 text-2xl font-bold text-slate-900">{page.title}</h1>
          {page.heading ? <p className="mt-2 text-lg text-slate-800">{page.heading}</p> : null}
          {page.imageUrl ? (
            // Fixed size: no layout shift while it loads on a slow connection.
            <img src={page.imageUrl} alt="" width={800} height={450} decoding="async" fetchPriority="high" className="mt-4 aspect-video w-full rounded-xl bg-slate-100 object-cover" />
          ) : null}
          <Paragraphs list={page.paragraphs} />
          {page.sections.map((s, i) => (
            <section key={i} className="mt-6">
              {s.title ? <h2 className="text-lg font-semibold text-slate-900">{s.title}</h2> : null}
              {s.imageUrl ? (
                <img src={s.imageUrl} alt="" width={800} height={450} loading="lazy" decoding="async" className="mt-3 aspect-video w-full rounded-xl bg-slate-100 object-cover" />
              ) : null}
              <Paragraphs list={s.paragraphs} />
            </section>
          ))}
        </article>
        <MakeACard agencyName={agency.name} />
        <AgencyFooter agency={agency} />
      </main>
    </div>
  );
}
