/**
 * Housekeeping (server/auth/housekeeping.ts, ADR 0022 appendix): expired and idle sessions and
 * old client logs go; live ones stay. It runs as a queue job, once at start and hourly.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { inArray } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { agencies, clientLogs, sessions } from "#server/db/schema/core.ts";
import { CLIENT_LOG_RETENTION_MS, OTP_MESSAGE_RETENTION_MS, purgeExpired, startHousekeepingJobs } from "#server/auth/housekeeping.ts";
import { outboundMessages } from "#server/db/schema/messages.ts";
import { SESSION_IDLE_MS } from "#server/auth/session.ts";
import { silentLogger } from "#server/services/logger.ts";
import { createTestApi, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
let agencyId: number;
beforeAll(async () => {
  t = await createTestApi();
  agencyId = (await t.db.select({ id: agencies.id }).from(agencies).limit(1))[0].id;
});
afterAll(() => t?.close());

const HOUR = 3600_000;
async function addSession(o: { expiresInMs: number; lastSeenAgoMs?: number }) {
  const id = `test-${randomUUID()}`;
  const now = Date.now();
  await t.db.insert(sessions).values({ id, agencyId, expiresAt: new Date(now + o.expiresInMs), lastSeenAt: new Date(now - (o.lastSeenAgoMs ?? 0)) });
  return id;
}
const remaining = async (ids: string[]) => (await t.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids))).map((r) => r.id).sort();

describe("purgeExpired", () => {
  test("expired and idle sessions go, a live one stays", async () => {
    const live = await addSession({ expiresInMs: 24 * HOUR, lastSeenAgoMs: HOUR });
    const expired = await addSession({ expiresInMs: -HOUR });
    const idle = await addSession({ expiresInMs: 24 * HOUR, lastSeenAgoMs: SESSION_IDLE_MS + HOUR });
    await purgeExpired(t.db, new Date());
    expect(await remaining([live, expired, idle])).toEqual([live]);
  });

  test("client logs older than 30 days go, recent ones stay", async () => {
    const rows = await t.db
      .insert(clientLogs)
      .values([
        { level: "error", message: "old", source: "test", createdAt: new Date(Date.now() - CLIENT_LOG_RETENTION_MS - HOUR) },
        { level: "error", message: "recent", source: "test", createdAt: new Date(Date.now() - HOUR) },
      ])
      .returning({ id: clientLogs.id });
    await purgeExpired(t.db, new Date());
    const left = await t.db.select({ message: clientLogs.message }).from(clientLogs).where(inArray(clientLogs.id, rows.map((r) => r.id)));
    expect(left.map((r) => r.message)).toEqual(["recent"]);
  });

  test("sign-in code messages older than a week go; other messages, however old, stay (they stop a second send)", async () => {
    const old = new Date(Date.now() - OTP_MESSAGE_RETENTION_MS - HOUR);
    const row = (eventKey: string, purpose: "otp" | "reminder", createdAt: Date) => ({ agencyId, eventKey, channel: "sms" as const, purpose, recipient: "9812300000", body: "x", status: "sent" as const, createdAt });
    const rows = await t.db
      .insert(outboundMessages)
      .values([row("otp:old", "otp", old), row("otp:recent", "otp", new Date(Date.now() - HOUR)), row("renewal:old", "reminder", old)])
      .returning({ id: outboundMessages.id });
    await purgeExpired(t.db, new Date());
    const left = await t.db.select({ eventKey: outboundMessages.eventKey }).from(outboundMessages).where(inArray(outboundMessages.id, rows.map((r) => r.id)));
    expect(left.map((r) => r.eventKey).sort()).toEqual(["otp:recent", "renewal:old"]);
  });
});

test("on the queue: the server's start sends a run, and the worker purges", async () => {
  const live = await addSession({ expiresInMs: 24 * HOUR });
  const expired = await addSession({ expiresInMs: -HOUR });
  await startHousekeepingJobs(t.db, silentLogger, t.queue);
  await expect.poll(() => remaining([live, expired]), { timeout: 20_000 }).toEqual([live]);
});
