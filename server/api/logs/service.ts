import type { Db } from "#server/db/client.ts";
import { analyticsEvents, clientLogs } from "#server/db/schema/core.ts";
import type { Actor } from "#server/auth/roles.ts";

type ClientLog = { level: "debug" | "info" | "warn" | "error"; message: string; additionalInfo?: unknown; source: "frontend" };
type AnalyticsEvent = { logEventName: string; sessionId?: string; context?: unknown; pageUrl?: string; metaData?: unknown };

/** A log line from the browser. */
export async function storeClientLog(db: Db, agencyId: number, log: ClientLog, userAgent: string | undefined) {
  await db.insert(clientLogs).values({
    agencyId,
    level: log.level,
    message: log.message,
    additionalInfo: log.additionalInfo ?? null,
    source: log.source,
    userAgent: userAgent?.slice(0, 300),
  });
}

/** Analytics events, with the signed-in actor attached when there is one. */
export async function storeAnalyticsEvents(db: Db, actor: Actor, agencyId: number, events: AnalyticsEvent[]) {
  await db.insert(analyticsEvents).values(
    events.map((e) => ({
      agencyId,
      userId: actor.kind === "customer" ? actor.userId : null,
      franchiseeId: actor.kind === "staff" ? actor.franchiseeId : null,
      logEventName: e.logEventName,
      sessionId: e.sessionId ?? null,
      context: e.context ?? null,
      pageUrl: e.pageUrl ?? null,
      metaData: e.metaData ?? null,
    })),
  );
}
