import { href, Link } from "react-router";
import { Card } from "~/components/panel-shell";
import { USER_VIDEO_STATES, type UserVideoState } from "#contracts/promo-videos-texts.ts";
import { Pager } from "~/components/pager";
import { formatDate } from "#contracts/format.ts";

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

const STATE_LABELS: Record<UserVideoState, string> = { queued: "Queued", rendering: "Rendering", ready: "Ready", failed: "Failed" };

/**
 * All Projects' promotional video tab (ADR 0025): the agency's ordered videos the caller may see
 * (GET /video/user-video), by state, newest first. `pageHref` keeps the tab in every link.
 */
export function PromoVideoList({ videos, total, page, pages, status, pageHref }: {
  videos: Video[];
  total: number;
  page: number;
  pages: number;
  status: UserVideoState | null;
  pageHref: (change: { status?: string; page?: number }) => string;
}) {
  return (
    <>
      <nav aria-label="Video states" className="flex flex-wrap gap-2 text-sm">
        {[null, ...USER_VIDEO_STATES].map((s) => (
          <Link
            key={s ?? "all"}
            to={pageHref({ status: s ?? undefined, page: undefined })}
            aria-current={s === status ? "page" : undefined}
            className={`rounded-full px-3 py-1 ring-1 ${s === status ? "bg-slate-900 text-white ring-slate-900" : "bg-white text-slate-700 ring-slate-300"}`}
          >
            {s ? STATE_LABELS[s] : "All"}
          </Link>
        ))}
      </nav>
      <p className="text-sm text-slate-600" aria-live="polite">
        {total} promotional video{total === 1 ? "" : "s"}, newest first.
      </p>
      {videos.length ? (
        <ul aria-label="Promotional videos" className="space-y-3">
          {videos.map((v) => (
            <li key={v.videoNo}>
              <Card>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="font-semibold text-slate-900">
                    Video {v.videoNo}: {v.templateName ?? "Template removed"}
                  </h2>
                  <span className="text-sm font-medium text-slate-700">
                    {STATE_LABELS[v.status]}
                    {v.status === "rendering" ? ` ${v.percent}%` : ""}
                  </span>
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  <Link to={href("/panel/admin/businesses/:businessId", { businessId: String(v.businessId) })} className="font-medium text-brand-dark underline">
                    {v.businessName}
                  </Link>{" "}
                  · ordered {formatDate(v.createdAt)}
                </p>
                {v.status === "failed" && v.error ? <p className="mt-1 text-sm text-red-700">{v.error}</p> : null}
                {v.status === "ready" && v.url ? (
                  <a href={v.url} download className="mt-2 inline-block text-sm font-semibold text-brand-dark underline">
                    Download MP4
                  </a>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <Card>
          <h2 className="font-semibold text-slate-900">{status ? `No ${STATE_LABELS[status].toLowerCase()} videos` : "No promotional videos yet"}</h2>
          <p className="mt-1 text-sm text-slate-600">Videos appear here when a customer orders one from a video template.</p>
        </Card>
      )}
      <Pager page={page} pages={pages} hrefFor={(p) => pageHref({ page: p })} />
    </>
  );
}
