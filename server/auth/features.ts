import type { CustomerMenuKey, MenuItem } from "#contracts/menus.ts";
import type { AgencyConfiguration } from "#server/db/schema/core.ts";
import { CATALOGUES, type Catalogue } from "#contracts/i18n/messages.ts";

/** Product flags of an agency (SPEC §6 Product flags). */
export function agencyFeatures(config: AgencyConfiguration) {
  const imagePost = !!config.imagePost?.enableImagePost;
  const videoPosts = imagePost && !!config.imagePost?.isVideoPostsIncluded;
  const pdfCard = !!config.pdfCardConfig?.enablePdfCardProduct;
  const video = !!config.video?.enableVideo;
  return {
    imagePost,
    videoPosts,
    pdfCard,
    video,
    onlinePayment: !!config.onlinePayment?.enablePaymentIntegration,
    invitationTile: !!config.dashboardConfig?.showInvitationTileInCustomerDashboard,
    onlyDigitalCard: !imagePost && !pdfCard && !video,
  };
}
export type AgencyFeatures = ReturnType<typeof agencyFeatures>;

type Item = MenuItem<CustomerMenuKey>;

/**
 * The customer drawer's 'My Projects' and 'Create' groups and the home's tiles (SPEC §2 Customer
 * drawer): keys, never panel URLs; labels in the request's language (SPEC's English by default).
 */
export function customerMenu(f: AgencyFeatures, opts: { invitationSiteLink?: string | null }, t: Catalogue["menu"] = CATALOGUES.en.menu) {
  const greetings = f.videoPosts ? t.greetingImagesVideos : t.greetingImages;
  const invitation: Item | false = !!opts.invitationSiteLink && { key: "invitation", label: t.invitation, href: opts.invitationSiteLink };
  const myProjects: (Item | false)[] = [
    { key: "digital_card", label: t.digitalCard },
    f.pdfCard && { key: "pdf_id_card", label: t.pdfIdCard },
    f.video && { key: "promotional_video", label: t.promotionalVideos },
  ];
  const create: (Item | false)[] = [
    { key: "create-card", label: t.digitalCard },
    f.imagePost && { key: "greetings", label: greetings },
    f.pdfCard && { key: "pdf-card-templates", label: t.pdfIdCard },
    f.video && { key: "video-templates", label: t.promotionalVideos },
    invitation,
  ];
  // The customer home's tiles: the products this agency sells, plus the invitation tile when enabled.
  const home: (Item | false)[] = [
    { key: "digital_card", label: t.digitalCard },
    f.imagePost && { key: "greetings", label: greetings },
    f.pdfCard && { key: "pdf-card-templates", label: t.pdfIdCard },
    f.video && { key: "video-templates", label: t.promotionalVideos },
    f.invitationTile && invitation,
  ];
  const keep = (items: (Item | false)[]) => items.filter((i): i is Item => !!i);
  return { myProjects: keep(myProjects), create: keep(create), home: keep(home) };
}
