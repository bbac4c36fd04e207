import { href, Link } from "react-router";
import type { Route } from "./+types/videos";
import { getApi } from "~/lib/request-context.server";
import { loadBusinesses } from "~/lib/customer.server";
import { apiUrl } from "~/lib/api-url";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { parseId } from "#contracts/id.ts";

export const handle: PanelHandle = { title: "Greeting videos" };
export const meta = () => [{ title: "Greeting videos" }];

const PAGE = 12;

/**
 * SPEC §2 '/videos': the greeting video posts (the API lists videos only where the agency
 * includes them). Each plays with the business's frame laid over it (the same PNG the video
 * branding burns in); the branded-video render and its progress go in the marked slot.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { active } = await loadBusinesses(context);
  if (!active) return { business: null } as const;
  const shown = Math.min(96, parseId(url.searchParams.get("shown")) ?? PAGE);
  const list = await getApi(context).get("GET /image-post", { query: { mediaType: "VIDEO", pageSize: shown } });
  return {
    business: { businessId: active.businessId, businessName: active.businessName },
    shown,
    total: list.total,
    videos: list.list.map((v) => ({ imageId: v.imageId, url: v.url, name: v.subcategoryName, story: v.postShape === "STORY" })),
  } as const;
}

export default function DailyImageVideos({ loaderData }: Route.ComponentProps) {
  if (!loaderData.business) {
    return (
      <Card>
        <p className="text-slate-700">Add a business first: greeting videos carry its frame.</p>
      </Card>
    );
  }
  const { business, videos, total, shown } = loaderData;
  return (
    <div className="space-y-4 pb-[65px]">
      <div className="flex justify-between text-sm">
        <Link to={href("/panel/customer/daily-image")} className="font-medium text-brand-dark underline">
          Greeting images
        </Link>
        <Link to={href("/panel/customer/daily-image/frame-settings")} className="font-medium text-brand-dark underline">
          Frame settings
        </Link>
      </div>
      {videos.length ? (
        <ul className="grid gap-4 sm:grid-cols-2">
          {videos.map((v) => (
            <li key={v.imageId} className="space-y-2" data-video-post={v.imageId}>
              <div className="relative overflow-hidden rounded-xl bg-black">
                <video src={v.url} controls preload="metadata" playsInline className="w-full" aria-label={`${v.name} greeting video`} />
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
                Get this video with my frame
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <Card>
          <h2 className="font-semibold text-slate-900">No greeting videos yet</h2>
          <p className="mt-1 text-slate-600">New videos appear here as they are added.</p>
        </Card>
      )}
      {videos.length < total ? (
        <Link to={`${href("/panel/customer/daily-image/videos")}?shown=${shown + PAGE}`} className="block rounded-lg border border-slate-300 py-2 text-center font-medium text-brand-dark">
          More
        </Link>
      ) : null}
    </div>
  );
}
