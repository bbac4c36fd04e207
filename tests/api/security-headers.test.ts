/**
 * Every API response (JSON, errors, files) says `nosniff`; HSTS only when the browser is on https.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

const responses = () => ({
  json: t.request("GET", "/session"),
  error: t.requestUnchecked("GET", "/no-such-route"),
  refused: t.requestUnchecked("POST", "/log", { body: {}, headers: { origin: "https://evil.example" } }),
  invalid: t.requestUnchecked("POST", "/log", { body: { level: "nope" } }),
  file: t.request("GET", "/public-card/sharma-sweets/qr.png"),
});

test("JSON, errors and files all carry X-Content-Type-Options: nosniff; no HSTS over http", async () => {
  for (const [name, pending] of Object.entries(responses())) {
    const res = await pending;
    expect(res.status, name).toBeLessThan(500);
    expect(res.headers.get("x-content-type-options"), name).toBe("nosniff");
    expect(res.headers.get("strict-transport-security"), name).toBeNull();
  }
});

test("over https (the panel says so, or a trusted proxy) the API answers with HSTS", async () => {
  for (const path of ["/session", "/public-card/sharma-sweets/qr.png", "/no-such-route"]) {
    const res = await t.requestUnchecked("GET", path, { headers: { "x-panel-secure": "1" } });
    expect(res.headers.get("strict-transport-security"), path).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
  }
});
