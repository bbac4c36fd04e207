import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { analyticsEvents, sessions, users } from "#server/db/schema/core.ts";

/*
 * The customer accounts behind sign-in (ADR 0002, 0003): plain functions over the database.
 * The cookies, the pending sign-in and the rate limits of a request stay with the routes and
 * api/lib (sign-in.ts, pending-signin.ts).
 */

export type Ident = { phoneNumber?: string; email?: string };

/** The customer with this phone number (or, for foreign users, email) in this agency. */
const userWith = (agencyId: number, id: Ident) =>
  and(eq(users.agencyId, agencyId), id.email ? eq(users.email, id.email) : eq(users.phoneNumber, id.phoneNumber!));

export const findUser = (db: Db, agencyId: number, id: Ident) => db.query.users.findFirst({ where: userWith(agencyId, id) });

/**
 * The password set after a verified OTP: creates the customer on sign-up, else replaces the
 * password (forgot password, or a parallel double click created the account first) and ends every
 * other session of the account (a stolen one included).
 */
export async function setUserPassword(db: Db, agencyId: number, id: Ident, passwordHash: string, now: Date) {
  return db.transaction(async (tx) => {
    const [u] = await tx
      .insert(users)
      .values({
        agencyId,
        phoneNumber: id.phoneNumber ?? null,
        email: id.email ?? null,
        isForeignUser: !!id.email,
        passwordHash,
        lastLoginAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (u) return { user: u, created: true };
    const [updated] = await tx.update(users).set({ passwordHash, lastLoginAt: now }).where(userWith(agencyId, id)).returning();
    await tx.delete(sessions).where(eq(sessions.userId, updated.id));
    return { user: updated, created: false };
  });
}

/** SPEC §4: a sign-up event after create password (not after a password reset). */
export async function recordSignUp(db: Db, agencyId: number, userId: number) {
  await db.insert(analyticsEvents).values({ agencyId, userId, logEventName: "SIGN_UP", pageUrl: "/panel/createPassword" });
}

export async function markLoggedIn(db: Db, userId: number, now: Date) {
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
}

export async function deleteUserAccount(db: Db, userId: number) {
  await db.delete(users).where(eq(users.id, userId));
}
