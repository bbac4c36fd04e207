import { Form, href, Link } from "react-router";
import type { Route } from "./+types/daily-image";
import { getApi } from "~/lib/request-context.server";
import { loadBusinesses } from "~/lib/customer.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { inputClass } from "~/components/form";
import { PagedPosts, PostGrid } from "./post-grid";
import { dailyImageUrl } from "./branded";
import { parseId } from "#contracts/id.ts";
import { useLanguage } from "~/lib/i18n";
import { pageMessages } from "~/lib/i18n.server";
import { fmt, pluralKey } from "#contracts/i18n/fmt.ts";
import { dateLocale } from "#contracts/format.ts";
import type { Catalogue } from "#contracts/i18n/messages.ts";


export const handle: PanelHandle = { title: "Greeting images", extraBottomMargin: true };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Greeting images" }];

const PAGE = 12;
// Latin digits in every language (ADR 0066); the weekday and month in the page's own.
const dayLabel = (iso: string, lang: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString(dateLocale(lang), { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

/**
 * SPEC §2 daily-image: today's posts first, the festival calendar of the coming weeks, the
 * categories (the business's own first), search; or one subcategory's / a search's posts,
 * `shown` at a time with a "More" link. Every post is drawn with the active business's frame.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { active } = await loadBusinesses(context);
  const t = pageMessages(context, "greetings");
  const words = { t, pageTitle: t.greetings.title };
  if (!active) return { ...words, business: null } as const;
  const api = getApi(context);
  const businessId = active.businessId;
  const q = url.searchParams.get("q")?.trim().slice(0, 80) || undefined;
  const subcategory = parseId(url.searchParams.get("subcategory"));
  const shown = Math.min(96, Math.max(PAGE, Math.ceil((parseId(url.searchParams.get("shown")) ?? PAGE) / PAGE) * PAGE));
  const settings = await api.call("GET /image-post/frame-settings", { query: { businessId } });
  // A 404 with a reason (greetings paused for the agency's bill, or switched off on the card, ADR 0021): the page says it instead of posts.
  if (!settings.ok && settings.status === 404) return { ...words, business: null, closed: { businessName: active.businessName, message: settings.message } } as const;
  const frame = settings.ok ? settings.data : await api.get("GET /image-post/frame-settings", { query: { businessId } });
  const business = { businessId, businessName: active.businessName, sig: { version: frame.version, token: frame.token }, videos: frame.videosIncluded };

  if (q || subcategory) {
    const page = (query: { page?: number; pageSize: number }) =>
      q
        ? api.get("GET /image-post/search", { query: { search: q, mediaType: "IMAGE", ...query } })
        : api.get("GET /image-post", { query: { imageSubcategoryId: subcategory, mediaType: "IMAGE", ...query } });
    // The page after `shown` too: with JavaScript it is appended the moment "More" scrolls into
    // view, with no call to wait for behind the previews' image requests (issue: a slow list).
    const [list, ahead] = await Promise.all([page({ pageSize: shown }), page({ page: shown / PAGE + 1, pageSize: PAGE })]);
    const title = q ? fmt(t.greetings.resultsFor, { q }) : (list.list[0]?.subcategoryName ?? t.greetings.greetings);
    return { ...words, business, view: { kind: "list", title, q, subcategory, shown, total: list.total, posts: list.list.map(slim), ahead: ahead.list.map(slim) } } as const;
  }

  const [today, calendar, categories] = await Promise.all([
    api.get("GET /image-post", { query: { date: "today", mediaType: "IMAGE", pageSize: PAGE } }),
    api.get("GET /image-subcategory", { query: { upcomingDays: 60, withPosts: "true", pageSize: 12 } }),
    api.get("GET /image-subcategory", { query: { evergreen: "true", withPosts: "true", businessId, pageSize: 24 } }),
  ]);
  const firstOf = categories.list.slice(0, 4).map((c) => c.imageSubcategoryId);
  const previews = firstOf.length
    ? await api.get("GET /image-post/paginated-mutiple-subcategories", { query: { imageSubcategoryIds: firstOf.join(","), mediaType: "IMAGE", pageSize: 4 } })
    : { list: [] };
  return {
    ...words,
    business,
    view: {
      kind: "home",
      today: today.list.map(slim),
      todayTotal: today.total,
      calendar: calendar.list.map((c) => ({ id: c.imageSubcategoryId, name: c.name, date: c.eventDate!, count: c.postCount })),
      categories: categories.list.map((c) => ({ id: c.imageSubcategoryId, name: c.name, count: c.postCount })),
      sections: previews.list.map((s) => ({ id: s.imageSubcategoryId, name: s.name, total: s.total, posts: s.posts.map(slim) })),
    },
  } as const;
}

const slim = (p: { imageId: number; subcategoryName: string; postShape: "SQUARE" | "STORY" }) => ({ imageId: p.imageId, subcategoryName: p.subcategoryName, story: p.postShape === "STORY" });

type Text = Catalogue["greetings"];

function SearchForm({ q, t }: { q?: string; t: Text }) {
  return (
    <Form method="get" role="search" className="flex gap-2">
      <label htmlFor="greeting-search" className="sr-only">
        {t.searchLabel}
      </label>
      <input id="greeting-search" name="q" type="search" defaultValue={q} placeholder={t.searchPlaceholder} className={inputClass} />
      <button type="submit" className="rounded-lg bg-brand-dark px-4 font-semibold text-white">
        {t.search}
      </button>
    </Form>
  );
}

export default function DailyImage({ loaderData }: Route.ComponentProps) {
  const t = loaderData.t.greetings;
  const lang = useLanguage();
  if ("closed" in loaderData && loaderData.closed) {
    return (
      <Card>
        <h2 className="font-semibold text-slate-900">{fmt(t.notAvailableFor, { name: loaderData.closed.businessName })}</h2>
        <p role="status" className="mt-1 text-slate-600">
          {loaderData.closed.message}
        </p>
      </Card>
    );
  }
  if (!loaderData.business) {
    return (
      <Card>
        <h2 className="font-semibold text-slate-900">{t.addBusinessFirst}</h2>
        <p className="mt-1 text-slate-600">{t.addBusinessBody}</p>
        <Link to={href("/panel/customer/businesses/add")} className="mt-3 inline-block font-medium text-brand-dark underline">
          {t.addBusiness}
        </Link>
      </Card>
    );
  }
  const { business, view } = loaderData;
  const [everyBefore, everyAfter = ""] = t.everyPost.split("{name}");
  const tools = (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-slate-600">
        {everyBefore}
        <strong>{business.businessName}</strong>
        {everyAfter}
      </p>
      <span className="flex gap-3">
        {business.videos ? (
          <Link to={href("/panel/customer/daily-image/videos")} className="font-medium text-brand-dark underline">
            {t.videosTitle}
          </Link>
        ) : null}
        <Link to={href("/panel/customer/daily-image/frame-settings")} className="font-medium text-brand-dark underline">
          {t.frameTitle}
        </Link>
      </span>
    </div>
  );

  if (view.kind === "list") {
    return (
      <div className="space-y-4">
        <SearchForm q={view.q} t={t} />
        {tools}
        <div className="flex items-baseline justify-between">
          <h2 className="text-lg font-semibold text-slate-900">{view.title}</h2>
          <Link to={dailyImageUrl({})} className="text-sm font-medium text-brand-dark underline">
            {t.allGreetings}
          </Link>
        </div>
        {view.posts.length ? (
          <PagedPosts
            key={`${view.q ?? ""}:${view.subcategory ?? ""}`}
            initial={view.posts}
            ahead={view.ahead}
            total={view.total}
            businessId={business.businessId}
            sig={business.sig}
            query={{ search: view.q, imageSubcategoryId: view.subcategory }}
            pageSize={PAGE}
            words={t}
            moreHref={dailyImageUrl({ q: view.q, subcategory: view.subcategory, shown: view.shown + PAGE })}
          />
        ) : (
          <Card>
            <h3 className="font-semibold text-slate-900">{t.nothingFound}</h3>
            <p className="mt-1 text-slate-600">{t.nothingFoundBody}</p>
          </Card>
        )}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <SearchForm t={t} />
      {tools}
      <section aria-labelledby="today" className="space-y-3">
        <h2 id="today" className="text-lg font-semibold text-slate-900">
          {t.today}
        </h2>
        {view.today.length ? (
          <PostGrid posts={view.today} businessId={business.businessId} sig={business.sig} alt={t.gridAlt} />
        ) : (
          <p className="text-slate-600">{t.noToday}</p>
        )}
      </section>
      {view.calendar.length ? (
        <section aria-labelledby="calendar" className="space-y-3">
          <h2 id="calendar" className="text-lg font-semibold text-slate-900">
            {t.comingFestivals}
          </h2>
          <ul className="flex gap-3 overflow-x-auto pb-2">
            {view.calendar.map((f) => (
              <li key={f.id} className="shrink-0">
                <Link to={dailyImageUrl({ subcategory: f.id })} className="block w-36 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
                  <span className="block text-xs font-medium text-brand-dark">{dayLabel(f.date, lang)}</span>
                  <span className="block font-semibold text-slate-900">{f.name}</span>
                  <span className="block text-xs text-slate-500">
                    {fmt(t[`posts${pluralKey(f.count)}`], { n: f.count })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="categories" className="space-y-3">
        <h2 id="categories" className="text-lg font-semibold text-slate-900">
          {t.categories}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {view.categories.map((c) => (
            <li key={c.id}>
              <Link to={dailyImageUrl({ subcategory: c.id })} className="inline-block rounded-full bg-white px-3 py-1.5 text-sm font-medium text-slate-800 ring-1 ring-slate-300">
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
        {view.sections.map((s) => (
          <div key={s.id} className="space-y-2">
            <div className="flex items-baseline justify-between">
              <h3 className="font-semibold text-slate-900">{s.name}</h3>
              {s.total > s.posts.length ? (
                <Link to={dailyImageUrl({ subcategory: s.id })} className="text-sm font-medium text-brand-dark underline">
                  {fmt(t.seeAll, { n: s.total })}
                </Link>
              ) : null}
            </div>
            <PostGrid posts={s.posts} businessId={business.businessId} sig={business.sig} alt={t.gridAlt} />
          </div>
        ))}
      </section>
    </div>
  );
}
