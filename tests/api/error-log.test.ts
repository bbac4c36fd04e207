/**
 * A 500 is logged and reported by request id, route and error class: never the failed query's
 * SQL or parameters, nor what a visitor typed.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute, type AnyRoute } from "#server/api/lib/define-route.ts";
import { createApi } from "#server/api/app.ts";
import { feedback } from "#server/db/schema/business.ts";
import type { Logger } from "#server/services/logger.ts";
import { createClient } from "../support/api-client.ts";
import { createTestApi, type TestApi } from "../support/api-harness.ts";
import { allRoutes } from "../support/routes.ts";

const VISITOR = { name: "Asha Verma", phoneNumber: "9811122334", message: "Please call me about the wedding order" };

/** A route whose query fails in the database (no such business) with a visitor's details in it. */
const probe = defineRoute({
  method: "post",
  path: "/__probe/enquiry",
  tag: "Probe",
  summary: "Test-only: stores an enquiry on a business that does not exist.",
  access: access.public,
  body: z.object({ name: z.string(), phoneNumber: z.string(), message: z.string() }),
  response: z.object({ ok: z.boolean() }),
  async handler({ deps, body }) {
    await deps.db.insert(feedback).values({ agencyId: 999_999, businessId: 999_999, kind: "enquiry", ...body });
    return { ok: true };
  },
}) as unknown as AnyRoute;

let t: TestApi;
const logged: { level: string; msg: string; data?: Record<string, unknown> }[] = [];
const reported: unknown[] = [];
let client: ReturnType<typeof createClient>;

beforeAll(async () => {
  t = await createTestApi();
  const logger: Logger = {
    debug: (msg, data) => logged.push({ level: "debug", msg, data }),
    info: (msg, data) => logged.push({ level: "info", msg, data }),
    warn: (msg, data) => logged.push({ level: "warn", msg, data }),
    error: (msg, data) => logged.push({ level: "error", msg, data }),
  };
  client = createClient(createApi({ ...t.deps, logger, onServerError: (err) => reported.push(err) }, [...allRoutes, probe]));
});
afterAll(() => t?.close());

test("a failed query: 500 with a request id; the log and the report name the route and class, not the data", async () => {
  const res = await client.requestUnchecked("POST", "/__probe/enquiry", { body: VISITOR });
  expect(res.status).toBe(500);
  const requestId = res.headers.get("x-request-id");
  expect(requestId).toMatch(/^[\w-]{8,64}$/);
  expect(res.json).toEqual({ message: "Something went wrong on our side. Please try again.", requestId });

  const errors = logged.filter((l) => l.level === "error");
  expect(errors).toHaveLength(1);
  expect(errors[0].data).toMatchObject({
    requestId,
    route: "POST /api/v1/__probe/enquiry",
    errorClass: "DrizzleQueryError",
    dbCode: "23503", // foreign key violation
  });
  expect(reported).toHaveLength(1);

  const everything = JSON.stringify(errors) + String((reported[0] as Error).message) + String((reported[0] as Error).stack);
  for (const secret of [...Object.values(VISITOR), "insert into", "Key (", "params"]) {
    expect(everything.toLowerCase()).not.toContain(secret.toLowerCase());
  }
});

test("every response names its request; the panel's own id is kept", async () => {
  const own = await client.request("GET", "/session", { headers: { "x-request-id": "panel-request-0001" } });
  expect(own.headers.get("x-request-id")).toBe("panel-request-0001"); // in-process: the panel's call
  const a = await client.request("GET", "/session");
  const b = await client.request("GET", "/session");
  expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
});
