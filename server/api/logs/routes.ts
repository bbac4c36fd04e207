import { z } from "zod";
import { analyticsEvents, clientLogs } from "#server/db/schema/core.ts";
import { access } from "#server/auth/roles.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import type { ApiContext } from "#server/api/lib/env.ts";
import { enforceLimit } from "#server/api/lib/limits.ts";

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
    await c.get("deps").db.insert(clientLogs).values({
      agencyId: agency.id,
      level: body.level,
      message: body.message,
      additionalInfo: body.additionalInfo ?? null,
      source: body.source,
      userAgent: c.req.header("user-agent")?.slice(0, 300),
    });
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
    await c.get("deps").db.insert(analyticsEvents).values(
      body.logEvents.map((e) => ({
        agencyId: agency.id,
        userId: actor.kind === "customer" ? actor.userId : null,
        franchiseeId: actor.kind === "staff" ? actor.franchiseeId : null,
        logEventName: e.logEventName,
        sessionId: e.sessionId ?? null,
        context: e.context ?? null,
        pageUrl: e.pageUrl ?? null,
        metaData: e.metaData ?? null,
      })),
    );
    return { logged: body.logEvents.length };
  },
});

export const logRoutes = [postLog, postAnalyticsLog] as const;
