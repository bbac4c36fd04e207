import { apiBeacon } from "./api.client";

/**
 * Unhandled page errors and promise rejections go to POST /log (SPEC §8).
 * Failures are ignored; at most 20 reports per page load so a loop cannot flood the server.
 */
let sent = 0;

export function logToServer(level: "error" | "warn" | "info", message: string, additionalInfo?: unknown) {
  if (sent++ >= 20) return;
  try {
    apiBeacon("POST /log", { body: { level, message: message.slice(0, 2000), additionalInfo, source: "frontend" } });
  } catch {
    /* logging must never break a page */
  }
}

export function installClientErrorLogging() {
  window.addEventListener("error", (e) =>
    logToServer("error", e.message || "Unhandled error", { url: location.href, stack: e.error?.stack?.slice(0, 4000) }),
  );
  window.addEventListener("unhandledrejection", (e) =>
    logToServer("error", String(e.reason?.message ?? e.reason ?? "Unhandled rejection"), {
      url: location.href,
      stack: e.reason?.stack?.slice(0, 4000),
    }),
  );
}
