import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { businesses } from "#server/db/schema/business.ts";
import { users } from "#server/db/schema/core.ts";
import type { Actor } from "#server/auth/roles.ts";
import type { registerUserSchema } from "#contracts/business.ts";
import { selectFullBusinesses, toBusinessDto } from "./full-record.ts";
import { visibleTo } from "#server/api/lib/visible-to.ts";

/**
 * POST /business/registerUserAndGetBusinesses: staff find a customer of their agency by phone
 * number (or email, for customers abroad) or register them without a password (they sign in
 * with an OTP later and set one), then see the businesses they may manage for them.
 */
export async function registerUserAndGetBusinesses(
  db: Db,
  actor: Actor,
  agencyId: number,
  input: z.output<typeof registerUserSchema>,
  now: Date,
) {
  const byIdentifier = input.email
    ? and(eq(users.agencyId, agencyId), eq(users.email, input.email))
    : and(eq(users.agencyId, agencyId), eq(users.phoneNumber, input.phoneNumber!));
  const columns = { userId: users.id, phoneNumber: users.phoneNumber, email: users.email, isForeignUser: users.isForeignUser };

  let [user] = await db.select(columns).from(users).where(byIdentifier).limit(1);
  let created = false;
  if (!user) {
    const [inserted] = await db
      .insert(users)
      .values({ agencyId, phoneNumber: input.email ? null : input.phoneNumber!, email: input.email ?? null, isForeignUser: !!input.email })
      .onConflictDoNothing()
      .returning(columns);
    // Null: a parallel request registered the same customer a moment ago.
    [user] = inserted ? [inserted] : await db.select(columns).from(users).where(byIdentifier).limit(1);
    created = !!inserted;
  }
  const rows = created
    ? []
    : await selectFullBusinesses(db)
        .where(and(eq(businesses.userId, user.userId), visibleTo(actor, agencyId)))
        .orderBy(asc(businesses.createdAt), asc(businesses.businessId));
  return { user, businesses: rows.map((r) => toBusinessDto(r, now)), created };
}
