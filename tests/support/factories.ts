/**
 * Test data, made one way for every API test file. Businesses and messages go straight into the
 * database (their own routes are tested elsewhere); a card is made through POST /createCard, as
 * the panel makes it. Names are numbered, deterministic and contain letters (a name search
 * never turns into a phone search).
 */
import { eq } from "drizzle-orm";
import { businesses, feedback } from "#server/db/schema/business.ts";
import { users } from "#server/db/schema/core.ts";
import { DEMO_ACCOUNTS } from "#server/db/demo-accounts.ts";
import type { RoleName, TestApi } from "./api-harness.ts";

let seq = 0;

/** The seeded customer on the platform agency (DEMO_ACCOUNTS.customer). */
export async function seededCustomer(t: TestApi) {
  const [user] = await t.db.select().from(users).where(eq(users.phoneNumber, DEMO_ACCOUNTS.customer.login.phoneNumber));
  return user;
}

export type BusinessInput = {
  /** Default: the seeded customer. */
  userId?: number;
  /** Default: the owner's agency. */
  agencyId?: number;
  name?: string;
  madeByFranchiseeId?: number;
  expiry?: Date;
  paid?: boolean;
};

/** A business straight in the database. */
export async function insertBusiness(t: TestApi, o: BusinessInput = {}) {
  const owner = o.userId
    ? (await t.db.select().from(users).where(eq(users.id, o.userId)))[0]
    : await seededCustomer(t);
  const [b] = await t.db
    .insert(businesses)
    .values({
      agencyId: o.agencyId ?? owner.agencyId,
      userId: owner.id,
      businessName: o.name ?? `Test Shop ${++seq}`,
      phoneNumber: "+919811111111",
      madeByFranchiseeId: o.madeByFranchiseeId ?? null,
      expiryDateForCustomer: o.expiry ?? null,
      paymentStatus: o.paid ? 1 : 0,
    })
    .returning();
  return b;
}

/** A new business (insertBusiness) and its card, made by `role` through POST /createCard. */
export async function createCard(t: TestApi, o: BusinessInput & { role?: RoleName } = {}) {
  const b = await insertBusiness(t, o);
  const res = await t.requestAs(o.role ?? "customer", "POST", "/createCard", { body: { businessId: b.businessId } });
  if (res.status !== 200) throw new Error(`createCard: ${res.status} ${res.text}`);
  return res.json.card as { cardNo: number; cardId: string; businessId: number };
}

/** A visitor's message on a business (by its name, as seeded), `minutesAgo` old. */
export async function insertFeedback(
  t: TestApi,
  businessName: string,
  o: { minutesAgo?: number; kind?: "feedback" | "enquiry"; message?: string } = {},
) {
  const [b] = await t.db.select().from(businesses).where(eq(businesses.businessName, businessName));
  const n = ++seq;
  const [row] = await t.db
    .insert(feedback)
    .values({
      businessId: b.businessId,
      agencyId: b.agencyId,
      kind: o.kind ?? "enquiry",
      name: `Visitor ${n}`,
      phoneNumber: "9811122334",
      message: o.message ?? `Message ${n} for ${businessName}`,
      createdAt: new Date(Date.now() - (o.minutesAgo ?? 0) * 60_000),
    })
    .returning();
  return row;
}
