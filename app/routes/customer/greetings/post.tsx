import { data, href, Link } from "react-router";
import type { Route } from "./+types/post";
import { getApi } from "~/lib/request-context.server";
import { loadBusinesses } from "~/lib/customer.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { UpgradeLink } from "~/components/upgrade/upgrade-link";
import { brandedDownload, brandedSrc, DAILY_IMAGE } from "./branded";
import { ShareFileButton } from "./share-button";
import { parseId } from "#contracts/id.ts";
import { pageMessages } from "~/lib/i18n.server";
import { fmt, pluralKey } from "#contracts/i18n/fmt.ts";


export const handle: PanelHandle = { title: "Greeting image" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Greeting image" }];

/** One post, full size with the active business's frame: download it or share it on WhatsApp. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const imageId = parseId(params.imageId);
  const { active } = await loadBusinesses(context);
  if (!active || !imageId) throw data("Not found", { status: 404 });
  const api = getApi(context);
  const [posts, frame] = await Promise.all([
    api.get("GET /image-post/ids", { query: { imageIds: String(imageId) } }),
    api.get("GET /image-post/frame-settings", { query: { businessId: active.businessId } }),
  ]);
  const post = posts.list[0];
  if (!post || post.mediaType !== "IMAGE") throw data("Not found", { status: 404 });
  const { limit, used, downloadedToday } = frame.greetingImages;
  // The API counts downloads; this only decides whether to offer the download or the upgrade.
  const canDownload = limit === -1 || used < limit || downloadedToday.includes(imageId);
  const t = pageMessages(context, "greetings");
  return { t, pageTitle: t.greetings.postTitle, imageId, businessId: active.businessId, businessName: active.businessName, sig: { version: frame.version, token: frame.token }, subcategoryName: post.subcategoryName, canDownload, limit };
}

export default function DailyImagePost({ loaderData }: Route.ComponentProps) {
  const { imageId, businessId, businessName, sig, subcategoryName, canDownload, limit } = loaderData;
  const t = loaderData.t.greetings;
  const download = brandedDownload(imageId, businessId);
  return (
    <div className="mx-auto max-w-xl space-y-4 pb-[65px]">
      <img
        src={brandedSrc(imageId, businessId, sig, "full")}
        alt={fmt(t.postAlt, { name: subcategoryName, business: businessName })}
        width={1080}
        height={1080}
        className="w-full rounded-xl ring-1 ring-slate-200"
      />
      {canDownload ? (
        <div className="grid gap-2 sm:grid-cols-2">
          <a href={download} download={`greeting-${imageId}.jpg`} className="flex items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white">
            {t.download}
          </a>
          <ShareFileButton
            fileUrl={download}
            fileName={`greeting-${imageId}.jpg`}
            type="image/jpeg"
            text={fmt(t.shareText, { name: subcategoryName, business: businessName })}
            unprepared={t.imageUnprepared}
            label={t.shareOnWhatsApp}
            upgradeOn403
          />
        </div>
      ) : (
        <Card>
          <p className="text-slate-700">
            {limit === 0 ? t.noImagesInPlan : fmt(t[`used${pluralKey(limit)}`], { n: limit })}
          </p>
          <UpgradeLink className="mt-2 inline-block font-semibold text-brand-dark underline">{t.seePlans}</UpgradeLink>
        </Card>
      )}
      <div className="flex justify-between text-sm">
        <Link to={DAILY_IMAGE} className="font-medium text-brand-dark underline">
          {t.backToGreetings}
        </Link>
        <Link to={href("/panel/customer/daily-image/frame-settings")} className="font-medium text-brand-dark underline">
          {t.changeFrame}
        </Link>
      </div>
    </div>
  );
}
