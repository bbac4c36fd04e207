import { href, Link } from "react-router";
import type { Route } from "./+types/videos";
import { getApi } from "~/lib/request-context.server";
import { loadBusinesses } from "~/lib/customer.server";
import { apiUrl } from "~/lib/api-url";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { parseId } from "#contracts/id.ts";
import { pageMessages } from "~/lib/i18n.server";
import { fmt } from "#contracts/i18n/fmt.ts";

export const handle: PanelHandle = { title: "Greeting videos" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Greeting videos" }];

const PAGE = 12;

/**
 * SPEC §2 '/videos': the greeting video posts (the API lists videos only where the agency
 * includes them). Each plays with the business's frame laid over it (the same PNG the video
 * branding burns in); the branded-video render and its progress go in the marked slot.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { active } = await loadBusinesses(context);
  const t = pageMessages(context, "greetings");
  const words = { t, pageTitle: t.greetings.videosTitle };
  if (!active) return { ...words, business: null } as const;
  const shown = Math.min(96, parseId(url.searchParams.get("shown")) ?? PAGE);
  const list = await getApi(context).get("GET /image-post", { query: { mediaType: "VIDEO", pageSize: shown } });
  return {
    ...words,
    business: { businessId: active.businessId, businessName: active.businessName },
    shown,
    total: list.total,
    videos: list.list.map((v) => ({ imageId: v.imageId, url: v.url, name: v.subcategoryName, story: v.postShape === "STORY" })),
  } as const;
}

export default function DailyImageVideos({ loaderData }: Route.ComponentProps) {
  const t = loaderData.t.greetings;
  if (!loaderData.business) {
    return (
      <Card>
        <p className="text-slate-700">{t.videosNeedBusiness}</p>
      </Card>
    );
  }
  const { business, videos, total, shown } = loaderData;
  return (
    <div className="space-y-4 pb-[65px]">
      <div className="flex justify-between text-sm">
        <Link to={href("/panel/customer/daily-image")} className="font-medium text-brand-dark underline">
          {t.title}
        </Link>
        <Link to={href("/panel/customer/daily-image/frame-settings")} className="font-medium text-brand-dark underline">
          {t.frameTitle}
        </Link>
      </div>
      {videos.length ? (
        <ul className="grid gap-4 sm:grid-cols-2">
          {videos.map((v) => (
            <li key={v.imageId} className="space-y-2" data-video-post={v.imageId}>
              <div className="relative overflow-hidden rounded-xl bg-black">
                <video src={v.url} controls preload="metadata" playsInline className="w-full" aria-label={fmt(t.videoLabel, { name: v.name })} />
                <img
                  src={apiUrl("GET /image-post/frame-overlay", { query: { businessId: business.businessId, width: 1080, height: v.story ? 1920 : 1080 } })}
                  alt=""
                  className="pointer-events-none absolute inset-0 h-full w-full"
                />
              </div>
              {/* The branded MP4 (made on the queue, ADR 0022): its own page shows the progress, download and share. */}
              <Link
                to={href("/panel/customer/daily-image/videos/:imageId", { imageId: String(v.imageId) })}
                className="block rounded-lg bg-brand-dark px-4 py-2 text-center font-semibold text-white"
              >
                {t.getVideo}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <Card>
          <h2 className="font-semibold text-slate-900">{t.noVideos}</h2>
          <p className="mt-1 text-slate-600">{t.noVideosBody}</p>
        </Card>
      )}
      {videos.length < total ? (
        <Link to={`${href("/panel/customer/daily-image/videos")}?shown=${shown + PAGE}`} className="block rounded-lg border border-slate-300 py-2 text-center font-medium text-brand-dark">
          {t.more}
        </Link>
      ) : null}
    </div>
  );
}
