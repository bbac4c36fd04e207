import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { franchisees } from "#server/db/schema/core.ts";
import { commissionLines, commissionPayouts, franchiseeCommissions } from "#server/db/schema/commissions.ts";
import { hasRole, type Actor } from "#server/auth/roles.ts";
import { conflict, notFound } from "#server/api/lib/errors.ts";
import type { AgencyRow } from "#server/api/lib/env.ts";
import type { commissionPayoutBody, commissionRateBody, CommissionStatement } from "#contracts/commissions.ts";
import { indiaMonth } from "#contracts/india-time.ts";

/*
 * Rates, statements and payouts (ADR 0069). An agency admin sees every staff member of the
 * agency; any other staff member only their own statement, read-only. Anyone else's, and another
 * agency's, is 404.
 */

export const FRANCHISEE_NOT_FOUND = "Franchisee not found.";
export const NOTHING_TO_PAY = "There is no commission to pay for this month.";

const isAdmin = (actor: Actor) => hasRole(actor, "admin");

/** The staff member of this agency the caller may see, else 404. */
async function visibleFranchisee(db: Db, actor: Actor, agencyId: number, franchiseeId: number) {
  if (actor.kind !== "staff" || (!isAdmin(actor) && actor.franchiseeId !== franchiseeId)) throw notFound(FRANCHISEE_NOT_FOUND);
  const [f] = await db
    .select({ id: franchisees.id, name: franchisees.name })
    .from(franchisees)
    .where(and(eq(franchisees.id, franchiseeId), eq(franchisees.agencyId, agencyId)));
  if (!f) throw notFound(FRANCHISEE_NOT_FOUND);
  return f;
}

/** PUT /commissions/rate (admin): one rate per franchisee; it applies to payments from now on. */
export async function setCommissionRate(db: Db, actor: Actor, agencyId: number, body: z.output<typeof commissionRateBody>, now: Date) {
  const f = await visibleFranchisee(db, actor, agencyId, body.franchiseeId);
  const by = actor.kind === "staff" ? actor.franchiseeId : null;
  await db
    .insert(franchiseeCommissions)
    .values({ franchiseeId: f.id, agencyId, basis: body.basis, rate: body.rate, updatedByFranchiseeId: by, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: franchiseeCommissions.franchiseeId, set: { basis: body.basis, rate: body.rate, updatedByFranchiseeId: by, updatedAt: now } });
  return { franchiseeId: f.id, rate: { basis: body.basis, rate: body.rate } };
}

/** GET /commissions (admin): every staff member with their rate, the month's net and its payout. */
export async function commissionOverview(db: Db, agencyId: number, month: string | undefined, now: Date) {
  const m = month ?? indiaMonth(now);
  const rows = await db
    .select({
      franchiseeId: franchisees.id,
      name: franchisees.name,
      isActive: franchisees.isActive,
      basis: franchiseeCommissions.basis,
      rate: franchiseeCommissions.rate,
      net: sql<number>`coalesce((select sum(${commissionLines.amount}) from ${commissionLines} where ${commissionLines.agencyId} = ${agencyId} and ${commissionLines.franchiseeId} = ${franchisees.id} and ${commissionLines.month} = ${m}), 0)`.mapWith(Number),
      paid: sql<number | null>`(select ${commissionPayouts.amount} from ${commissionPayouts} where ${commissionPayouts.agencyId} = ${agencyId} and ${commissionPayouts.franchiseeId} = ${franchisees.id} and ${commissionPayouts.month} = ${m})`,
    })
    .from(franchisees)
    .leftJoin(franchiseeCommissions, eq(franchiseeCommissions.franchiseeId, franchisees.id))
    .where(eq(franchisees.agencyId, agencyId))
    .orderBy(asc(franchisees.name), asc(franchisees.id));
  return {
    month: m,
    list: rows.map((r) => ({
      franchiseeId: r.franchiseeId,
      name: r.name,
      isActive: r.isActive,
      rate: r.basis && r.rate !== null ? { basis: r.basis, rate: r.rate } : null,
      net: r.net,
      paid: r.paid === null ? null : Number(r.paid),
    })),
  };
}

/** GET /commissions/statement: one franchisee's month, its lines oldest first. */
export async function commissionStatement(db: Db, actor: Actor, agency: AgencyRow, franchiseeId: number, month: string | undefined, now: Date): Promise<CommissionStatement> {
  const f = await visibleFranchisee(db, actor, agency.id, franchiseeId);
  const m = month ?? indiaMonth(now);
  const [rate] = await db
    .select({ basis: franchiseeCommissions.basis, rate: franchiseeCommissions.rate })
    .from(franchiseeCommissions)
    .where(and(eq(franchiseeCommissions.franchiseeId, f.id), eq(franchiseeCommissions.agencyId, agency.id)));
  const l = commissionLines;
  const lines = await db
    .select({
      lineId: l.id,
      recordNo: l.recordNo,
      businessId: l.businessId,
      businessName: l.businessName,
      planName: l.planName,
      kind: l.kind,
      paymentAmount: l.paymentAmount,
      basis: l.basis,
      rate: l.rate,
      amount: l.amount,
      createdAt: l.createdAt,
    })
    .from(l)
    .where(and(eq(l.agencyId, agency.id), eq(l.franchiseeId, f.id), eq(l.month, m)))
    .orderBy(asc(l.createdAt), asc(l.id));
  const [payout] = await db
    .select({ amount: commissionPayouts.amount, reference: commissionPayouts.reference, paidAt: commissionPayouts.paidAt })
    .from(commissionPayouts)
    .where(and(eq(commissionPayouts.agencyId, agency.id), eq(commissionPayouts.franchiseeId, f.id), eq(commissionPayouts.month, m)));
  const earned = lines.filter((x) => x.amount > 0).reduce((s, x) => s + x.amount, 0);
  const reversed = lines.filter((x) => x.amount < 0).reduce((s, x) => s + x.amount, 0);
  const net = earned + reversed;
  return {
    franchisee: { franchiseeId: f.id, name: f.name },
    agencyName: agency.agencyName,
    month: m,
    rate: rate ?? null,
    lines,
    totals: { earned, reversed, net },
    payout: payout ?? null,
    balance: net - (payout?.amount ?? 0),
    manage: isAdmin(actor),
  };
}

/**
 * POST /commissions/payout (admin): the month's net, paid once. The franchisee's row is locked so
 * two clicks take turns; the second finds the payout and returns it (`alreadyPaid`).
 */
export async function markCommissionPayout(db: Db, actor: Actor, agencyId: number, body: z.output<typeof commissionPayoutBody>, now: Date) {
  await visibleFranchisee(db, actor, agencyId, body.franchiseeId);
  return db.transaction(async (tx) => {
    await tx.select({ id: franchisees.id }).from(franchisees).where(eq(franchisees.id, body.franchiseeId)).for("update");
    const where = and(eq(commissionPayouts.agencyId, agencyId), eq(commissionPayouts.franchiseeId, body.franchiseeId), eq(commissionPayouts.month, body.month));
    const [existing] = await tx.select().from(commissionPayouts).where(where);
    if (existing) return { payout: { amount: existing.amount, reference: existing.reference, paidAt: existing.paidAt }, alreadyPaid: true };
    const [{ net }] = await tx
      .select({ net: sql<number>`coalesce(sum(${commissionLines.amount}), 0)`.mapWith(Number) })
      .from(commissionLines)
      .where(and(eq(commissionLines.agencyId, agencyId), eq(commissionLines.franchiseeId, body.franchiseeId), eq(commissionLines.month, body.month)));
    if (net <= 0) throw conflict(NOTHING_TO_PAY);
    const [row] = await tx
      .insert(commissionPayouts)
      .values({
        agencyId,
        franchiseeId: body.franchiseeId,
        month: body.month,
        amount: net,
        reference: body.reference || null,
        paidAt: now,
        markedByFranchiseeId: actor.kind === "staff" ? actor.franchiseeId : null,
        createdAt: now,
      })
      .returning();
    return { payout: { amount: row.amount, reference: row.reference, paidAt: row.paidAt }, alreadyPaid: false };
  });
}
