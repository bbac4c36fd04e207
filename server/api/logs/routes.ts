import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import type { ApiContext } from "#server/api/lib/env.ts";
import { enforceLimit } from "#server/api/lib/limits.ts";
import { storeAnalyticsEvents, storeClientLog } from "./service.ts";

const tag = "Logs";

/** Logs are public endpoints: each network may write a bounded number of rows a minute. */
const limitWrites = (c: ApiContext, kind: string) =>
  enforceLimit(c, { key: `${kind}-ip:${c.get("clientIp")}`, limit: 60, windowSeconds: 60, message: "Too many log messages. Please slow down." });
/** JSON of bounded size: client logs must never grow the database without limit. */
const boundedJson = (maxChars: number) =>
  z.unknown().refine((v) => v === undefined || JSON.stringify(v).length <= maxChars, `Must be at most ${maxChars} characters of JSON.`);

export const postLog = defineRoute({
  method: "post",
  path: "/log",
  tag,
  summary: "Store a log line from the browser.",
  access: access.public,
  body: z.object({
    level: z.enum(["debug", "info", "warn", "error"], { error: "level must be debug, info, warn or error." }),
    message: z.string({ error: "message is required." }).min(1, "message is required.").max(2000, "message is too long."),
    additionalInfo: boundedJson(8000).optional(),
    source: z.literal("frontend", { error: "source must be 'frontend'." }),
  }),
  response: z.object({ logged: z.boolean() }),
  async handler({ c, body, agency }) {
    await limitWrites(c, "log");
    await storeClientLog(c.get("deps").db, agency.id, body, c.req.header("user-agent"));
    return { logged: true };
  },
});

const logEvent = z.object({
  logEventName: z.string({ error: "logEventName is required." }).min(1, "logEventName is required.").max(100, "logEventName is too long."),
  sessionId: z.string().max(100).optional(),
  context: boundedJson(4000).optional(),
  pageUrl: z.string().max(2000).optional(),
  metaData: boundedJson(4000).optional(),
});

export const postAnalyticsLog = defineRoute({
  method: "post",
  path: "/analytics/log",
  tag,
  summary: "Store analytics events (signed-in actor attached when present).",
  access: access.public,
  body: z.object({
    logEvents: z.array(logEvent, { error: "logEvents must be a list." }).min(1, "logEvents is empty.").max(50, "Send at most 50 events at once."),
  }),
  response: z.object({ logged: z.number() }),
  async handler({ c, body, agency, actor }) {
    await limitWrites(c, "analytics");
    await storeAnalyticsEvents(c.get("deps").db, actor, agency.id, body.logEvents);
    return { logged: body.logEvents.length };
  },
});

export const logRoutes = [postLog, postAnalyticsLog] as const;
