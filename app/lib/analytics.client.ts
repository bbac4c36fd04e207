/**
 * Customer analytics (SPEC §4 Session, §9): a session is active while the last interaction was
 * within 30 minutes, else a new one starts with a START_SESSION event. Activity is recorded at
 * most once per 5 s, only on /customer paths. Events go to POST /analytics/log; the
 * data layer (tag manager) gets them only on the product's main host. Failures are ignored.
 */
import { apiFetch } from "./api.client";

export const SESSION_TIMEOUT_MS = 1_800_000;
const ACTIVITY_THROTTLE_MS = 5_000;
const KEY = "cp_analytics_session";

type StoredSession = { sessionId: string; lastInteractionTimestamp: number };
type Win = Window & { dataLayer?: unknown[] };

let lastWrite = 0;

function read(): StoredSession | null {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? "null") as StoredSession | null;
  } catch {
    return null;
  }
}

function write(s: StoredSession) {
  try {
    localStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    /* private mode: analytics only */
  }
}

export function isCustomerPath(pathname: string) {
  return pathname.includes("/customer");
}

export function logEvent(logEventName: string, opts: { isMainHost: boolean; metaData?: Record<string, unknown> }) {
  if (!isCustomerPath(location.pathname)) return;
  const session = touchSession(opts.isMainHost, true);
  const event = { logEventName, sessionId: session.sessionId, pageUrl: location.href, metaData: opts.metaData };
  if (opts.isMainHost) ((window as Win).dataLayer ??= []).push({ event: logEventName, ...opts.metaData });
  void apiFetch("POST /analytics/log", { body: { logEvents: [event] } }, { keepalive: true }).catch(() => {});
}

/** The current analytics session, starting a new one (and logging START_SESSION) when it lapsed. */
export function touchSession(isMainHost: boolean, force = false): StoredSession {
  const now = Date.now();
  const current = read();
  if (current && now - current.lastInteractionTimestamp <= SESSION_TIMEOUT_MS) {
    if (force || now - lastWrite >= ACTIVITY_THROTTLE_MS) {
      lastWrite = now;
      write({ ...current, lastInteractionTimestamp: now });
    }
    return current;
  }
  // randomUUID needs a secure context; plain-http hosts get a random string instead.
  const sessionId = crypto.randomUUID?.() ?? `${now.toString(36)}-${Math.random().toString(36).slice(2)}`;
  const next = { sessionId, lastInteractionTimestamp: now };
  write(next);
  lastWrite = now;
  logEvent("START_SESSION", { isMainHost });
  return next;
}

/** Record activity (throttled) while a customer uses the panel. */
export function installActivityTracking(isMainHost: boolean) {
  const onActivity = () => {
    if (isCustomerPath(location.pathname) && Date.now() - lastWrite >= ACTIVITY_THROTTLE_MS) touchSession(isMainHost);
  };
  for (const type of ["pointerdown", "keydown", "scroll"] as const) window.addEventListener(type, onActivity, { passive: true });
  return () => {
    for (const type of ["pointerdown", "keydown", "scroll"] as const) window.removeEventListener(type, onActivity);
  };
}
