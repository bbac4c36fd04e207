import { Hono } from "hono";
import { expect, test } from "vitest";
import { loadConfig } from "#server/config.ts";
import { requestMeta } from "#server/api/lib/request-meta.ts";

/** A tiny app that answers what the API would believe about the request. */
function probe(env: Record<string, string> = {}) {
  const config = loadConfig(env);
  const app = new Hono();
  app.get("/", (c) => c.json(requestMeta(c, config)));
  const socket = { incoming: { socket: { remoteAddress: "192.0.2.9" } } };
  return {
    fromBrowser: async (headers: Record<string, string>) => (await app.request("http://localhost/", { headers }, socket)).json(),
    inProcess: async (headers: Record<string, string>) => (await app.request("http://localhost/", { headers })).json(),
  };
}

test("a browser cannot claim another address or host with the panel's headers", async () => {
  const meta = await probe().fromBrowser({ "x-panel-client-ip": "1.2.3.4", "x-panel-host": "sunrise.localhost", "x-panel-secure": "1" });
  expect(meta).toMatchObject({ clientIp: "192.0.2.9", host: "localhost", secure: false, fromPanel: false });
});

test("the panel, in process, says who the browser is", async () => {
  const meta = await probe().inProcess({ "x-panel-client-ip": "1.2.3.4", "x-panel-host": "sunrise.localhost", "x-panel-secure": "1" });
  expect(meta).toMatchObject({ clientIp: "1.2.3.4", host: "sunrise.localhost", secure: true, fromPanel: true });
});

test("behind a trusted proxy only the right-most X-Forwarded-For entry counts", async () => {
  const p = probe({ TRUST_PROXY: "true" });
  const meta = await p.fromBrowser({ "x-forwarded-for": "6.6.6.6, 203.0.113.4", "x-forwarded-proto": "https" });
  expect(meta).toMatchObject({ clientIp: "203.0.113.4", secure: true });
  // Without TRUST_PROXY the headers are ignored.
  expect(await probe().fromBrowser({ "x-forwarded-for": "6.6.6.6", "x-forwarded-proto": "https" })).toMatchObject({
    clientIp: "192.0.2.9",
    secure: false,
  });
});

test("a split panel is trusted only with the shared secret", async () => {
  const secret = "s".repeat(40);
  const p = probe({ PANEL_API_SECRET: secret });
  expect(await p.fromBrowser({ "x-panel-secret": secret, "x-panel-client-ip": "1.2.3.4" })).toMatchObject({ clientIp: "1.2.3.4", fromPanel: true });
  expect(await p.fromBrowser({ "x-panel-secret": "wrong".repeat(8), "x-panel-client-ip": "1.2.3.4" })).toMatchObject({
    clientIp: "192.0.2.9",
    fromPanel: false,
  });
});
