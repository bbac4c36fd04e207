/**
 * The installable panel (ADR 0063): the manifest in the agency's name and colour, its icons at
 * the sizes it claims, the offline page and the service worker that serves it.
 */
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApi, SECOND_AGENCY_HOST, type TestApi } from "../support/api-harness.ts";

const PUBLIC = path.resolve(import.meta.dirname, "../../public");

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

describe("web app manifest", () => {
  test("installable: name, standalone, start_url in the panel, 192 and 512 px icons that exist at those sizes, a maskable one", async () => {
    const res = await t.api.request("http://localhost/api/v1/web-app/manifest.webmanifest");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/manifest+json; charset=utf-8");
    const m = (await res.json()) as { name: string; short_name: string; start_url: string; scope: string; display: string; theme_color: string; icons: { src: string; sizes: string; type: string; purpose: string }[] };
    expect(m).toMatchObject({ name: "Card Panel", start_url: "/panel", scope: "/", display: "standalone", background_color: "#ffffff" });
    expect([...m.short_name].length).toBeLessThanOrEqual(12);
    expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = m.icons.map((i) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
    for (const icon of m.icons) {
      const meta = await sharp(path.join(PUBLIC, icon.src)).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      expect(meta.format).toBe("png");
    }
  });

  test("each agency's manifest carries its own name", async () => {
    const res = await t.api.request(`http://${SECOND_AGENCY_HOST}/api/v1/web-app/manifest.webmanifest`);
    expect(res.status).toBe(200);
    const m = (await res.json()) as { name: string };
    expect(m.name).not.toBe("Card Panel");
  });
});

describe("offline page and service worker", () => {
  test("the offline page says so plainly, with no script", () => {
    const html = fs.readFileSync(path.join(PUBLIC, "offline.html"), "utf8");
    expect(html).toContain("<title>You are offline</title>");
    expect(html).toContain("<h1>You are offline</h1>");
    expect(html).not.toMatch(/<script/i);
  });

  test("the worker precaches the offline page, answers navigations network-first and keeps only public pages", async () => {
    const source = fs.readFileSync(path.join(PUBLIC, "sw.js"), "utf8");
    // Run it in a tiny worker-like sandbox: what it registers, and what a failed navigation gets.
    const listeners: Record<string, (e: unknown) => void> = {};
    const stored = new Map<string, string>();
    const cache = {
      addAll: async (urls: string[]) => urls.forEach((u) => stored.set(u, `precached ${u}`)),
      put: async (req: { url: string }, res: { body: string }) => void stored.set(req.url, res.body),
      keys: async () => [...stored.keys()].map((url) => ({ url })),
      delete: async (req: { url: string }) => stored.delete(req.url),
    };
    let network: (url: string) => Promise<unknown> = async () => {
      throw new TypeError("Failed to fetch");
    };
    const sandbox = {
      self: { addEventListener: (type: string, fn: (e: unknown) => void) => (listeners[type] = fn), skipWaiting: async () => {}, clients: { claim: async () => {} } },
      caches: {
        open: async () => cache,
        keys: async () => [],
        delete: async () => true,
        match: async (req: string | { url: string }) => stored.get(typeof req === "string" ? req : req.url),
      },
      fetch: (req: { url: string }) => network(req.url),
      URL,
      Response: { error: () => "network error" },
      Promise,
    };
    vm.runInNewContext(source, sandbox);
    expect(Object.keys(listeners).sort()).toEqual(["activate", "fetch", "install"]);

    const waits: Promise<unknown>[] = [];
    listeners.install({ waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
    expect(stored.has("/offline.html")).toBe(true);

    let answer: Promise<unknown> | undefined;
    listeners.fetch({ request: { method: "GET", mode: "navigate", url: "http://localhost/panel/customer" }, respondWith: (p: Promise<unknown>) => (answer = p), waitUntil: () => {} });
    expect(await answer).toBe("precached /offline.html");

    // Online, a public card page is kept and a private panel page is not; offline, the kept card is served.
    const page = (body: string, cacheControl: string) => ({ status: 200, body, headers: { get: () => cacheControl }, clone: () => ({ body }) });
    const navigate = async (url: string) => {
      let res: Promise<unknown> | undefined;
      const waits: Promise<unknown>[] = [];
      listeners.fetch({ request: { method: "GET", mode: "navigate", url }, respondWith: (p: Promise<unknown>) => (res = p), waitUntil: (p: Promise<unknown>) => waits.push(p) });
      const out = await res;
      await Promise.all(waits);
      return out;
    };
    network = async (url) => (url.endsWith("/sharma-sweets") ? page("the card", "public, no-cache") : page("the panel", "private, no-store"));
    await navigate("http://localhost/sharma-sweets");
    await navigate("http://localhost/panel/customer/feedback");
    expect(stored.get("http://localhost/sharma-sweets")).toBe("the card");
    expect(stored.has("http://localhost/panel/customer/feedback")).toBe(false);
    network = async () => {
      throw new TypeError("Failed to fetch");
    };
    expect(await navigate("http://localhost/sharma-sweets")).toBe("the card");
    expect(await navigate("http://localhost/panel/customer/feedback")).toBe("precached /offline.html");

    // A form post or an image is not the worker's business.
    answer = undefined;
    listeners.fetch({ request: { method: "POST", mode: "navigate", url: "http://localhost/panel/customer" }, respondWith: (p: Promise<unknown>) => (answer = p) });
    listeners.fetch({ request: { method: "GET", mode: "no-cors", url: "http://localhost/x.png" }, respondWith: (p: Promise<unknown>) => (answer = p) });
    expect(answer).toBeUndefined();
  });
});
