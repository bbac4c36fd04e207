/* Promotional videos (ADR 0025): zod-free constants and texts the API and the panel share. */

export const USER_VIDEO_STATES = ["queued", "rendering", "ready", "failed"] as const;
export type UserVideoState = (typeof USER_VIDEO_STATES)[number];

/** Generated backgrounds: ffmpeg lavfi presets drawn at render time (nothing stored). */
export const VIDEO_BACKGROUNDS = ["sunrise", "ocean", "festive", "midnight"] as const;
export type VideoBackground = (typeof VIDEO_BACKGROUNDS)[number];
export const VIDEO_BACKGROUND_LABELS: Record<VideoBackground, string> = {
  sunrise: "Sunrise (orange, warm)",
  ocean: "Ocean (blue, calm)",
  festive: "Festive (magenta, bright)",
  midnight: "Midnight (dark, elegant)",
};
/** The swatch the panel shows for a generated background (its first frame's colour). */
export const VIDEO_BACKGROUND_COLORS: Record<VideoBackground, string> = {
  sunrise: "#e8590c",
  ocean: "#0f3d6e",
  festive: "#d6336c",
  midnight: "#1b1b2f",
};

/** The placeholders a template may place. */
export const VIDEO_PLACEHOLDER_KEYS = ["logo", "businessName", "tagline", "phone", "offer"] as const;
export type VideoPlaceholderKey = (typeof VIDEO_PLACEHOLDER_KEYS)[number];
export const VIDEO_PLACEHOLDER_LABELS: Record<VideoPlaceholderKey, string> = {
  logo: "Logo",
  businessName: "Business name",
  tagline: "Tagline",
  phone: "Phone number",
  offer: "Offer text",
};

export const VIDEO_TEMPLATE_LIMITS = { minSeconds: 5, maxSeconds: 30, maxText: 80 } as const;

/**
 * An uploaded background (issue 26): an image, cropped to fill the portrait frame, or an MP4
 * that loops under the text. The MP4's limit stays under the panel's 10 MiB form post, so the
 * script-free form can carry it.
 */
export const VIDEO_BACKGROUND_LIMITS = { imageBytes: 5 * 1024 * 1024, videoBytes: 8 * 1024 * 1024, videoSeconds: 60, minSide: 360 } as const;
/** Fixed sentences (the limits are constants), so the errors catalogue translates them. */
export const VIDEO_BACKGROUND_TEXTS = {
  chooseFile: "Choose an image or an MP4 to upload.",
  wrongType: "Upload a JPEG, PNG or WebP image, or an MP4 video.",
  imageTooLarge: "The image is larger than 5 MB.",
  videoTooLarge: "The video is larger than 8 MB.",
  videoTooLong: "The video is longer than 60 seconds.",
  tooSmall: "The background must be at least 360 pixels wide and high.",
  badImage: "This image cannot be read. Save it again as a JPEG or PNG.",
  badVideo: "This video cannot be read. Export it again as an MP4.",
  notFound: "This background file was not found. Upload it again.",
} as const;

/** How often the panel asks for progress while a video waits or renders. */
export const USER_VIDEO_POLL_MS = 1500;

export const PROMO_VIDEO_TEXTS = {
  notEnabled: "Promotional videos are not enabled.",
  templateNotFound: "Video template not found.",
  videoNotFound: "Video not found.",
  unavailable: "Videos cannot be made right now. Please try again later.",
  needsPayment: "Your plan does not include promotional videos. Buy one video to continue.",
  queued: "Waiting to start…",
  rendering: "Making your video…",
  ready: "Your video is ready.",
  failed: "We could not make this video.",
  failedGeneric: "Something went wrong while making your video. Please try again.",
  ordered: "We are making your promotional video.",
  order: "Make my video",
  download: "Download video",
  share: "Share on WhatsApp",
  refresh: "Refresh",
  deleted: "Video deleted.",
  timingOrder: "The end must be after the start.",
} as const;

/** Where each placeholder goes when a template does not say (percent of the frame, seconds). */
export const VIDEO_DEFAULT_LAYOUT: Record<VideoPlaceholderKey, { x: number; y: number; w: number; h: number; start: number; end: number; color: string }> = {
  logo: { x: 35, y: 12, w: 30, h: 17, start: 0.5, end: 15, color: "#ffffff" },
  businessName: { x: 8, y: 34, w: 84, h: 10, start: 1, end: 15, color: "#ffffff" },
  tagline: { x: 10, y: 46, w: 80, h: 6, start: 2, end: 15, color: "#ffffff" },
  offer: { x: 8, y: 58, w: 84, h: 12, start: 3, end: 15, color: "#ffe066" },
  phone: { x: 15, y: 78, w: 70, h: 7, start: 4, end: 15, color: "#ffffff" },
};
