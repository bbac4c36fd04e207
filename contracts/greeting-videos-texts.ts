/* Branded greeting videos (ADR 0022): zod-free statuses and texts the API and the panel share. */

export const GREETING_VIDEO_STATUSES = ["none", "queued", "rendering", "ready", "failed"] as const;
export type GreetingVideoState = (typeof GREETING_VIDEO_STATUSES)[number];

/** How often the panel asks for progress while a render waits or runs. */
export const GREETING_VIDEO_POLL_MS = 1500;

export const GREETING_VIDEO_TEXTS = {
  notAVideo: "This greeting is not a video.",
  unavailable: "Branded videos cannot be made right now. Please try again later.",
  request: "Make my branded video",
  retry: "Try again",
  queued: "Waiting to start…",
  rendering: "Adding your frame…",
  ready: "Your branded video is ready.",
  failed: "We could not make this video.",
  download: "Download video",
  refresh: "Refresh",
  requested: "We are making your branded video.",
  failedGeneric: "Something went wrong while adding your frame. Please try again.",
} as const;
