/**
 * SPEC §7 Reports as a client sees them: report.csv with a BOM, every matching row of the
 * lists' filters and search, CSV-injection-safe cells, tenancy and the admin-only rule, and a
 * report larger than one batch streamed in pieces (ADR 0017).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq, sql } from "drizzle-orm";
import { businesses, cards } from "#server/db/schema/business.ts";
import { createTestApi, ROLES, type RoleName, type TestApi } from "../support/api-harness.ts";
import { createCard, insertBusiness } from "../support/factories.ts";
import { csvObjects, parseCsv } from "../support/csv.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(async () => {
  await t?.close();
});

type Kind = "digital-card" | "business";
/** The report as the browser gets it: status, headers, raw bytes and the body read in chunks. */
async function download(role: RoleName | null, kind: Kind, query: Record<string, string> = {}) {
  const host = role ? ROLES[role].host : ROLES.admin.host;
  const url = new URL(`http://${host}/api/v1/reports/project-report/${kind}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const headers: Record<string, string> = { "x-panel-client-ip": "10.9.0.1" };
  if (role) headers.cookie = await t.signInAs(role);
  const res = await t.api.request(url.toString(), { headers });
  const chunks: Uint8Array[] = [];
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  const bytes = Buffer.concat(chunks);
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return { status: res.status, headers: res.headers, bytes, text, chunks: chunks.length, rows: () => csvObjects(text) };
}

describe("GET /reports/project-report", () => {
  test("the Report page's list: both reports and their columns, for admins only", async () => {
    const res = await t.requestAs("admin", "GET", "/reports/project-report");
    expect(res.status).toBe(200);
    expect(res.json.reports.map((r: { kind: string }) => r.kind)).toEqual(["digital-card", "business"]);
    expect(res.json.reports[1].columns[0]).toBe("Business ID");
    expect((await t.requestAs("franchiseeAllCards", "GET", "/reports/project-report")).status).toBe(403);
    expect((await t.requestAs("customer", "GET", "/reports/project-report")).status).toBe(403);
  });
});

describe("GET /reports/project-report/*", () => {
  test("report.csv: attachment, text/csv, UTF-8 BOM, a header row; ₹-safe UTF-8 and Hindi names intact", async () => {
    await insertBusiness(t, { name: "शर्मा मिठाई भंडार ₹" });
    for (const kind of ["digital-card", "business"] as const) {
      const r = await download("admin", kind);
      expect(r.status, r.text).toBe(200);
      expect(r.headers.get("content-disposition")).toBe('attachment; filename="report.csv"');
      expect(r.headers.get("content-type")).toMatch(/^text\/csv; charset=utf-8/);
      expect([...r.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(parseCsv(r.text.slice(1))[0][0]).toBe(kind === "business" ? "Business ID" : "Card No");
    }
    const names = (await download("admin", "business")).rows().map((r) => r["Business name"]);
    expect(names).toContain("शर्मा मिठाई भंडार ₹");
    expect(names).toContain("Sharma Sweets");
  });

  test("saveAs=dated names the file for the report and the day in India (the page's form without JavaScript); anything else is refused", async () => {
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    for (const [kind, name] of [["digital-card", "digital-cards"], ["business", "businesses"]] as const) {
      const r = await download("admin", kind, { saveAs: "dated" });
      expect(r.headers.get("content-disposition")).toBe(`attachment; filename="report-${name}-${day}.csv"`);
      expect((await download("admin", kind, { saveAs: "../../etc/passwd" })).status).toBe(422);
    }
  });

  test("digital-card: the All Projects rows with the same filters and search", async () => {
    const all = (await download("admin", "digital-card")).rows();
    const list = await t.requestAs("admin", "GET", "/getcardlist", { query: { pageSize: 100 } });
    expect(all.map((r) => r["Card ID"]).sort()).toEqual(list.json.cards.map((c: { cardId: string }) => c.cardId).sort());
    const sharma = all.find((r) => r["Card ID"] === "sharma-sweets")!;
    expect(sharma).toMatchObject({ "Business name": "Sharma Sweets", "Registered phone number": "+919876543210", Payment: "Paid", Status: "active" });
    expect((await download("admin", "digital-card", { payment: "unpaid" })).rows().map((r) => r["Card ID"])).toContain("iyer-consulting");
    expect((await download("admin", "digital-card", { payment: "unpaid" })).rows().map((r) => r["Card ID"])).not.toContain("sharma-sweets");
    expect((await download("admin", "digital-card", { search: "gupta", searchBy: "businessName" })).rows().map((r) => r["Card ID"])).toEqual([
      "gupta-electricals",
    ]);
    expect((await download("admin", "digital-card", { expiry: "expired" })).rows().map((r) => r["Card ID"])).toEqual(["gupta-electricals"]);
    expect((await download("admin", "digital-card", { status: "paused" })).status).toBe(422);
  });

  test("business: the All Businesses rows with the same filters and search", async () => {
    const list = await t.requestAs("admin", "GET", "/business", { query: { pageSize: 100, payment: "paid" } });
    const rows = (await download("admin", "business", { payment: "paid" })).rows();
    expect(rows.map((r) => Number(r["Business ID"])).sort()).toEqual(list.json.businesses.map((b: { businessId: number }) => b.businessId).sort());
    expect(rows.every((r) => r.Payment === "Paid")).toBe(true);
    expect((await download("admin", "business", { search: "Sharma Sweets" })).rows().map((r) => r["Card ID"])).toEqual(["sharma-sweets"]);
    expect((await download("admin", "business", { subscription: "bogus" })).status).toBe(422);
    // A plain GET form sends unset filters as "": no filter.
    const empty = await download("admin", "business", { search: "", payment: "", subscription: "", expiry: "", madeBy: "" });
    expect(empty.status, empty.text).toBe(200);
    expect(empty.rows()).toHaveLength((await download("admin", "business")).rows().length);
    const emptyCards = await download("admin", "digital-card", { search: "", searchBy: "", status: "", createdFrom: "" });
    expect(emptyCards.status, emptyCards.text).toBe(200);
  });

  test("CSV injection: cells starting with = + - @ tab or CR get a leading '; numbers such as phones stay as they are", async () => {
    const evil = ["=HYPERLINK(\"http://x\")", "+1+2", "-2+3", "@SUM(A1)", "\tTab", "\rCR"];
    const made: { cardNo: number; cardId: string }[] = [];
    for (const name of evil) made.push(await createCard(t, { name }));
    const rows = (await download("admin", "business")).rows();
    for (const name of evil) expect(rows.map((r) => r["Business name"])).toContain(`'${name}`);
    expect(rows.find((r) => r["Business name"] === "'+1+2")!["Phone number"]).toBe("+919811111111");
    // The card report: a company name typed into the card editor.
    await t.db.update(cards).set({ basicDetails: { companyName: "=cmd|' /C calc'!A0" } }).where(eq(cards.cardNo, made[0].cardNo));
    const cardRows = (await download("admin", "digital-card")).rows();
    expect(cardRows.find((r) => r["Card ID"] === made[0].cardId)!["Company name"]).toBe("'=cmd|' /C calc'!A0");
    // A comma, a quote and a line break survive as one cell.
    const tricky = 'Rao, "Best"\nSweets';
    await insertBusiness(t, { name: tricky });
    expect((await download("admin", "business")).rows().map((r) => r["Business name"])).toContain(tricky);
  });

  test("tenancy: another agency's admin gets only theirs; franchisees, creators and customers are refused; anonymous 401", async () => {
    const sunrise = (await download("otherAgencyAdmin", "digital-card")).rows().map((r) => r["Card ID"]);
    expect(sunrise.length).toBeGreaterThan(0);
    expect(sunrise.every((id) => id.startsWith("smile-care"))).toBe(true);
    const sunriseBusinesses = (await download("otherAgencyAdmin", "business")).rows().map((r) => r["Business name"]);
    expect(sunriseBusinesses).not.toContain("Sharma Sweets");
    for (const role of ["franchisee", "franchiseeAllCards", "creator", "customer"] as const) expect((await download(role, "business")).status).toBe(403);
    expect((await download(null, "digital-card")).status).toBe(401);
  });

  test("a report larger than one batch streams in many chunks, every row once", async () => {
    const [{ agencyId, userId }] = await t.db.select({ agencyId: businesses.agencyId, userId: businesses.userId }).from(businesses).where(eq(businesses.businessName, "Sharma Sweets"));
    const n = 4500;
    await t.db.execute(sql`insert into businesses (agency_id, user_id, business_name, phone_number)
      select ${agencyId}, ${userId}, 'Bulk Shop ' || g, '+9198' || lpad(g::text, 8, '0') from generate_series(1, ${n}) g`);
    const r = await download("admin", "business", { search: "Bulk Shop" });
    const rows = r.rows();
    expect(rows).toHaveLength(n);
    expect(new Set(rows.map((row) => row["Business ID"])).size).toBe(n);
    expect(r.chunks).toBeGreaterThan(2);
  });

  test("four downloads at once (past two, PostgreSQL goes in batches too): every file the same", async () => {
    const files = await Promise.all([1, 2, 3, 4].map(() => download("admin", "business", { search: "Bulk Shop" })));
    for (const f of files) expect(f.status).toBe(200);
    expect(new Set(files.map((f) => f.text)).size).toBe(1);
    expect(files[0].rows()).toHaveLength(4500);
  });

  test("a download the client abandons frees its connection: the next calls answer", async () => {
    const url = `http://${ROLES.admin.host}/api/v1/reports/project-report/business`;
    for (let i = 0; i < 3; i++) {
      const res = await t.api.request(url, { headers: { cookie: await t.signInAs("admin"), "x-panel-client-ip": "10.9.0.2" } });
      const reader = res.body!.getReader();
      await reader.read();
      await reader.read();
      await reader.cancel();
    }
    expect((await t.requestAs("admin", "GET", "/getcardlist", {})).status).toBe(200);
    const again = await download("admin", "business", { search: "Sharma Sweets" });
    expect(again.rows().map((r) => r["Card ID"])).toEqual(["sharma-sweets"]);
  });
});
