import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { PROMO_VIDEO_TEXTS, USER_VIDEO_POLL_MS, type UserVideoState } from "#contracts/promo-videos-texts.ts";
import { formatDate } from "#contracts/format.ts";
import { fmt } from "#contracts/i18n/fmt.ts";

export type UserVideoView = {
  videoNo: number;
  templateName: string | null;
  status: UserVideoState;
  percent: number;
  url: string | null;
  /** Absolute, for the WhatsApp message. */
  shareUrl: string | null;
  bytes: number | null;
  error: string | null;
  createdAt: string;
};

/** The API's user video as the card shows it; `origin` makes the WhatsApp link absolute. */
export function toUserVideoView(
  v: { videoNo: number; templateName: string | null; status: UserVideoState; percent: number; url: string | null; bytes: number | null; error: string | null; createdAt: Date | string },
  origin: string,
): UserVideoView {
  return {
    videoNo: v.videoNo,
    templateName: v.templateName,
    status: v.status,
    percent: v.percent,
    url: v.url,
    shareUrl: v.url ? new URL(v.url, origin).href : null,
    bytes: v.bytes,
    error: v.error,
    createdAt: v.createdAt.toString(),
  };
}

/** The card's words (the `promoVideos` namespace, ADR 0066); English when left out. */
export type UserVideoWords = Record<UserVideoState, string> & { promoVideo: string; progress: string; refresh: string; download: string; share: string; delete: string };
const ENGLISH: UserVideoWords = {
  queued: PROMO_VIDEO_TEXTS.queued,
  rendering: PROMO_VIDEO_TEXTS.rendering,
  ready: PROMO_VIDEO_TEXTS.ready,
  failed: PROMO_VIDEO_TEXTS.failed,
  promoVideo: "Promotional video",
  progress: "Video #{n} progress",
  refresh: PROMO_VIDEO_TEXTS.refresh,
  download: PROMO_VIDEO_TEXTS.download,
  share: PROMO_VIDEO_TEXTS.share,
  delete: "Delete",
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * While any video waits or renders, the page asks the loader again every USER_VIDEO_POLL_MS
 * (with JavaScript; without it, the Refresh link). The status on the page is the notification
 * that a video is ready (ADR 0025).
 */
export function usePollWhilePending(pending: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!pending || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), USER_VIDEO_POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, state, revalidate]);
}

export function UserVideoCard({ video, refreshTo, deleteTo, t = ENGLISH, lang = "en" }: { video: UserVideoView; refreshTo: string; deleteTo: string; t?: UserVideoWords; lang?: string }) {
  const pending = video.status === "queued" || video.status === "rendering";
  const title = video.templateName ?? t.promoVideo;
  return (
    <li className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" data-video-no={video.videoNo}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {title} <span className="text-sm font-normal text-slate-500">#{video.videoNo}</span>
        </h3>
        <span className="text-sm text-slate-600">{formatDate(video.createdAt, lang)}</span>
      </div>
      <p className="mt-1 text-sm font-medium text-slate-800" role="status" aria-live="polite">
        {t[video.status]}
        {video.status === "rendering" ? ` ${video.percent}%` : ""}
      </p>
      {pending ? (
        <div className="mt-2 space-y-2">
          <progress className="h-2 w-full" max={100} value={video.percent} aria-label={fmt(t.progress, { n: video.videoNo })}>
            {video.percent}%
          </progress>
          <Link to={refreshTo} className="text-sm font-medium text-brand-dark underline">
            {t.refresh}
          </Link>
        </div>
      ) : null}
      {video.status === "failed" && video.error ? <p className="mt-1 text-sm text-red-700">{video.error}</p> : null}
      {video.status === "ready" && video.url ? (
        <div className="mt-3 space-y-3">
          <video src={video.url} controls playsInline preload="metadata" className="aspect-[9/16] w-full max-w-56 rounded bg-black" />
          <div className="flex flex-wrap gap-2">
            <a href={video.url} download={`promo-video-${video.videoNo}.mp4`} className="rounded-md bg-brand-dark px-3 py-2 text-sm font-medium text-white">
              {t.download}
              {video.bytes ? ` (${mb(video.bytes)})` : ""}
            </a>
            <a
              href={`https://wa.me/?text=${encodeURIComponent(video.shareUrl ?? video.url)}`}
              target="_blank"
              rel="noreferrer"
              className="rounded-md px-3 py-2 text-sm font-medium text-green-800 ring-1 ring-green-700"
            >
              {t.share}
            </a>
          </div>
        </div>
      ) : null}
      {!pending ? (
        <Link to={deleteTo} className="mt-3 inline-block text-sm text-red-700 underline">
          {t.delete}
        </Link>
      ) : null}
    </li>
  );
}
