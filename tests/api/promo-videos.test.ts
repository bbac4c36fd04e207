/**
 * Promotional videos (ADR 0025): video templates (SPEC §7 Video templates, §6 gating) and user
 * videos (SPEC §7 User videos), rendered by the real queue worker with the real ffmpeg, on the
 * database under test (PGlite, or PostgreSQL with DATABASE_URL).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { businesses } from "#server/db/schema/business.ts";
import { userVideoPayments, userVideos } from "#server/db/schema/content.ts";
import { subscriptionPlans } from "#server/db/schema/billing.ts";
import { userVideoJob } from "#server/api/promo-videos/service.ts";
import { renderUserVideo } from "#server/api/promo-videos/job.ts";
import { PROMO_VIDEO_OUTPUT } from "#server/api/promo-videos/render.ts";
import { keyOfUrl } from "#server/api/greetings/media.ts";
import { TRIAL_LIMITS } from "#server/api/payments/limits.ts";
import { findFfmpeg, probeMedia } from "#server/services/video/ffmpeg.ts";
import { PROMO_VIDEO_TEXTS } from "#contracts/promo-videos-texts.ts";
import { createTestApi, type RoleName, type TestApi } from "../support/api-harness.ts";
import { insertBusiness } from "../support/factories.ts";

let t: TestApi;
let dir: string;
const ffmpeg = findFfmpeg().path;

const layout = (key: string, y: number, start = 0, end = 5) => ({ key, x: 10, y, w: 80, h: 10, start, end, color: "#ffffff" });
const templateBody = (name: string) => ({
  name,
  description: "Short test template",
  background: "ocean",
  durationSeconds: 5,
  placeholders: [layout("logo", 5, 0, 5), layout("businessName", 30, 0.5), layout("offer", 50, 1), layout("phone", 75, 1.5)],
});

const saveTemplate = (role: RoleName, body: unknown) => t.requestAsUnchecked(role, "POST", "/video/template", { body });
const order = (role: RoleName, body: Record<string, unknown>) => t.requestAsUnchecked(role, "POST", "/video/user-video", { body });
const one = (role: RoleName, videoNo: number) => t.requestAsUnchecked(role, "GET", `/video/user-video/${videoNo}`);

/** A business of the seeded customer whose plan includes `limit` promotional videos. */
async function planBusiness(limit: number) {
  const b = await insertBusiness(t, { paid: true, expiry: new Date(Date.now() + 30 * 86_400_000) });
  await t.db
    .update(businesses)
    .set({ planLimits: { ...TRIAL_LIMITS, promotionalVideoIncluded: true, promotionalVideoLimit: limit } })
    .where(eq(businesses.businessId, b.businessId));
  return b;
}

/** Waits (on the API's answer, not a clock) until the video is no longer waiting or rendering. */
async function finished(videoNo: number) {
  const seen = new Set<string>();
  let last: { status: string; percent: number; url: string | null; bytes: number | null; error: string | null } | undefined;
  await expect
    .poll(
      async () => {
        last = (await one("customer", videoNo)).json;
        seen.add(last!.status);
        return last!.status;
      },
      { timeout: 90_000, interval: 100 },
    )
    .toMatch(/^(ready|failed)$/);
  return { ...last!, seen };
}

let templateId = 0;

beforeAll(async () => {
  t = await createTestApi();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "cardpanel-promo-videos-"));
  await t.queue.work(userVideoJob, (job) => renderUserVideo(t.deps, job), { pollingIntervalSeconds: 0.5 });
  const res = await saveTemplate("admin", templateBody("Test launch"));
  expect(res.status, res.text).toBe(200);
  templateId = res.json.templateId;
}, 60_000);
/** Tests that only look at orders drop them, so the worker does not render them for nothing. */
const dropOrders = (businessId: number) => t.db.update(userVideos).set({ deletedAt: new Date() }).where(eq(userVideos.businessId, businessId));

afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("video templates", () => {
  test("customers list them most popular first and read one with its placeholders", async () => {
    const list = await t.requestAs("customer", "GET", "/video/template", { query: {} });
    expect(list.status).toBe(200);
    const pops = list.json.items.map((i: { popularity: number }) => i.popularity);
    expect(pops).toEqual([...pops].sort((a, b) => b - a));
    const got = await t.requestAsUnchecked("customer", "GET", `/video/template/${templateId}`);
    expect(got.status).toBe(200);
    expect(got.json).toMatchObject({ name: "Test launch", durationSeconds: 5, background: "ocean" });
    expect(got.json.placeholders.map((p: { key: string }) => p.key)).toEqual(["logo", "businessName", "offer", "phone"]);
    expect((await t.requestAsUnchecked("customer", "GET", "/video/template/999999")).status).toBe(404);
  });

  test("management is superadmin plus admin or all-card franchisee: create, edit, popularity, delete", async () => {
    const made = await saveTemplate("franchiseeAllCards", templateBody("All-card made"));
    expect(made.status, made.text).toBe(200);
    const id = made.json.templateId;
    const edited = await saveTemplate("admin", { ...templateBody("Renamed"), templateId: id, durationSeconds: 8 });
    expect(edited.json).toMatchObject({ templateId: id, name: "Renamed", durationSeconds: 8 });
    const before = edited.json.popularity;
    const [a, b] = await Promise.all([
      t.requestAsUnchecked("admin", "PUT", "/video/template/popularity", { body: { templateId: id } }),
      t.requestAsUnchecked("admin", "PUT", "/video/template/popularity", { body: { templateId: id } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await t.requestAsUnchecked("customer", "GET", `/video/template/${id}`)).json.popularity).toBe(before + 2);
    // Who may not manage: a plain franchisee, a customer, another agency's admin (not superadmin).
    for (const role of ["franchisee", "creator", "customer", "otherAgencyAdmin"] as const) {
      expect((await saveTemplate(role, templateBody("Nope"))).status, role).toBe(403);
      expect((await t.requestAsUnchecked(role, "DELETE", "/video/template", { body: { templateId: id } })).status, role).toBe(403);
    }
    const del = await t.requestAsUnchecked("admin", "DELETE", "/video/template", { body: { templateId: id } });
    expect(del.json).toEqual({ deleted: true });
    expect((await t.requestAsUnchecked("customer", "GET", `/video/template/${id}`)).status).toBe(404);
    expect((await t.requestAsUnchecked("admin", "DELETE", "/video/template", { body: { templateId: id } })).status).toBe(404);
  });

  test("bad input is refused with a clear message and nothing is made", async () => {
    const bad = await saveTemplate("admin", { ...templateBody("Bad timing"), placeholders: [layout("offer", 10, 4, 2)] });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain(PROMO_VIDEO_TEXTS.timingOrder);
    expect((await saveTemplate("admin", { ...templateBody("Too long"), durationSeconds: 120 })).status).toBe(422);
    expect((await saveTemplate("admin", { ...templateBody("Unknown"), background: "plaid" })).status).toBe(422);
    expect((await saveTemplate("admin", { ...templateBody("Twice"), placeholders: [layout("offer", 10), layout("offer", 20)] })).status).toBe(422);
    const list = await t.requestAs("admin", "GET", "/video/template", { query: { search: "Bad timing" } });
    expect(list.json.total).toBe(0);
  });
});

describe("user videos", () => {
  test("an order is rendered in the background: queued, rendering, then a phone-ready H.264/AAC MP4 of the template's length", async () => {
    const b = await planBusiness(1);
    const res = await order("customer", { businessId: b.businessId, templateId, businessName: "Sharma Sweets", offer: "20% off", phone: "+91 98111 11111" });
    expect(res.status, res.text).toBe(200);
    expect(["queued", "rendering", "ready"]).toContain(res.json.status);
    expect(res.json.values).toEqual({ businessName: "Sharma Sweets", offer: "20% off", phone: "+91 98111 11111" });
    const done = await finished(res.json.videoNo);
    expect(done).toMatchObject({ status: "ready", percent: 100, error: null });
    const key = keyOfUrl(t.deps.storage, done.url!)!;
    const file = await t.deps.storage.get(key);
    expect(file!.contentType).toBe("video/mp4");
    expect(file!.bytes.byteLength).toBe(done.bytes);
    expect(file!.bytes.byteLength).toBeLessThanOrEqual(16 * 1024 * 1024);
    const out = path.join(dir, "ordered.mp4");
    fs.writeFileSync(out, file!.bytes);
    const info = await probeMedia(ffmpeg, out);
    expect(info.video).toMatchObject({ codec: "h264", pixelFormat: "yuv420p", width: PROMO_VIDEO_OUTPUT.width, height: PROMO_VIDEO_OUTPUT.height });
    expect(info.audio).toMatchObject({ codec: "aac" });
    expect(info.durationSeconds).toBeGreaterThan(4.8);
    expect(info.durationSeconds).toBeLessThan(5.3);
    // MP4 index first (faststart): a phone starts playing before the whole file arrives.
    const head = Buffer.from(file!.bytes.subarray(0, 4096)).toString("latin1");
    expect(head.indexOf("moov")).toBeGreaterThan(-1);
    expect(head.indexOf("moov")).toBeLessThan(head.indexOf("mdat") === -1 ? Infinity : head.indexOf("mdat"));

    // Listed for the business and in the caller's list.
    const byBusiness = await t.requestAs("customer", "GET", "/video/user-video/getUserVideosByBusiness", { query: { businessId: b.businessId } });
    expect(byBusiness.json.map((v: { videoNo: number }) => v.videoNo)).toEqual([res.json.videoNo]);
    const list = await t.requestAs("customer", "GET", "/video/user-video", { query: { businessId: b.businessId, status: "ready" } });
    expect(list.json.total).toBe(1);
  }, 120_000);

  test("over the limit with a plan on offer that gives more: 403 upgrade naming that plan and what it gives", async () => {
    const b = await planBusiness(1);
    const [gold] = await t.db
      .insert(subscriptionPlans)
      .values({ agencyId: b.agencyId, name: "Gold", price: 499900, limits: { ...TRIAL_LIMITS, promotionalVideoIncluded: true, promotionalVideoLimit: 5 } })
      .returning();
    try {
      expect((await order("customer", { businessId: b.businessId, templateId })).status).toBe(200);
      const over = await order("customer", { businessId: b.businessId, templateId });
      expect(over.status).toBe(403);
      expect(over.json).toEqual({ upgrade: true, message: "Your plan allows 1 promotional video. The Gold plan gives 5 promotional videos." });
    } finally {
      await t.db.delete(subscriptionPlans).where(eq(subscriptionPlans.subscriptionPlanId, gold.subscriptionPlanId));
    }
  });

  test("the plan's limit, then a bought video; neither is refused (409, no plan gives more) and nothing is ordered", async () => {
    const b = await planBusiness(1);
    const first = await order("customer", { businessId: b.businessId, templateId });
    expect(first.status).toBe(200);
    // Every plan on offer gives 1 video (the seed's Premium): nothing to upgrade to, so no upgrade offer (ADR 0042).
    const over = await order("customer", { businessId: b.businessId, templateId });
    expect(over.status).toBe(409);
    expect(over.json).toEqual({ message: "Your plan allows 1 promotional video. No plan on offer gives more.", limitReached: true });
    await t.db.insert(userVideoPayments).values({ agencyId: b.agencyId, businessId: b.businessId, amount: 19900, status: "paid", paidAt: new Date() });
    const bought = await order("customer", { businessId: b.businessId, templateId });
    expect(bought.status, bought.text).toBe(200);
    expect(bought.json.isPaid).toBe(true);
    const [credit] = await t.db.select().from(userVideoPayments).where(eq(userVideoPayments.businessId, b.businessId));
    expect(credit.videoNo).toBe(bought.json.videoNo);
    expect((await order("customer", { businessId: b.businessId, templateId })).status).toBe(409);
    // Deleting one does not give it back.
    expect((await t.requestAsUnchecked("customer", "DELETE", "/video/user-video", { body: { videoNo: first.json.videoNo } })).json).toEqual({ deleted: true });
    expect((await order("customer", { businessId: b.businessId, templateId })).status).toBe(409);
    const rows = await t.db.select().from(userVideos).where(eq(userVideos.businessId, b.businessId));
    expect(rows).toHaveLength(2);
    await dropOrders(b.businessId);
  });

  test("the free trial has no promotional videos", async () => {
    const b = await insertBusiness(t);
    const res = await order("customer", { businessId: b.businessId, templateId });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ upgrade: true, message: "The free trial does not include promotional videos. The Premium plan gives 1 promotional video." });
  });

  test("a double click (the same requestKey) orders one video, one job", async () => {
    const b = await planBusiness(5);
    const body = { businessId: b.businessId, templateId, requestKey: `k${Date.now()}abcdef` };
    const [a, c] = await Promise.all([order("customer", body), order("customer", body)]);
    expect([a.status, c.status]).toEqual([200, 200]);
    expect(a.json.videoNo).toBe(c.json.videoNo);
    const rows = await t.db.select().from(userVideos).where(eq(userVideos.businessId, b.businessId));
    expect(rows).toHaveLength(1);
    const jobs = (await t.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${userVideoJob.name} and singleton_key = ${`video:${rows[0].videoNo}`}`,
    )) as unknown as { rows: { n: number }[] };
    expect(jobs.rows[0].n).toBe(1);
    await dropOrders(b.businessId);
  });

  test("only the business's people see a video; others get 404 and change nothing", async () => {
    const b = await planBusiness(5);
    const res = await order("customer", { businessId: b.businessId, templateId });
    const videoNo = res.json.videoNo;
    expect((await t.request("GET", `/video/user-video/${videoNo}`)).status).toBe(401);
    for (const role of ["foreignCustomer", "otherAgencyCustomer", "otherAgencyAdmin", "franchisee"] as const) {
      expect((await one(role, videoNo)).status, role).toBe(404);
      expect((await t.requestAsUnchecked(role, "DELETE", "/video/user-video", { body: { videoNo } })).status, role).toBe(404);
      expect((await t.requestAsUnchecked(role, "GET", "/video/user-video/getUserVideosByBusiness", { query: { businessId: b.businessId } })).status, role).toBe(404);
      expect((await order(role, { businessId: b.businessId, templateId })).status, role).toBe(404);
    }
    expect((await one("admin", videoNo)).status).toBe(200);
    expect((await order("customer", { businessId: b.businessId, templateId: 999_999 })).status).toBe(404);
    const rows = await t.db.select().from(userVideos).where(and(eq(userVideos.businessId, b.businessId)));
    expect(rows).toHaveLength(1);
    await dropOrders(b.businessId);
  });

  test("staff set the status: failed with a reason, queued renders it again; customers may not", async () => {
    const b = await planBusiness(5);
    const res = await order("customer", { businessId: b.businessId, templateId });
    const videoNo = res.json.videoNo;
    await finished(videoNo);
    expect((await t.requestAsUnchecked("customer", "POST", "/video/user-video/updateUserVideoStatus", { body: { videoNo, status: "failed" } })).status).toBe(403);
    const failed = await t.requestAsUnchecked("admin", "POST", "/video/user-video/updateUserVideoStatus", { body: { videoNo, status: "failed", error: "Logo unclear" } });
    expect(failed.json).toMatchObject({ status: "failed", error: "Logo unclear", url: null });
    expect((await t.requestAsUnchecked("admin", "POST", "/video/user-video/updateUserVideoStatus", { body: { videoNo, status: "rendering" } })).status).toBe(409);
    const again = await t.requestAsUnchecked("admin", "POST", "/video/user-video/updateUserVideoStatus", { body: { videoNo, status: "queued" } });
    expect(again.json.status).toBe("queued");
    expect((await finished(videoNo)).status).toBe("ready");
  }, 120_000);
});
