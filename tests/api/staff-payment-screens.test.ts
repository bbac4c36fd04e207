/**
 * What the staff payment screens (ADR 0033) read from the API beyond the
 * plans part's own tests: who recorded a payment (staff only), and 404 for another agency's staff.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { subscriptionPlans } from "#server/db/schema/billing.ts";
import { createTestApi, type TestApi } from "../support/api-harness.ts";
import { insertBusiness } from "../support/factories.ts";

let t: TestApi;
let basicId: number;

beforeAll(async () => {
  t = await createTestApi();
  basicId = (await t.db.select().from(subscriptionPlans)).find((p) => p.name === "Basic")!.subscriptionPlanId;
});
afterAll(() => t?.close());

test("a payment's list names who recorded it for staff, never for the customer", async () => {
  const business = await insertBusiness(t);
  const paid = await t.requestAs("admin", "POST", "/card-payment", { body: { businessId: business.businessId, planId: basicId, isManualUpdate: true } });
  expect(paid.status).toBe(200);

  const staff = await t.requestAs("admin", "GET", "/card-payment", { query: { businessId: business.businessId } });
  expect(staff.status).toBe(200);
  expect(staff.json.list).toHaveLength(1);
  expect(staff.json.list[0]).toMatchObject({ planName: "Basic", isManualUpdate: true, throughGateway: false });
  expect(staff.json.list[0].recordedBy).toEqual(expect.any(String));
  expect(staff.json.list[0].recordedBy!.length).toBeGreaterThan(0);

  const customer = await t.requestAs("customer", "GET", "/card-payment", { query: { businessId: business.businessId } });
  expect(customer.status).toBe(200);
  expect(customer.json.list[0].recordedBy).toBeNull();
});

test("another agency's admin gets 404 for the business's payments", async () => {
  const business = await insertBusiness(t);
  expect((await t.requestAs("otherAgencyAdmin", "GET", "/card-payment", { query: { businessId: business.businessId } })).status).toBe(404);
});
