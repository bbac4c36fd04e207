import { useEffect, useState } from "react";
import { Form } from "react-router";
import { apiFetch } from "~/lib/api.client";
import { useHydrated } from "~/lib/use-hydrated";
import { ShareFileButton } from "./share-button";
import { GREETING_VIDEO_POLL_MS, type GreetingVideoState } from "#contracts/greeting-videos-texts.ts";
import type { Catalogue } from "#contracts/i18n/messages.ts";
import { formatFileSize } from "#contracts/constants.ts";

/** What GET /image-post/{imageId}/branded-video answers (dates as the loader or JSON gives them). */
export type BrandedVideoStatus = {
  imageId: number;
  businessId: number;
  status: GreetingVideoState;
  percent: number;
  url: string | null;
  bytes: number | null;
  error: string | null;
};

/**
 * The customer's branded copy of a greeting video (ADR 0022): ask for it (a real form: the page's
 * action), watch its progress (polled with JavaScript; without it, a Refresh link), then download
 * it or share it on WhatsApp. `refreshHref` is this page's own address.
 */
export function BrandedVideo({
  initial,
  post,
  refreshHref,
  fileName,
  shareText,
  t: T,
}: {
  initial: BrandedVideoStatus;
  /** The greeting as uploaded: shown until the branded copy is ready. */
  post: { url: string; label: string };
  refreshHref: string;
  fileName: string;
  shareText: string;
  /** The page's words (the `greetings` namespace). */
  t: Catalogue["greetings"];
}) {
  const hydrated = useHydrated();
  const [video, setVideo] = useState(initial);
  useEffect(() => setVideo(initial), [initial]);

  const waiting = video.status === "queued" || video.status === "rendering";
  useEffect(() => {
    if (!hydrated || !waiting) return;
    const ask = new AbortController();
    const timer = setTimeout(async () => {
      const res = await apiFetch(
        "GET /image-post/{imageId}/branded-video",
        { params: { imageId: video.imageId }, query: { businessId: video.businessId } },
        { signal: ask.signal },
      ).catch(() => null);
      // A failed poll (network) tries again on the next tick: keep the same state object's copy.
      setVideo((v) => (res?.ok ? res.data : { ...v }));
    }, GREETING_VIDEO_POLL_MS);
    return () => {
      clearTimeout(timer);
      ask.abort();
    };
  }, [hydrated, waiting, video]);

  if (video.status === "ready" && video.url) {
    return (
      <div className="space-y-2" data-branded-video="ready">
        <p role="status" className="font-medium text-emerald-800">
          {T.videoReady}
          {video.bytes ? <span className="font-normal text-slate-600"> ({formatFileSize(video.bytes)})</span> : null}
        </p>
        <video src={video.url} controls playsInline preload="metadata" className="w-full rounded-xl bg-black" aria-label={T.brandedVideoLabel} />
        <div className="grid gap-2 sm:grid-cols-2">
          <a href={video.url} download={fileName} className="flex items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white">
            {T.videoDownload}
          </a>
          <ShareVideo url={video.url} fileName={fileName} text={shareText} t={T} />
        </div>
      </div>
    );
  }

  const original = <video src={post.url} controls playsInline preload="metadata" className="w-full rounded-xl bg-black" aria-label={post.label} />;

  if (waiting) {
    const percent = video.status === "rendering" ? video.percent : 0;
    return (
      <div className="space-y-2" data-branded-video={video.status}>
        {original}
        <p role="status" aria-live="polite" className="font-medium text-slate-800">
          {video.status === "queued" ? T.videoQueued : `${T.videoRendering} ${percent}%`}
        </p>
        <progress max={100} value={percent} aria-label={T.brandingProgress} className="h-2 w-full overflow-hidden rounded accent-brand-dark" />
        {/* Without JavaScript nothing polls: the page shows the latest state when reloaded. */}
        {hydrated ? null : (
          <a href={refreshHref} className="inline-block font-medium text-brand-dark underline">
            {T.videoRefresh}
          </a>
        )}
      </div>
    );
  }

  return (
    <Form method="post" className="space-y-2" data-branded-video={video.status}>
      {original}
      {video.status === "failed" ? (
        <p role="alert" className="text-red-700">
          {T.videoFailed} {video.error}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="brand-video" />
      <button type="submit" className="w-full rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white">
        {video.status === "failed" ? T.videoRetry : T.videoRequest}
      </button>
    </Form>
  );
}

/** WhatsApp: without JavaScript a wa.me link with the video's address; with it, the MP4 itself. */
function ShareVideo({ url, fileName, text, t }: { url: string; fileName: string; text: string; t: Catalogue["greetings"] }) {
  const absolute = typeof window === "undefined" ? url : new URL(url, window.location.href).toString();
  return <ShareFileButton fileUrl={url} fileName={fileName} type="video/mp4" text={text} waText={`${text} ${absolute}`} unprepared={t.videoUnprepared} label={t.shareOnWhatsApp} />;
}
