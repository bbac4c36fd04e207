import { data, href, Link } from "react-router";
import type { Route } from "./+types/video";
import { getApi } from "~/lib/request-context.server";
import { loadBusinesses } from "~/lib/customer.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ErrorDialog } from "~/components/dialogs";
import { BrandedVideo } from "./branded-video";
import { parseId } from "#contracts/id.ts";
import { languageOf, pageMessages } from "~/lib/i18n.server";
import { translateMessage } from "#contracts/i18n/messages.ts";
import { fmt } from "#contracts/i18n/fmt.ts";

export const handle: PanelHandle = { title: "Greeting video" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Greeting video" }];

const videoPage = (imageId: number) => href("/panel/customer/daily-image/videos/:imageId", { imageId: String(imageId) });

/** One greeting video post, and the active business's branded copy of it (ADR 0022). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const imageId = parseId(params.imageId);
  const { active } = await loadBusinesses(context);
  if (!imageId) throw data("Not found", { status: 404 });
  const t = pageMessages(context, "greetings");
  const words = { t, pageTitle: t.greetings.videoTitle };
  if (!active) return { ...words, business: null } as const;
  const api = getApi(context);
  const [posts, video] = await Promise.all([
    api.get("GET /image-post/ids", { query: { imageIds: String(imageId) } }),
    api.get("GET /image-post/{imageId}/branded-video", { params: { imageId }, query: { businessId: active.businessId } }),
  ]);
  const post = posts.list[0];
  if (!post || post.mediaType !== "VIDEO") throw data("Not found", { status: 404 });
  return {
    ...words,
    business: { businessId: active.businessId, businessName: active.businessName },
    post: { imageId, url: post.url, name: post.subcategoryName, story: post.postShape === "STORY" },
    // A failed render's reason is stored in English: shown in the page's language.
    video: { ...video, error: video.error ? translateMessage(languageOf(context), video.error) : null, updatedAt: null },
  } as const;
}

/** Ask for the branded video (a double submit finds the same render); back to this page. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const imageId = parseId(params.imageId);
  const form = await request.formData();
  const { active } = await loadBusinesses(context);
  const t = pageMessages(context, "greetings").greetings;
  if (!imageId || !active || form.get("intent") !== "brand-video") return { error: t.unknownAction };
  const res = await getApi(context).call("POST /image-post/{imageId}/branded-video", { params: { imageId }, body: { businessId: active.businessId } });
  if (!res.ok) {
    return { error: res.message };
  }
  throw await redirectWithToast(videoPage(imageId), { type: "success", message: res.data.status === "ready" ? t.videoReady : t.videoRequested });
}

export default function DailyImageVideo({ loaderData, actionData }: Route.ComponentProps) {
  const t = loaderData.t.greetings;
  if (!loaderData.business) {
    return (
      <Card>
        <p className="text-slate-700">{t.videosNeedBusiness}</p>
      </Card>
    );
  }
  const { business, post, video } = loaderData;
  return (
    <div className="mx-auto max-w-xl space-y-4 pb-[65px]">
      <BrandedVideo
        initial={video}
        post={{ url: post.url, label: fmt(t.videoLabel, { name: post.name }) }}
        refreshHref={videoPage(post.imageId)}
        fileName={`greeting-${post.imageId}.mp4`}
        shareText={fmt(t.shareText, { name: post.name, business: business.businessName })}
        t={t}
      />
      <div className="flex justify-between text-sm">
        <Link to={href("/panel/customer/daily-image/videos")} className="font-medium text-brand-dark underline">
          {t.backToVideos}
        </Link>
        <Link to={href("/panel/customer/daily-image/frame-settings")} className="font-medium text-brand-dark underline">
          {t.changeFrame}
        </Link>
      </div>
      {actionData?.error ? <ErrorDialog message={actionData.error} backTo={videoPage(post.imageId)} words={t} /> : null}
    </div>
  );
}
