/**
 * The greeting starter library (issue 26, ADR 0073): 60+ designed posts across the year's
 * festivals and daily themes, made once by a queue job at the first start (never while a page
 * waits), idempotent on a restart, with the greeting's real copy in each language.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import sharp from "sharp";
import { createTestApi, type TestApi } from "../support/api-harness.ts";
import {
  buildStarterLibrary,
  sendStarterLibrary,
  STARTER_POST_COUNT,
  starterLibraryJob,
  starterPostsMade,
  startStarterLibrary,
} from "#server/api/greetings/service.ts";
import {
  starterPosts,
  STARTER_LANGUAGES,
} from "#server/api/greetings/starter-catalogue.ts";
import { greetingSvg } from "#server/services/branding/greeting-art.ts";

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

const SCRIPT: Record<(typeof STARTER_LANGUAGES)[number], RegExp> = {
  en: /^[A-Za-z' ]+$/,
  hi: /^[\u0900-\u097F ]+$/,
  mr: /^[\u0900-\u097F ]+$/,
  bn: /^[\u0980-\u09FF ]+$/,
  te: /^[\u0C00-\u0C7F ]+$/,
  ta: /^[\u0B80-\u0BFF ]+$/,
  gu: /^[\u0A80-\u0AFF ]+$/,
};

test("the copy: 60+ posts, the big festivals and the daily greetings in all seven languages, each in its own script", () => {
  const posts = starterPosts();
  expect(posts.length).toBe(STARTER_POST_COUNT);
  expect(posts.length).toBeGreaterThanOrEqual(60);
  expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length);
  const headline = (theme: string, lang: string) =>
    posts.find((p) => p.theme.subcategory === theme && p.language === lang)
      ?.headline;
  expect(headline("Diwali", "en")).toBe("Happy Diwali");
  expect(headline("Diwali", "hi")).toBe("शुभ दीपावली");
  expect(headline("Good Morning", "en")).toBe("Good Morning");
  expect(headline("Good Morning", "hi")).toBe("सुप्रभात");
  for (const theme of [
    "Diwali",
    "Holi",
    "Makar Sankranti",
    "Raksha Bandhan",
    "Ganesh Chaturthi",
    "Independence Day",
    "Republic Day",
    "Good Morning",
    "Good Night",
  ])
    for (const lang of STARTER_LANGUAGES)
      expect(headline(theme, lang), `${theme} in ${lang}`).toMatch(
        SCRIPT[lang],
      );
  for (const p of posts) {
    expect(p.headline, p.slug).toMatch(SCRIPT[p.language]);
    // "Happy" only before a festival: never before a daily greeting or a business's category.
    expect(p.headline).not.toMatch(
      /Happy (Sweet|Shop|Good|Electricals|Dental|Consultancy)/,
    );
    expect(
      greetingSvg({
        headline: p.headline,
        motifs: p.theme.motifs,
        palette: p.theme.palette,
        layout: p.layout,
      }),
    ).toContain(p.headline.split(" ")[0]);
  }
});

test(
  "made once by the queue job at the first start: every post listed with its files; a restart adds nothing",
  { timeout: 240_000 },
  async () => {
    // Before the job: no starter post, and the customer's greetings list answers at once.
    expect(await starterPostsMade(t.deps)).toBe(0);
    expect(
      (
        await t.requestAs("customer", "GET", "/image-post", {
          query: { pageSize: 5 },
        })
      ).status,
    ).toBe(200);

    const jobId = await startStarterLibrary(t.deps, t.queue);
    expect(jobId).toBeTruthy();
    await expect
      .poll(() => t.queue.jobState(starterLibraryJob, jobId!), {
        timeout: 200_000,
        interval: 500,
      })
      .toBe("completed");
    expect(await starterPostsMade(t.deps)).toBe(STARTER_POST_COUNT);

    // A customer sees them: the Diwali subcategory holds its seven languages' posts, files drawn.
    const subs = await t.requestAs("customer", "GET", "/image-subcategory", {
      query: { search: "Diwali", pageSize: 10 },
    });
    expect(subs.status).toBe(200);
    const diwali = (
      subs.json.list as {
        name: string;
        imageSubcategoryId: number;
        eventDate: string | null;
      }[]
    ).find((s) => s.name === "Diwali")!;
    expect(diwali.eventDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const list = await t.requestAs("customer", "GET", "/image-post", {
      query: { imageSubcategoryId: diwali.imageSubcategoryId, pageSize: 20 },
    });
    expect(list.status).toBe(200);
    const posts = list.json.list as {
      url: string;
      lowQualityUrl: string | null;
    }[];
    expect(posts.length).toBe(7);
    for (const p of posts) {
      const file = await t.deps.storage.get(p.url.replace(/^\/uploads\//, ""));
      expect(file, p.url).not.toBeNull();
      expect((await sharp(file!.bytes).metadata()).width).toBe(1080);
      expect(
        await t.deps.storage.get(p.lowQualityUrl!.replace(/^\/uploads\//, "")),
      ).not.toBeNull();
    }
    // The seeded demo posts' pictures were drawn by the job too, not left to the first page.
    const demo = await t.requestAs("customer", "GET", "/image-post", {
      query: { search: "Good Morning", pageSize: 50 },
    });
    const demoUrls = (demo.json.list as { url: string }[])
      .map((p) => p.url)
      .filter((u) => u.includes("/demo/greetings/"));
    for (const u of demoUrls)
      expect(
        await t.deps.storage.get(u.replace(/^\/uploads\//, "")),
        u,
      ).not.toBeNull();

    // A restart: nothing is sent, and the job run again makes nothing.
    expect(await sendStarterLibrary(t.deps, t.queue)).toBeNull();
    const again = await buildStarterLibrary(t.deps);
    expect(again.made).toBe(0);
    expect(await starterPostsMade(t.deps)).toBe(STARTER_POST_COUNT);
  },
);
