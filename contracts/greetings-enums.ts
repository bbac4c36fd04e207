/**
 * Greeting images and videos (SPEC §3): the option lists and texts the API and the panel share,
 * with no imports, so pages take them without zod.
 */

export const PLACEMENTS = ["HOME_PAGE", "GREETING_IMAGE_PAGE", "COMMON"] as const;
export type Placement = (typeof PLACEMENTS)[number];
export const MEDIA_TYPES = ["IMAGE", "VIDEO"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const POST_SHAPES = ["SQUARE", "STORY"] as const;
export type PostShape = (typeof POST_SHAPES)[number];
export const MEDIA_KINDS = ["SQUARE_IMAGE", "SQUARE_VIDEO", "STORY_IMAGE", "STORY_VIDEO"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const mediaKindOf = (mediaType: MediaType, postShape: PostShape) => `${postShape}_${mediaType}` as MediaKind;

export const FRAME_NAMES = ["frame7", "frame2", "frame3"] as const;
export type FrameName = (typeof FRAME_NAMES)[number];
export const FRAME_HEIGHTS = ["HEIGHT-1", "HEIGHT-2", "HEIGHT-3"] as const;
export type FrameHeight = (typeof FRAME_HEIGHTS)[number];
export const FRAME_DISPLAYS = ["all-details", "only-logo"] as const;
export type FrameDisplay = (typeof FRAME_DISPLAYS)[number];
export const FRAME_DETAIL_KEYS = ["logo", "name", "phone", "whatsapp", "email", "address", "website", "cardLink"] as const;
export type FrameDetailKey = (typeof FRAME_DETAIL_KEYS)[number];

/** What each frame is called on the frame settings page, and which plan switch hides it (ADR 0021). */
export const FRAME_LABELS: Record<FrameName, { label: string; kind: "regular" | "product" | "political" }> = {
  frame7: { label: "Regular (dark band)", kind: "regular" },
  frame2: { label: "Product (light band)", kind: "product" },
  frame3: { label: "Political (ribbon and strip)", kind: "political" },
};

export const PLACEMENT_LABELS: Record<Placement, string> = {
  HOME_PAGE: "Home page",
  GREETING_IMAGE_PAGE: "Greeting images page",
  COMMON: "Everywhere",
};

/** Greeting uploads: images up to 10 MB, videos up to 50 MB, at most 30 files per request. */
export const MAX_GREETING_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_GREETING_VIDEO_BYTES = 50 * 1024 * 1024;
export const MAX_FILES_PER_UPLOAD = 30;
/** A preview (generate-low-quality-image-post) is at most this many bytes. */
export const LOW_QUALITY_MAX_BYTES = 30 * 1024;

export const GREETING_TEXTS = {
  notEnabled: "Greeting images are not enabled for this agency.",
  videosNotIncluded: "Greeting videos are not included for this agency.",
  postNotFound: "We could not find this greeting.",
  categoryNotFound: "We could not find this category.",
  subcategoryNotFound: "We could not find this subcategory.",
  tagNotFound: "We could not find this tag.",
  wrongFileType: "Choose a JPEG, PNG or WebP image, or an MP4 video.",
  badImage: "This file is not an image we can read.",
  frameHidden: "Your plan does not include this frame.",
  /** The agency's greeting-image bill is unpaid past its grace (ADR 0021 Gates, ADR 0023). */
  paused: (agencyName: string, contact: string[]) =>
    `Greeting images are paused because ${agencyName}'s greeting-image service bill is unpaid. Your digital card is not affected. Please contact ${agencyName}${contact.length ? ` (${contact.join(", ")})` : ""} to resume them.`,
  /** Staff switched greeting posts off on the business's card (POST /updateImagePostStatus). */
  cardOff: "Greeting images are switched off for this business. Please contact your agency to switch them on.",
} as const;
