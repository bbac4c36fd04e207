import type { AgencyConfiguration } from "#server/db/schema/core.ts";

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

export type CustomerMenuItem = { key: string; label: string; to: string; external?: boolean };

/** The customer drawer's 'My Projects' and 'Create' groups (SPEC §2 Customer drawer). */
export function customerMenu(f: AgencyFeatures, opts: { businessId?: number | null; invitationSiteLink?: string | null }) {
  const c = "/panel/customer";
  const q = opts.businessId ? `?businessId=${opts.businessId}` : "";
  const myProjects: (CustomerMenuItem | false)[] = [
    { key: "digital_card", label: "Digital business card", to: `${c}/projects?projectType=digital_card` },
    f.pdfCard && { key: "pdf_id_card", label: "Pdf id card", to: `${c}/projects?projectType=pdf_id_card` },
    f.video && { key: "promotional_video", label: "Promotional videos", to: `${c}/projects?projectType=promotional_video` },
  ];
  const create: (CustomerMenuItem | false)[] = [
    { key: "create-card", label: "Digital business card", to: `${c}/businesses/add?shouldRedirectToDigitalCardEditorOnAddBusiness=true&shouldCreateDigitalCard=true` },
    f.imagePost && { key: "greetings", label: f.videoPosts ? "Greeting images/videos" : "Greeting images", to: `${c}/daily-image` },
    f.pdfCard && { key: "create-pdf", label: "Pdf id card", to: `${c}/pdf-card-templates${q}` },
    f.video && { key: "create-video", label: "Promotional videos", to: `${c}/video-templates${q}` },
    !!opts.invitationSiteLink && { key: "invitation", label: "Digital invitation card", to: opts.invitationSiteLink, external: true },
  ];
  // The customer home's tiles: the products this agency sells, plus the invitation tile when enabled.
  const home: (CustomerMenuItem | false)[] = [
    { key: "card", label: "Digital business card", to: `${c}/projects?projectType=digital_card` },
    f.imagePost && { key: "greetings", label: f.videoPosts ? "Greeting images/videos" : "Greeting images", to: `${c}/daily-image` },
    f.pdfCard && { key: "pdf", label: "Pdf id card", to: `${c}/pdf-card-templates${q}` },
    f.video && { key: "video", label: "Promotional videos", to: `${c}/video-templates${q}` },
    f.invitationTile &&
      !!opts.invitationSiteLink && { key: "invitation", label: "Digital invitation card", to: opts.invitationSiteLink, external: true },
  ];
  const keep = (items: (CustomerMenuItem | false)[]) => items.filter((i): i is CustomerMenuItem => !!i);
  return { myProjects: keep(myProjects), create: keep(create), home: keep(home) };
}
