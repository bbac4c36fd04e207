/**
 * The API behind a real node:http listener, as server/main.ts serves it (@hono/node-server with
 * `overrideGlobalObjects: false`): bodies without Content-Length (chunked uploads, a DELETE from
 * fetch or curl) reach the routes, and the panel's client works over the network (API_URL).
 */
import http from "node:http";
import { rawRequest } from "../support/raw-request.ts";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { getRequestListener } from "@hono/node-server";
import { createApi } from "#server/api/app.ts";
import { feedback } from "#server/db/schema/business.ts";
import { createApiClient } from "~/lib/api.server";
import { createTestApi, type TestApi } from "../support/api-harness.ts";
import { insertFeedback } from "../support/factories.ts";

const SECRET = "s".repeat(40);
let t: TestApi;
let server: http.Server;
let base: string;

beforeAll(async () => {
  t = await createTestApi();
  // The same app and deps, with the secret a split panel (API_URL) is trusted by.
  const api = createApi({ ...t.deps, config: { ...t.deps.config, PANEL_API_SECRET: SECRET } });
  server = http.createServer(getRequestListener(api.fetch, { overrideGlobalObjects: false }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const leaveMessage = async () => (await insertFeedback(t, "Sharma Sweets", { message: "Hello" })).id;
const exists = async (id: number) => (await t.db.select().from(feedback).where(eq(feedback.id, id))).length === 1;

/** A POST whose body arrives in chunks (Transfer-Encoding: chunked, no Content-Length). */
const chunkedPost = (path: string, chunks: string[], headers: Record<string, string>) => rawRequest(`${base}${path}`, { method: "POST", headers }, chunks);

describe("bodies without Content-Length", () => {
  test("a chunked JSON POST is read and answered", async () => {
    const json = JSON.stringify({ level: "info", message: "chunked", source: "frontend" });
    const res = await chunkedPost("/log", [json.slice(0, 10), json.slice(10)], { "content-type": "application/json" });
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ logged: true });
  });

  test("a chunked body over the limit is 413, not 500", async () => {
    const big = JSON.stringify({ level: "info", message: "x", source: "frontend", pad: "x".repeat(300_000) });
    const res = await chunkedPost("/log", [big.slice(0, 1000), big.slice(1000)], { "content-type": "application/json" });
    expect(res.status, res.body).toBe(413);
    expect(JSON.parse(res.body).message).toBe("The request is too large.");
  });

  test("a 413 says Connection: close, since the rest of the body is not read (issue 22 L2)", async () => {
    const big = JSON.stringify({ level: "info", message: "x", source: "frontend", pad: "x".repeat(300_000) });
    const chunked = await chunkedPost("/log", [big.slice(0, 1000), big.slice(1000)], { "content-type": "application/json" });
    expect(chunked.status).toBe(413);
    expect(chunked.headers.connection).toBe("close");
  });

  test("a DELETE without a body (as fetch and curl -X DELETE send it) deletes", async () => {
    const id = await leaveMessage();
    const res = await fetch(`${base}/feedback?id=${id}`, { method: "DELETE", headers: { cookie: await t.signInAs("customer") } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ deleted: true, id });
    expect(await exists(id)).toBe(false);
  });
});

describe("the panel's API client over the network (API_URL)", () => {
  test("a delete from the panel works", async () => {
    const id = await leaveMessage();
    const saved = { API_URL: process.env.API_URL, PANEL_API_SECRET: process.env.PANEL_API_SECRET };
    process.env.API_URL = base.replace(/\/api\/v1$/, "");
    process.env.PANEL_API_SECRET = SECRET;
    try {
      const browserRequest = new Request("http://localhost:3000/panel/customer/feedback", {
        method: "POST",
        headers: { cookie: await t.signInAs("customer") },
      });
      const res = await createApiClient(browserRequest).call("DELETE /feedback", { query: { id } });
      expect(res).toMatchObject({ ok: true, status: 200, data: { deleted: true, id } });
      expect(await exists(id)).toBe(false);
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
});
