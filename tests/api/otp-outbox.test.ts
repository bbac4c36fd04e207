/**
 * Sign-in codes go through the outbox (ADR 0053, issue 25) and still reach the person in the same
 * request: one row per challenge and send, the code sealed in the row (never in plain text in the
 * database) and cleared once sent; a provider failure is the 503 the person sees, and the row is
 * dead (never sent late, never sent again by staff). The SMS provider is a stand-in on loopback.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like, sql } from "drizzle-orm";
import { outboundMessages } from "#server/db/schema/messages.ts";
import { deliverMessage, retryDeadMessage, sendMessageJob, SEND_NOW_FALLBACK_SECONDS } from "#server/api/messages/outbox.ts";
import { createTestApi, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
let provider: http.Server;
const received: { to: string; message: string }[] = [];
let failNext = 0;

beforeAll(async () => {
  provider = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      if (failNext > 0) {
        failNext--;
        return void res.writeHead(500).end('{"error":"provider down"}');
      }
      received.push(JSON.parse(raw) as { to: string; message: string });
      res.writeHead(200, { "content-type": "application/json" }).end('{"status":"queued"}');
    });
  });
  await new Promise<void>((r) => provider.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/sms`;
  t = await createTestApi({ env: { SMS_API_URL: url, OTP_OUTBOX: "false" } });
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => provider.close(r));
});

const phone = (n: number) => `95${String(10_000_000 + n)}`;
const rowsTo = (to: string) => t.db.select().from(outboundMessages).where(and(eq(outboundMessages.recipient, to), like(outboundMessages.eventKey, "otp:%")));
const codeIn = (m: { message: string }) => /^\d{6}/.exec(m.message)?.[0];

describe("sign-in codes through the outbox", () => {
  it("reaches the provider in the request that asked, once per send, the code sealed and then cleared", async () => {
    const to = phone(1);
    const b = t.client.browser();
    expect((await b.post("/verifyUser", { phoneNumber: to, fromForgotPassword: false })).status).toBe(200);
    const sms = received.filter((m) => m.to === `+91${to}`);
    expect(sms).toHaveLength(1);
    const code = codeIn(sms[0]!)!;
    expect(code).toMatch(/^\d{6}$/);

    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ purpose: "otp", channel: "sms", status: "sent", sealed: null, attempts: 1 });
    expect(row!.eventKey).toMatch(/^otp:.+:1$/);
    // The database never held the code in plain text: the body has a stand-in for it.
    expect(row!.body).toContain("{secret}");
    expect(row!.body).not.toContain(code);
    // The queue's fallback job (for a process that died before sending) waits a minute, then finds it sent.
    const jobs = (await t.db.execute(sql`select start_after, created_on from pgboss.job where name = ${sendMessageJob.name} and data->>'messageId' = ${String(row!.id)}`)) as unknown as {
      rows: { start_after: Date; created_on: Date }[];
    };
    expect(jobs.rows).toHaveLength(1);
    expect(new Date(jobs.rows[0]!.start_after).getTime() - new Date(jobs.rows[0]!.created_on).getTime()).toBeGreaterThanOrEqual((SEND_NOW_FALLBACK_SECONDS - 1) * 1000);
    expect(await deliverMessage(t.deps, t.queue, { data: { messageId: row!.id }, isLastAttempt: false })).toBe("skipped");
    expect(received.filter((m) => m.to === `+91${to}`)).toHaveLength(1);

    // The code works: the person signs up with it.
    expect((await b.post("/verifyOtp", { otp: code })).status).toBe(200);
  });

  it("a resend is a new message with the new code", async () => {
    const to = phone(2);
    const b = t.client.browser();
    await b.post("/verifyUser", { phoneNumber: to, fromForgotPassword: false });
    t.clock.advance(31_000);
    expect((await b.post("/resendOtp", {})).status).toBe(200);
    const rows = await rowsTo(to);
    expect(rows.map((r) => r.eventKey.split(":").at(-1)).sort()).toEqual(["1", "2"]);
    const sms = received.filter((m) => m.to === `+91${to}`);
    expect(sms).toHaveLength(2);
    expect((await b.post("/verifyOtp", { otp: codeIn(sms[1]!)! })).status).toBe(200);
  });

  it("a provider failure is the 503 the person sees; the row is dead, its code gone, and staff cannot send it again", async () => {
    const to = phone(3);
    failNext = 1;
    const res = await t.client.browser().post("/verifyUser", { phoneNumber: to, fromForgotPassword: false });
    expect(res.status).toBe(503);
    expect(res.json.message).toBe("We could not send the OTP just now. Please try again in a minute.");
    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ status: "dead", sealed: null, lastError: expect.stringMatching(/500/) });
    expect(await retryDeadMessage(t.deps, row!.agencyId, row!.id)).toEqual({ requeued: false });
    expect(received.filter((m) => m.to === `+91${to}`)).toHaveLength(0);
  });
});
