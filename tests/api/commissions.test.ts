/**
 * Franchisee commissions (ADR 0069): a rate per franchisee, one ledger line per paid plan of a
 * business the franchisee made (sale, then renewals) written in the grant's transaction, one
 * reversing line per reversal, monthly statements (JSON, CSV, PDF), payouts paid once, tenancy.
 * Also the dead-letter retry (ADR 0053) the staff page uses.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { agencies, franchisees } from "#server/db/schema/core.ts";
import { subscriptionPlans } from "#server/db/schema/billing.ts";
import { commissionLines, commissionPayouts } from "#server/db/schema/commissions.ts";
import { outboundMessages } from "#server/db/schema/messages.ts";
import { sendMessageJob } from "#server/api/messages/outbox.ts";
import { commissionFollower } from "#server/api/commissions/service.ts";
import { createTestApi, PLATFORM_HOST, ROLES, type TestApi } from "../support/api-harness.ts";
import { insertBusiness } from "../support/factories.ts";

let t: TestApi;
let staff: Record<string, number>;
let planId: number;
let agencyId: number;
/** 15:00 India time on 10 Dec 2026: the statements' month is 2026-12. */
const NOW = new Date("2026-12-10T09:30:00Z");
const MONTH = "2026-12";

beforeAll(async () => {
  t = await createTestApi();
  t.clock.set(NOW);
  staff = Object.fromEntries((await t.db.select().from(franchisees)).map((f) => [f.phoneNumber, f.id]));
  [{ subscriptionPlanId: planId, agencyId }] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, "Premium"));
});
afterAll(() => t?.close());

const franchiseeId = () => staff["9000000003"]!;
const setRate = (basis: "percent" | "fixed", rate: number, id = franchiseeId()) => t.requestAs("admin", "PUT", "/commissions/rate", { body: { franchiseeId: id, basis, rate } });
const pay = async (businessId: number, paymentAmount: number) => {
  const res = await t.requestAsUnchecked("admin", "POST", "/card-payment", { body: { isManualUpdate: true, businessId, planId, paymentAmount, paymentMethod: "cash" } });
  expect(res.status, res.text).toBe(200);
  return res.json.recordNo as number;
};
const linesOf = (recordNo: number) => t.db.select().from(commissionLines).where(eq(commissionLines.recordNo, recordNo)).orderBy(commissionLines.id);
const statement = (role: Parameters<TestApi["requestAs"]>[0], id = franchiseeId(), month = MONTH) =>
  t.requestAs(role, "GET", "/commissions/statement", { query: { franchiseeId: id, month } });

describe("commission lines", () => {
  test("a percentage on the sale, then on a renewal; a fixed amount after the rate changes; nothing for a business nobody brought", async () => {
    expect((await setRate("percent", 1250)).status).toBe(200);
    const b = await insertBusiness(t, { madeByFranchiseeId: franchiseeId(), name: "Asha Tailors" });
    const sale = await pay(b.businessId, 49900);
    expect(await linesOf(sale)).toMatchObject([{ kind: "sale", paymentAmount: 49900, basis: "percent", rate: 1250, amount: 6238, month: MONTH, franchiseeId: franchiseeId(), businessName: "Asha Tailors", planName: "Premium" }]);
    const renewal = await pay(b.businessId, 40000);
    expect(await linesOf(renewal)).toMatchObject([{ kind: "renewal", amount: 5000 }]);

    expect((await setRate("fixed", 15000)).status).toBe(200);
    // Another amount: the same one within seconds is a double click (the first payment returned).
    const fixed = await pay(b.businessId, 45000);
    expect(await linesOf(fixed)).toMatchObject([{ kind: "renewal", basis: "fixed", rate: 15000, amount: 15000 }]);

    // The seeded admin's businesses and a business without a maker earn nothing.
    const own = await insertBusiness(t, {});
    expect(await linesOf(await pay(own.businessId, 49900))).toEqual([]);
    // A franchisee without a rate earns nothing either.
    const other = await insertBusiness(t, { madeByFranchiseeId: staff["9000000002"] });
    expect(await linesOf(await pay(other.businessId, 49900))).toEqual([]);

    // A replayed grant writes no second line (one line per payment, unique in the database).
    await t.db.transaction((tx) => commissionFollower.granted(tx, { agencyId, recordNo: sale, businessId: b.businessId, now: NOW, businessName: "Replay", madeByFranchiseeId: franchiseeId(), amount: 1, planName: "Replay" }));
    expect(await linesOf(sale)).toHaveLength(1);
  });

  test("a reversed payment reverses its commission once", async () => {
    const b = await insertBusiness(t, { madeByFranchiseeId: franchiseeId(), name: "Ravi Mobiles" });
    const recordNo = await pay(b.businessId, 20000);
    const [earned] = await linesOf(recordNo);
    expect(earned).toMatchObject({ kind: "sale", amount: 15000 });
    for (let i = 0; i < 2; i++) {
      const res = await t.requestAs("admin", "DELETE", "/card-payment", { query: { recordNo } });
      expect(res.status, res.text).toBe(200);
    }
    expect(await linesOf(recordNo)).toMatchObject([
      { kind: "sale", amount: 15000 },
      { kind: "reversal", amount: -15000, paymentAmount: -20000, month: MONTH },
    ]);
  });

  test("rates: admins only, percent at most 100 %, another agency's staff 404", async () => {
    expect((await setRate("percent", 10_001)).status).toBe(422);
    expect((await t.requestAs("franchisee", "PUT", "/commissions/rate", { body: { franchiseeId: franchiseeId(), basis: "percent", rate: 100 } })).status).toBe(403);
    const res = await t.requestAs("otherAgencyAdmin", "PUT", "/commissions/rate", { body: { franchiseeId: franchiseeId(), basis: "percent", rate: 100 } });
    expect(res.status).toBe(404);
  });
});

describe("statements and payouts", () => {
  test("the month's lines and totals; the franchisee sees their own, read-only; anyone else 404", async () => {
    const res = await statement("admin");
    expect(res.status, res.text).toBe(200);
    const s = res.json;
    expect(s).toMatchObject({ franchisee: { franchiseeId: franchiseeId(), name: expect.any(String) }, month: MONTH, rate: { basis: "fixed", rate: 15000 }, manage: true, payout: null });
    expect(s.lines.map((l: { kind: string; amount: number }) => [l.kind, l.amount])).toEqual([
      ["sale", 6238],
      ["renewal", 5000],
      ["renewal", 15000],
      ["sale", 15000],
      ["reversal", -15000],
    ]);
    expect(s.totals).toEqual({ earned: 41238, reversed: -15000, net: 26238 });
    expect(s.balance).toBe(26238);

    const own = await statement("franchisee");
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ manage: false, totals: { net: 26238 } });
    // Another month is empty, not an error.
    expect((await statement("admin", franchiseeId(), "2026-11")).json).toMatchObject({ lines: [], totals: { net: 0 } });

    expect((await statement("franchisee", staff["9000000001"]!)).status).toBe(404);
    expect((await statement("creator")).status).toBe(404);
    expect((await statement("otherAgencyAdmin")).status).toBe(404);
    expect((await statement("customer")).status).toBe(403);
    expect((await t.requestAs("franchisee", "GET", "/commissions", { query: { month: MONTH } })).status).toBe(403);

    const overview = await t.requestAs("admin", "GET", "/commissions", { query: { month: MONTH } });
    expect(overview.json.list).toContainEqual(expect.objectContaining({ franchiseeId: franchiseeId(), rate: { basis: "fixed", rate: 15000 }, net: 26238, paid: null }));
    const other = await t.requestAs("otherAgencyAdmin", "GET", "/commissions", { query: { month: MONTH } });
    expect(other.json.list.map((r: { franchiseeId: number }) => r.franchiseeId)).not.toContain(franchiseeId());
  });

  test("the statement as CSV", async () => {
    const res = await t.requestAsUnchecked("admin", "GET", "/commissions/statement/download", { query: { franchiseeId: String(franchiseeId()), month: MONTH, format: "csv" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/csv/);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="commission-${franchiseeId()}-${MONTH}.csv"`);
    const rows = res.text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(rows).toContain("Month,2026-12");
    expect(rows).toContain("Date,Payment,Business,Plan,Kind,Paid by customer (INR),Rate,Commission (INR)");
    expect(rows.filter((r) => r.includes("Asha Tailors")).map((r) => r.split(",").slice(2))).toEqual([
      ["Asha Tailors", "Premium", "Sale", "499.00", "12.5%", "62.38"],
      ["Asha Tailors", "Premium", "Renewal", "400.00", "12.5%", "50.00"],
      ["Asha Tailors", "Premium", "Renewal", "450.00", "₹150 per payment", "150.00"],
    ]);
    expect(rows.find((r) => r.includes("Ravi Mobiles") && r.includes("Reversal"))).toMatch(/,-200\.00,.*,-150\.00$/);
    expect(rows).toContain("Net (INR),262.38");
    // Another agency's admin gets nothing.
    expect((await t.requestAsUnchecked("otherAgencyAdmin", "GET", "/commissions/statement/download", { query: { franchiseeId: String(franchiseeId()), month: MONTH, format: "csv" } })).status).toBe(404);
  });

  test("the statement as PDF", async () => {
    const url = `http://${ROLES.franchisee.host}/api/v1/commissions/statement/download?format=pdf&franchiseeId=${franchiseeId()}&month=${MONTH}`;
    const res = await t.api.request(url, { headers: { cookie: await t.signInAs("franchisee"), "x-panel-client-ip": "10.9.9.7" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "commission-pdf-"));
    try {
      const file = path.join(dir, "s.pdf");
      fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      const text = execFileSync("pdftotext", ["-raw", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
      expect(text).toContain("Commission statement — 2026-12");
      expect(text).toContain("Asha Tailors");
      expect(text).toContain("Reversal");
      expect(text).toMatch(/Net ₹262\.38/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a payout is marked once, for the month's net; staff cannot mark one; a month with nothing is 409", async () => {
    const body = { franchiseeId: franchiseeId(), month: MONTH, reference: "UPI 4411" };
    expect((await t.requestAs("franchisee", "POST", "/commissions/payout", { body })).status).toBe(403);
    expect((await t.requestAs("otherAgencyAdmin", "POST", "/commissions/payout", { body })).status).toBe(404);
    const [first, second] = await Promise.all([t.requestAs("admin", "POST", "/commissions/payout", { body }), t.requestAs("admin", "POST", "/commissions/payout", { body })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.json.alreadyPaid, second.json.alreadyPaid].sort()).toEqual([false, true]);
    expect(first.json.payout).toMatchObject({ amount: 26238, reference: "UPI 4411" });
    const rows = await t.db.select().from(commissionPayouts).where(and(eq(commissionPayouts.franchiseeId, franchiseeId()), eq(commissionPayouts.month, MONTH)));
    expect(rows).toHaveLength(1);
    expect((await statement("franchisee")).json).toMatchObject({ payout: { amount: 26238 }, balance: 0 });
    const empty = await t.requestAs("admin", "POST", "/commissions/payout", { body: { ...body, month: "2026-10" } });
    expect(empty.status).toBe(409);
  });
});

describe("dead-letter retry", () => {
  test("an admin queues a dead message again, once; another agency's is 404; staff without admin 403", async () => {
    const [row] = await t.db
      .insert(outboundMessages)
      .values({ agencyId, eventKey: "test:dead:1", channel: "sms", purpose: "alert", recipient: "9812300001", body: "hello", status: "dead", attempts: 5, lastError: "503" })
      .returning();
    const retry = (role: "admin" | "franchisee" | "otherAgencyAdmin") => t.requestAs(role, "POST", `/messages/dead/${row.id}/retry` as "/messages/dead/{messageId}/retry");
    expect((await retry("franchisee")).status).toBe(403);
    const foreign = await retry("otherAgencyAdmin");
    expect(foreign.status, foreign.text).toBe(404);
    const first = await retry("admin");
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ requeued: true });
    expect((await retry("admin")).json).toEqual({ requeued: false });
    expect((await t.db.select().from(outboundMessages).where(eq(outboundMessages.id, row.id)))[0]).toMatchObject({ status: "queued" });
    const jobs = await t.db.execute(sql`select id from pgboss.job where name = ${sendMessageJob.name} and data->>'messageId' = ${String(row.id)}`);
    expect((jobs as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    const list = await t.requestAs("admin", "GET", "/messages/dead");
    expect(list.json.messages.map((m: { messageId: number }) => m.messageId)).not.toContain(row.id);
    void agencies;
    void PLATFORM_HOST;
  });
});
