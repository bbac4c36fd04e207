import { href, Link } from "react-router";
import { Card } from "~/components/panel-shell";
import { UserVideoCard, usePollWhilePending, type UserVideoView, type UserVideoWords } from "~/components/promo-videos/user-video-card";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { useLanguage } from "~/lib/i18n";

/** The order the groups show in: what is still coming first, then what is done. */
const GROUPS = [
  { key: "making", heading: "beingMade", has: (v: UserVideoView) => v.status === "queued" || v.status === "rendering" },
  { key: "ready", heading: "readyToDownload", has: (v: UserVideoView) => v.status === "ready" },
  { key: "failed", heading: "couldNotBeMade", has: (v: UserVideoView) => v.status === "failed" },
] as const;

/**
 * My Projects' Promotional videos tab: the active business's ordered videos by state, with
 * their progress (asked again while any is being made; the Refresh link without JavaScript)
 * and their download, and the way to order one.
 */
export function PromoVideoProject({
  business,
  videos,
  t,
  videoWords,
}: {
  business: { businessId: number; businessName: string } | null;
  videos: UserVideoView[];
  t: Catalogue["projects"];
  videoWords: UserVideoWords;
}) {
  usePollWhilePending(videos.some((v) => v.status === "queued" || v.status === "rendering"));
  const lang = useLanguage();
  if (!business) {
    return (
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">{t.promoVideos}</h2>
        <p className="mt-2 text-slate-600">{t.addBusinessFirstVideos}</p>
      </Card>
    );
  }
  const templates = `${href("/panel/customer/video-templates")}?businessId=${business.businessId}`;
  const here = `${href("/panel/customer/projects")}?projectType=promotional_video&businessId=${business.businessId}`;
  return (
    <div className="space-y-5">
      {videos.length ? (
        GROUPS.map((g) => {
          const mine = videos.filter(g.has);
          if (!mine.length) return null;
          return (
            <section key={g.key} aria-labelledby={`videos-${g.key}`}>
              <h2 id={`videos-${g.key}`} className="mb-2 font-semibold text-slate-900">
                {fmt(t[g.heading], { n: mine.length })}
              </h2>
              <ul className="space-y-3">
                {mine.map((v) => (
                  <UserVideoCard key={v.videoNo} video={v} refreshTo={here} deleteTo={`${templates}&delete=${v.videoNo}`} t={videoWords} lang={lang} />
                ))}
              </ul>
            </section>
          );
        })
      ) : (
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">{t.noVideos}</h2>
          <p className="mt-2 text-slate-600">{fmt(t.videosPitch, { business: business.businessName })}</p>
        </Card>
      )}
      <Link to={templates} className="inline-block font-semibold text-brand-dark underline">
        {t.orderVideo}
      </Link>
    </div>
  );
}
