import { href, Link } from "react-router";
import { Card } from "~/components/panel-shell";
import { USER_VIDEO_STATES, type UserVideoState } from "#contracts/promo-videos-texts.ts";
import { Pager } from "~/components/pager";
import { formatDate } from "#contracts/format.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { fmt } from "#contracts/i18n/fmt.ts";

type T = Catalogue["staffProjectVideos"];

type Video = {
  videoNo: number;
  businessId: number;
  businessName: string;
  templateName: string | null;
  status: UserVideoState;
  percent: number;
  url: string | null;
  error: string | null;
  createdAt: Date | string;
};

const NONE_KEYS = { queued: "noQueued", rendering: "noRendering", ready: "noReady", failed: "noFailed" } as const satisfies Record<UserVideoState, keyof T>;

/**
 * All Projects' promotional video tab (ADR 0025): the agency's ordered videos the caller may see
 * (GET /video/user-video), by state, newest first. `pageHref` keeps the tab in every link.
 */
export function PromoVideoList({ videos, total, page, pages, status, pageHref, t, pager, lang }: {
  videos: Video[];
  total: number;
  page: number;
  pages: number;
  status: UserVideoState | null;
  pageHref: (change: { status?: string; page?: number }) => string;
  /** The tab's words, the pager's and the page's language (ADR 0066); a failed video's reason comes translated from the loader. */
  t: T;
  pager: Catalogue["staffCommon"];
  lang: string;
}) {
  return (
    <>
      <nav aria-label={t.videoStates} className="flex flex-wrap gap-2 text-sm">
        {[null, ...USER_VIDEO_STATES].map((s) => (
          <Link
            key={s ?? "all"}
            to={pageHref({ status: s ?? undefined, page: undefined })}
            aria-current={s === status ? "page" : undefined}
            className={`rounded-full px-3 py-1 ring-1 ${s === status ? "bg-slate-900 text-white ring-slate-900" : "bg-white text-slate-700 ring-slate-300"}`}
          >
            {s ? t[s] : t.all}
          </Link>
        ))}
      </nav>
      <p className="text-sm text-slate-600" aria-live="polite">
        {total === 1 ? t.countOne : fmt(t.countOther, { count: total })}
      </p>
      {videos.length ? (
        <ul aria-label={t.videos} className="space-y-3">
          {videos.map((v) => (
            <li key={v.videoNo}>
              <Card>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="font-semibold text-slate-900">
                    {fmt(t.videoTitle, { n: v.videoNo, template: v.templateName ?? t.templateRemoved })}
                  </h2>
                  <span className="text-sm font-medium text-slate-700">
                    {t[v.status]}
                    {v.status === "rendering" ? ` ${v.percent}%` : ""}
                  </span>
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  <Link to={href("/panel/admin/businesses/:businessId", { businessId: String(v.businessId) })} className="font-medium text-brand-dark underline">
                    {v.businessName}
                  </Link>{" "}
                  · {fmt(t.ordered, { date: formatDate(v.createdAt, lang) })}
                </p>
                {v.status === "failed" && v.error ? <p className="mt-1 text-sm text-red-700">{v.error}</p> : null}
                {v.status === "ready" && v.url ? (
                  <a href={v.url} download className="mt-2 inline-block text-sm font-semibold text-brand-dark underline">
                    {t.downloadMp4}
                  </a>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <Card>
          <h2 className="font-semibold text-slate-900">{status ? t[NONE_KEYS[status]] : t.noVideos}</h2>
          <p className="mt-1 text-sm text-slate-600">{t.noVideosBody}</p>
        </Card>
      )}
      <Pager page={page} pages={pages} hrefFor={(p) => pageHref({ page: p })} text={pager} />
    </>
  );
}
