import { rawRequest } from "../support/raw-request";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { BASE_URL, PORT, expect, loginAs, test } from "../support/e2e-fixtures";

/**
 * Requests no browser form of ours sends, against the real server (server/main.ts):
 * state-changing requests from other sites, bodies without Content-Length, bodies that are
 * not forms or cannot be stored. None may change anything, and none may answer 500.
 */

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; hasAction: boolean };
const SAMPLE: Record<string, string> = { businessId: "1", cardId: "sharma-sweets" };

/** Every route with an action, from the build's manifest (what app/routes.ts declares), as URLs. */
async function routesWithActions() {
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as {
    assets: { routes: Record<string, ManifestRoute> };
  };
  const all = build.assets.routes;
  const urlOf = (r: ManifestRoute): string => {
    const parent = r.parentId ? urlOf(all[r.parentId]) : "";
    const own = (r.path ?? "").replace(/:(\w+)/g, (_, n: string) => SAMPLE[n] ?? "1").replace("*", "anything");
    return [parent, own].filter(Boolean).join("/").replace(/\/+/g, "/");
  };
  return Object.values(all)
    .filter((r) => r.hasAction)
    .map((r) => {
      const p = `/${urlOf(r)}`.replace(/\/+/g, "/").replace(/(.)\/$/, "$1");
      const index = r.index ? "?index" : "";
      return { id: r.id, document: `${p}${index}`, data: `${p === "/" ? "/_root" : p}.data${index}` };
    });
}

test("every route with an action refuses a foreign or opaque Origin, as a page and as .data", async ({ request }) => {
  const routes = await routesWithActions();
  expect(routes.map((r) => r.id)).toEqual(expect.arrayContaining(["routes/auth/logout", "routes/auth/login", "routes/public-card/card"]));
  for (const r of routes) {
    for (const origin of ["https://evil.example", "null", `http://localhost:${PORT + 1}`]) {
      for (const url of [r.document, r.data]) {
        const res = await request.post(url, { headers: { origin }, form: { intent: "x" }, maxRedirects: 0 });
        // 403 from our guard (app/lib/form-guard.server.ts); React Router's own check, which runs
        // first for routes with a page, answers 400.
        expect([400, 403], `${r.id} ${url} from ${origin}: ${res.status()}`).toContain(res.status());
      }
    }
  }
});

test("a cross-site form cannot sign anyone out; the panel's own form still does", async ({ page }) => {
  await loginAs(page, "customer");
  const crossSite = await page.request.post("/panel/logout", { headers: { origin: "https://evil.example" }, form: {}, maxRedirects: 0 });
  expect(crossSite.status()).toBe(403);
  await page.goto("/panel/customer");
  await expect(page).toHaveURL(/\/panel\/customer$/);

  const own = await page.request.post("/panel/logout", { headers: { origin: BASE_URL }, form: {}, maxRedirects: 0 });
  expect(own.status()).toBeGreaterThanOrEqual(300);
  expect(own.status()).toBeLessThan(400);
  await page.goto("/panel/customer");
  await expect(page).toHaveURL(/\/panel\/login(\?|$)/);
});

/** A raw request over a socket, as curl or a browser's fetch would send it. */
const raw = (method: string, url: string, headers: Record<string, string>, chunks: string[] = []) =>
  rawRequest(`http://127.0.0.1:${PORT}${url}`, { method, headers: { host: `localhost:${PORT}`, ...headers } }, chunks);

test("a chunked form post (no Content-Length) reaches the page's action", async () => {
  // A number nobody has: the action asks the API and shows its answer.
  const form = `intent=login&phoneNumber=9123400000&password=${encodeURIComponent("Wrong-password-1")}`;
  const res = await raw("POST", "/panel/login", { origin: BASE_URL, "content-type": "application/x-www-form-urlencoded" }, [form.slice(0, 9), form.slice(9)]);
  expect(res.status, res.body.slice(0, 300)).toBe(200);
  expect(res.body).toContain("Incorrect phone number or password.");
});

test("a DELETE without a body gets an answer, not a 500: the API handles it, the panel refuses it", async ({ page }) => {
  await loginAs(page, "customer");
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const api = await raw("DELETE", "/api/v1/business/999999", { cookie });
  expect(api.status, api.body).toBe(404);
  expect(JSON.parse(api.body).message).toEqual(expect.any(String));
  const panel = await raw("DELETE", "/panel/customer/feedback", { origin: BASE_URL, cookie });
  expect(panel.status, panel.body.slice(0, 300)).toBe(415);
});

test("panel forms: broken multipart, NUL bytes and JSON are refused with a message, not a 500", async ({ page }) => {
  await loginAs(page, "customer");
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const headers = { origin: BASE_URL, cookie };
  const cases: [string, Record<string, string>, string, number][] = [
    ["truncated multipart", { "content-type": "multipart/form-data; boundary=XyZ" }, '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nbroken', 400],
    ["multipart without a boundary", { "content-type": "multipart/form-data" }, "--x--", 400],
    ["a NUL byte", { "content-type": "application/x-www-form-urlencoded" }, "businessName=a%00b", 400],
    ["JSON", { "content-type": "application/json" }, '{"businessName":"x"}', 415],
  ];
  for (const url of ["/panel/customer/digital-card/basic-details", "/panel/customer/digital-card/gallery", "/panel/customer/businesses/add"]) {
    for (const [name, type, body, status] of cases) {
      const res = await raw("POST", url, { ...headers, ...type }, [body]);
      expect(res.status, `${url}: ${name}: ${res.body.slice(0, 200)}`).toBe(status);
    }
  }
});
