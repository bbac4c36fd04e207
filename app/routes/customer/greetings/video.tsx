import { data, href, Link } from "react-router";
import type { Route } from "./+types/video";
import { getApi } from "~/lib/request-context.server";
import { loadBusinesses } from "~/lib/customer.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ErrorDialog } from "~/components/dialogs";
import { BrandedVideo } from "./branded-video";
import { GREETING_VIDEO_TEXTS } from "#contracts/greeting-videos-texts.ts";
import { parseId } from "#contracts/id.ts";

export const handle: PanelHandle = { title: "Greeting video" };
export const meta = () => [{ title: "Greeting video" }];

const videoPage = (imageId: number) => href("/panel/customer/daily-image/videos/:imageId", { imageId: String(imageId) });

/** One greeting video post, and the active business's branded copy of it (ADR 0022). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const imageId = parseId(params.imageId);
  const { active } = await loadBusinesses(context);
  if (!imageId) throw data("Not found", { status: 404 });
  if (!active) return { business: null } as const;
  const api = getApi(context);
  const [posts, video] = await Promise.all([
    api.get("GET /image-post/ids", { query: { imageIds: String(imageId) } }),
    api.get("GET /image-post/{imageId}/branded-video", { params: { imageId }, query: { businessId: active.businessId } }),
  ]);
  const post = posts.list[0];
  if (!post || post.mediaType !== "VIDEO") throw data("Not found", { status: 404 });
  return {
    business: { businessId: active.businessId, businessName: active.businessName },
    post: { imageId, url: post.url, name: post.subcategoryName, story: post.postShape === "STORY" },
    video: { ...video, updatedAt: null },
  } as const;
}

/** Ask for the branded video (a double submit finds the same render); back to this page. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const imageId = parseId(params.imageId);
  const form = await request.formData();
  const { active } = await loadBusinesses(context);
  if (!imageId || !active || form.get("intent") !== "brand-video") return { error: "Unknown action." };
  const res = await getApi(context).call("POST /image-post/{imageId}/branded-video", { params: { imageId }, body: { businessId: active.businessId } });
  if (!res.ok) {
    return { error: res.message };
  }
  throw await redirectWithToast(videoPage(imageId), { type: "success", message: res.data.status === "ready" ? GREETING_VIDEO_TEXTS.ready : GREETING_VIDEO_TEXTS.requested });
}

export default function DailyImageVideo({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.business) {
    return (
      <Card>
        <p className="text-slate-700">Add a business first: greeting videos carry its frame.</p>
      </Card>
    );
  }
  const { business, post, video } = loaderData;
  return (
    <div className="mx-auto max-w-xl space-y-4 pb-[65px]">
      <BrandedVideo
        initial={video}
        post={{ url: post.url, label: `${post.name} greeting video` }}
        refreshHref={videoPage(post.imageId)}
        fileName={`greeting-${post.imageId}.mp4`}
        shareText={`${post.name} wishes from ${business.businessName}`}
      />
      <div className="flex justify-between text-sm">
        <Link to={href("/panel/customer/daily-image/videos")} className="font-medium text-brand-dark underline">
          Back to greeting videos
        </Link>
        <Link to={href("/panel/customer/daily-image/frame-settings")} className="font-medium text-brand-dark underline">
          Change the frame
        </Link>
      </div>
      {actionData?.error ? <ErrorDialog message={actionData.error} backTo={videoPage(post.imageId)} /> : null}
    </div>
  );
}
