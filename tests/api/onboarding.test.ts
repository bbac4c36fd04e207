/**
 * Bulk onboarding (issue 25, ADR 0058): upload → per-row preview → import on the job queue →
 * report. The import's handler runs here as the worker would run it (directly, so each step is
 * deterministic); one test lets the real worker take the job off the queue, and that worker keeps
 * polling for the rest of the file, so a later direct run may meet it on the same import.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, inArray, like } from "drizzle-orm";
import { businesses, cards } from "#server/db/schema/business.ts";
import { users } from "#server/db/schema/core.ts";
import { businessImportRows } from "#server/db/schema/onboarding.ts";
import { businessImportJob, ownerInvitesJob, runBusinessImport, sendOwnerInvites } from "#server/api/onboarding/service.ts";
import { startMessageJobs } from "#server/api/messages/outbox.ts";
import { ownerInvitationText } from "#server/api/onboarding/owner-invite.ts";
import { outboundMessages } from "#server/db/schema/messages.ts";
import { insertBusiness } from "#server/api/business/create.ts";
import { IMPORT_MAX_ROWS } from "#contracts/onboarding.ts";
import writeXlsxFile from "write-excel-file/node";
import { createTestApi, type RoleName, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

const HEADER = "owner_phone,business_name,category,address,contact_person\n";
const csv = (lines: string[]) => HEADER + lines.join("\n") + "\n";

async function upload(role: RoleName, content: string | Uint8Array, name = "shops.csv") {
  const form = new FormData();
  const type = name.endsWith(".xlsx") ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" : "text/csv";
  form.set("file", new File([content as BlobPart], name, { type }));
  return t.requestAsUnchecked(role, "POST", "/business-imports", { rawBody: form });
}
const detail = (role: RoleName, id: number, query: Record<string, string | number> = {}) => t.requestAsUnchecked(role, "GET", `/business-imports/${id}`, { query });
const start = (role: RoleName, id: number) => t.requestAsUnchecked(role, "POST", `/business-imports/${id}/start`);
const runNow = (importId: number) => runBusinessImport(t.deps, insertBusiness, { data: { importId }, isLastAttempt: true });

describe("preview", () => {
  test("every bad row says why; good rows pass; nothing is created before the import", async () => {
    const res = await upload(
      "admin",
      csv([
        "9811100001,Preview Tea Stall,Sweet Shop,MG Road,",
        "12345,Bad Phone Shop,Sweet Shop,,",
        "9811100002,Unknown Category Shop,Spaceships,,",
        "9811100001,preview tea stall,Sweet Shop,,",
        "98765 43210,Sharma Sweets,Sweet Shop,,",
        "9811100003,,Electricals,,",
        '"+91 98111-00004","Quoted, Comma Electricals",electricals,"Shop 1, ""Old"" Market",Asha',
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.json.reused).toBe(false);
    expect(res.json.import).toMatchObject({ status: "previewed", totalRows: 7, validRows: 2, errorRows: 5 });
    const d = await detail("admin", res.json.import.importId);
    const byRow = Object.fromEntries(d.json.rows.map((r: { rowNo: number; error: string | null }) => [r.rowNo, r.error]));
    expect(byRow[2]).toBeNull();
    expect(byRow[3]).toMatch(/not a valid Indian mobile/);
    expect(byRow[4]).toBe('Unknown category "Spaceships".');
    expect(byRow[5]).toBe("Duplicate of row 2 (same owner phone and business name).");
    expect(byRow[6]).toMatch(/^Already exists/);
    expect(byRow[7]).toBe("Business name is missing.");
    expect(byRow[8]).toBeNull();
    const quoted = d.json.rows.find((r: { rowNo: number }) => r.rowNo === 8);
    expect(quoted).toMatchObject({ ownerPhone: "9811100004", businessName: "Quoted, Comma Electricals", category: "Electricals", address: 'Shop 1, "Old" Market' });
    const errorsOnly = await detail("admin", res.json.import.importId, { show: "errors" });
    expect(errorsOnly.json.total).toBe(5);
    expect(await t.db.select().from(businesses).where(eq(businesses.businessName, "Preview Tea Stall"))).toHaveLength(0);
  });

  test("a file that cannot be read is refused as a whole, with a message", async () => {
    const noColumns = await upload("admin", "phone,name\n9811100001,X\n");
    expect(noColumns.status).toBe(400);
    expect(noColumns.json.message).toMatch(/header misses owner_phone, business_name, category/);
    const empty = await upload("admin", HEADER);
    expect(empty.status).toBe(400);
    const tooMany = await upload("admin", csv(Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `98${String(i).padStart(8, "0")},Shop ${i},Sweet Shop,,`)));
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.message).toMatch(/at most 10,000/);
    const notCsv = await upload("admin", "x", "photo.png");
    expect(notCsv.status).toBe(400);
  });

  test("an Excel workbook (.xlsx) is read like the CSV: phones typed as numbers, Indian scripts, empty cells", async () => {
    const workbook = await writeXlsxFile([
      ["Owner Phone", "Business Name", "Category", "Address", "Contact Person"],
      [9811100011, "शर्मा किराना स्टोर", "Sweet Shop", "सदर बाज़ार, दिल्ली", null],
      ["98111 00012", "Workbook Electricals", "electricals", null, "Asha"],
      [12345, "Bad Phone Shop", "Sweet Shop", null, null],
    ]).toBuffer();
    const res = await upload("admin", new Uint8Array(workbook), "shops.xlsx");
    expect(res.status).toBe(200);
    expect(res.json.import).toMatchObject({ fileName: "shops.xlsx", totalRows: 3, validRows: 2, errorRows: 1 });
    const d = await detail("admin", res.json.import.importId);
    const byRow = Object.fromEntries(d.json.rows.map((r: { rowNo: number }) => [r.rowNo, r]));
    expect(byRow[2]).toMatchObject({ ownerPhone: "9811100011", businessName: "शर्मा किराना स्टोर", address: "सदर बाज़ार, दिल्ली", error: null });
    expect(byRow[3]).toMatchObject({ ownerPhone: "9811100012", category: "Electricals", error: null });
    expect(byRow[4].error).toMatch(/not a valid Indian mobile/);

    const broken = await upload("admin", "this is not a workbook", "shops.xlsx");
    expect(broken.status).toBe(400);
    expect(broken.json.message).toBe("This .xlsx file could not be read. Open it in Excel or Google Sheets and save it again, or save it as CSV.");
  });

  test("only agency admins may import; franchisees and customers are refused", async () => {
    expect((await upload("franchisee", csv(["9811100001,A,Sweet Shop,,"]))).status).toBe(403);
    expect((await upload("customer", csv(["9811100001,A,Sweet Shop,,"]))).status).toBe(403);
  });
});

describe("import", () => {
  test("imports the good rows with a trial card each, invites each new owner once, and a re-upload creates nothing twice", async () => {
    const file = csv([
      "9822200001,Import Kirana One,Sweet Shop,Station Road,Mohan",
      "9822200001,Import Kirana Two,Sweet Shop,Station Road,Mohan",
      "9822200002,Import Wires,Electricals,Bazar,",
      "bad,Import Broken,Sweet Shop,,",
    ]);
    const up = await upload("admin", file);
    const id = up.json.import.importId as number;
    const first = await start("admin", id);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ started: true, import: { status: "queued" } });
    // A double click: queued once.
    expect((await start("admin", id)).json.started).toBe(false);

    await runNow(id);
    const done = await detail("admin", id);
    expect(done.json.import).toMatchObject({ status: "done", processedRows: 3, createdCount: 3, existingCount: 0 });
    const made = await t.db
      .select({ name: businesses.businessName, made: businesses.businessMadeBy, expiry: businesses.expiryDateForCustomer, phone: businesses.phoneNumber, cardId: cards.cardId })
      .from(businesses)
      .innerJoin(cards, eq(cards.businessId, businesses.businessId))
      .where(inArray(businesses.businessName, ["Import Kirana One", "Import Kirana Two", "Import Wires"]));
    expect(made).toHaveLength(3);
    for (const b of made) {
      expect(b.made).toBe("admin");
      expect(b.expiry!.getTime()).toBeGreaterThan(t.clock.now().getTime());
    }
    expect(made.find((b) => b.name === "Import Wires")!.phone).toBe("+919822200002");
    const owners = await t.db.select({ phone: users.phoneNumber, hash: users.passwordHash }).from(users).where(inArray(users.phoneNumber, ["9822200001", "9822200002"]));
    expect(owners).toHaveLength(2);
    expect(owners.every((o) => o.hash === null)).toBe(true);

    // Invitations: one per owner (Mohan has two shops), and a rerun queues nothing more; the
    // outbox sends them (no unsubscribe line: the message is about their own account).
    expect(await sendOwnerInvites(t.deps, id)).toBe(2);
    expect(await sendOwnerInvites(t.deps, id)).toBe(0);
    const invites = await t.db.select().from(outboundMessages).where(like(outboundMessages.eventKey, "owner-invite:%"));
    expect(invites.filter((m) => ["9822200001", "9822200002"].includes(m.recipient)).map((m) => m.purpose)).toEqual(["account", "account"]);
    await t.sendQueuedMessages();
    expect(t.outbox.to("9822200001")).toHaveLength(1);
    expect(t.outbox.to("9822200001")[0].text).toMatch(/Import Kirana (One|Two) and 1 more.*Forgot password/);
    expect(t.outbox.to("9822200002")).toHaveLength(1);

    // The same file again: the same import, nothing new.
    const again = await upload("admin", file, "renamed.csv");
    expect(again.json).toMatchObject({ reused: true, import: { importId: id, status: "done" } });
    // The same rows in another file: each is already there.
    const other = await upload("admin", file + "9822200003,Import Extra,Sweet Shop,,\n");
    expect(other.json.import).toMatchObject({ validRows: 1, errorRows: 4 });
    await start("admin", other.json.import.importId);
    await runNow(other.json.import.importId);
    expect(await t.db.select().from(businesses).where(inArray(businesses.businessName, ["Import Kirana One", "Import Kirana Two", "Import Wires"]))).toHaveLength(3);

    // The report: every row and what became of it.
    const report = await t.requestAsUnchecked("admin", "GET", `/business-imports/${id}/report`);
    expect(report.status).toBe(200);
    expect(report.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = report.text.trim().split("\r\n");
    expect(lines[0]).toBe("row,owner_phone,business_name,category,address,result,error,business_id,card_id");
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^2,9822200001,Import Kirana One,Sweet Shop,Station Road,Created,,\d+,import-kirana-one/);
    expect(lines[4]).toMatch(/^5,bad,Import Broken,.*Skipped,Owner phone is not a valid/);
  });

  test("rows made meanwhile (after the preview) are counted as existing, not made twice", async () => {
    const up = await upload("admin", csv(["9833300001,Race Shop,Sweet Shop,,"]));
    const id = up.json.import.importId as number;
    // Another file with the same row is imported first.
    const other = await upload("admin", csv(["9833300001,Race Shop,Sweet Shop,,", "9833300002,Race Other,Sweet Shop,,"]));
    await start("admin", other.json.import.importId);
    await runNow(other.json.import.importId);
    await start("admin", id);
    await runNow(id);
    expect((await detail("admin", id)).json.import).toMatchObject({ status: "done", createdCount: 0, existingCount: 1 });
    expect(await t.db.select().from(businesses).where(eq(businesses.businessName, "Race Shop"))).toHaveLength(1);
  });

  test("two runs of one import at once: the first to finish already finds every row done, each made once", async () => {
    // Small batches, so both runs have several to take (on PostgreSQL they overlap).
    const lines = Array.from({ length: 24 }, (_, i) => `98666${String(i).padStart(5, "0")},Twin Run Shop ${i},Sweet Shop,,`);
    const up = await upload("admin", csv(lines));
    const id = up.json.import.importId as number;
    await start("admin", id);
    const run = () => runBusinessImport(t.deps, insertBusiness, { data: { importId: id }, isLastAttempt: true }, { batchSize: 4 });
    const runs = [run(), run()];
    await Promise.race(runs);
    const rows = await t.db.select().from(businessImportRows).where(eq(businessImportRows.importId, id));
    expect(rows.filter((r) => r.outcome === null)).toHaveLength(0);
    await Promise.all(runs);
    expect((await detail("admin", id)).json.import).toMatchObject({ status: "done", processedRows: 24, createdCount: 24, existingCount: 0 });
    const made = await t.db.select().from(businesses).where(inArray(businesses.businessName, lines.map((l) => l.split(",")[1])));
    expect(made).toHaveLength(24);
  });

  test("the real worker takes the import off the queue", async () => {
    // 10:00 in India: the invitation waits out quiet hours (21:00–08:00) whenever CI runs.
    t.clock.set(new Date("2026-12-02T04:30:00Z"));
    await t.queue.work(businessImportJob, (job) => runBusinessImport(t.deps, insertBusiness, job), { pollingIntervalSeconds: 0.5 });
    await t.queue.work(ownerInvitesJob, async (job) => void (await sendOwnerInvites(t.deps, job.data.importId)), { pollingIntervalSeconds: 0.5 });
    await startMessageJobs(t.deps, t.queue);
    const up = await upload("admin", csv(["9844400001,Worker Shop,Sweet Shop,,"]));
    await start("admin", up.json.import.importId);
    await expect.poll(async () => (await detail("admin", up.json.import.importId)).json.import.status, { timeout: 20_000 }).toBe("done");
    await expect.poll(() => t.outbox.to("9844400001").length, { timeout: 20_000 }).toBe(1);
  });

  test("a file with no good row cannot be started", async () => {
    const up = await upload("admin", csv(["bad,Nothing Good,Sweet Shop,,"]));
    const res = await start("admin", up.json.import.importId);
    expect(res.status).toBe(409);
  });
});

describe("tenancy", () => {
  test("no agency sees, starts or downloads another agency's import, and the same file is separate per agency", async () => {
    const file = csv(["9855500001,Tenant Shop,Sweet Shop,,"]);
    const mine = await upload("admin", file);
    const id = mine.json.import.importId as number;
    expect((await detail("otherAgencyAdmin", id)).status).toBe(404);
    expect((await start("otherAgencyAdmin", id)).status).toBe(404);
    expect((await t.requestAsUnchecked("otherAgencyAdmin", "GET", `/business-imports/${id}/report`)).status).toBe(404);
    const list = await t.requestAsUnchecked("otherAgencyAdmin", "GET", "/business-imports");
    expect(list.json.imports.some((i: { importId: number }) => i.importId === id)).toBe(false);

    // Sunrise uploads the same bytes: its own import, into its own agency.
    const theirs = await upload("otherAgencyAdmin", file);
    expect(theirs.json.reused).toBe(false);
    expect(theirs.json.import.importId).not.toBe(id);
    await start("otherAgencyAdmin", theirs.json.import.importId);
    await runNow(theirs.json.import.importId);
    const [row] = await t.db.select().from(businessImportRows).where(and(eq(businessImportRows.importId, theirs.json.import.importId), eq(businessImportRows.rowNo, 2)));
    const [b] = await t.db.select().from(businesses).where(eq(businesses.businessId, row.businessId!));
    const [owner] = await t.db.select().from(users).where(eq(users.id, b.userId));
    expect(b.agencyId).toBe(owner.agencyId);
    expect(b.agencyId).not.toBe((await t.db.select().from(businesses).where(eq(businesses.businessName, "Sharma Sweets")))[0].agencyId);
  });

  test("the template downloads with its header and examples", async () => {
    const res = await t.requestAsUnchecked("admin", "GET", "/business-imports/template");
    expect(res.status).toBe(200);
    expect(res.text.split("\r\n")[0]).toBe("owner_phone,business_name,category,address,contact_person");
  });
});

describe("the owner's invitation in the agency's language (issue 24)", () => {
  test("Hindi and Tamil name the shop, how many more, and the same way in", () => {
    const hi = ownerInvitationText({ agencyName: "Card Panel", host: "cards.example.in", businessName: "शर्मा स्वीट्स", more: 2, language: "hi" });
    expect(hi).toBe('Card Panel ने शर्मा स्वीट्स और 2 अन्य का डिजिटल विज़िटिंग कार्ड बनाया है। इसे संभालने के लिए cards.example.in खोलें, "पासवर्ड भूल गए?" दबाएँ और यही नंबर डालें: पासवर्ड बनाने के लिए हम आपको OTP भेजेंगे।');
    const ta = ownerInvitationText({ agencyName: "Card Panel", host: "cards.example.in", businessName: "Murugan Stores", more: 0, language: "ta" });
    expect(ta).toContain("Murugan Stores");
    expect(ta).toContain("கடவுச்சொல் மறந்துவிட்டதா?");
    expect(ta).not.toContain("{");
  });
});
