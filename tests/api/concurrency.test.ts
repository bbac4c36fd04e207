/**
 * Many writes and reads at once. The embedded database is one connection (ADR 0014): a
 * transaction holds it, so code that queried `db` inside a transaction would wait forever and
 * this file would time out. Every answer must be a real one (no 5xx), and the data consistent.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../support/api-harness.ts";
import type { ApiBody, ApiMethod, ApiPath } from "../support/api-client.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

test("creates, clones, edits, deletes and page reads in parallel all complete, none fails", async () => {
  await t.signInAs("customer");
  const as = <M extends ApiMethod, P extends ApiPath<M>>(method: M, path: P, body?: ApiBody<M, P>) => t.requestAs("customer", method, path, body ? { body } : {});
  const created = await Promise.all(
    Array.from({ length: 6 }, (_, i) => as("POST", "/business", { businessName: `Parallel Shop ${i}`, createDigitalCard: true })),
  );
  expect(created.map((r) => r.status)).toEqual(Array(6).fill(200));
  const ids = created.map((r) => r.json.business.businessId as number);

  const mixed = await Promise.all([
    ...ids.slice(0, 2).map((id) => as("POST", "/business/cloneBusiness", { businessId: id })),
    ...ids.slice(2, 4).map((id) => as("POST", "/business/updateBusinessMetadata", { businessId: id, businessName: `Edited Shop ${id}`, address: "MG Road, Pune" })),
    ...ids.slice(4).map((id) => as("DELETE", `/business/${id}`)),
    ...Array.from({ length: 6 }, () => as("GET", "/dashboard")),
    ...Array.from({ length: 4 }, () => as("GET", "/business/getBusinessesByUser")),
    // The same name twice at once: one business (the create's advisory lock), never an error.
    as("POST", "/business", { businessName: "Twin Shop" }),
    as("POST", "/business", { businessName: "Twin Shop" }),
  ]);
  expect(mixed.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.text}`)).toEqual([]);

  const { json } = await as("GET", "/business/getBusinessesByUser");
  const names = (json.businesses as { businessName: string }[]).map((b) => b.businessName);
  expect(names.filter((n) => n === "Twin Shop")).toHaveLength(1);
  expect(names).not.toContain("Parallel Shop 4");
  expect(names).not.toContain("Parallel Shop 5");
  expect(names.filter((n) => n.startsWith("Parallel Shop 0"))).toHaveLength(2);
});
