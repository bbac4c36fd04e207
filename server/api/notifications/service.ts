import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { businesses } from "#server/db/schema/business.ts";
import { adminNotificationReads, adminNotifications, type AdminNotificationKind } from "#server/db/schema/core.ts";
import type { Actor } from "#server/auth/roles.ts";
import { visibleTo } from "#server/api/lib/visible-to.ts";
import { type Tx } from "#server/db/tx.ts";
import { notFound } from "#server/api/lib/errors.ts";
import { formatPrice } from "#contracts/format.ts";
import type { adminNotificationListQuery } from "#contracts/notifications.ts";

/*
 * Admin notifications (SPEC §7 Analytics and notifications, ADR 0016). Events write theirs in
 * their own transaction through `notifyAdmins`; expiring cards come from a daily job (./jobs.ts).
 * Every row has a dedupe key unique per agency, so a retried event or a rerun adds nothing.
 * Who sees a notification is who sees its business (`visibleTo`): franchisees their own customers'.
 */

type Notice = { kind: AdminNotificationKind; businessId: number; dedupeKey: string; title: string; body?: string | null };

/** Records a notice for the agency's staff; a second one with the same key is ignored. */
export async function notifyAdmins(tx: Tx | Db, agencyId: number, notice: Notice, now: Date) {
  await tx
    .insert(adminNotifications)
    .values({ agencyId, ...notice, body: notice.body ?? null, createdAt: now })
    .onConflictDoNothing({ target: [adminNotifications.agencyId, adminNotifications.dedupeKey] });
}

/** The notices of the events we report, worded once. */
export const notices = {
  newBusiness: (b: { businessId: number; businessName: string }, madeBy: string): Notice => ({
    kind: "new-business",
    businessId: b.businessId,
    dedupeKey: `new-business:${b.businessId}`,
    title: `New business: ${b.businessName}`,
    body: madeBy === "self" ? "Registered by the customer" : `Added by ${madeBy}`,
  }),
  payment: (p: { recordNo: number; businessId: number; businessName: string; amount: number; planName: string | null; manual: boolean }): Notice => ({
    kind: "payment",
    businessId: p.businessId,
    dedupeKey: `payment:${p.recordNo}`,
    title: `Payment: ${p.businessName}`,
    body: `${formatPrice(p.amount)}${p.planName ? ` for ${p.planName}` : ""} (${p.manual ? "recorded by staff" : "paid online"})`,
  }),
  enquiry: (e: { feedbackId: number; businessId: number; businessName: string; name: string; kind: "feedback" | "enquiry" }): Notice => ({
    kind: "enquiry",
    businessId: e.businessId,
    dedupeKey: `enquiry:${e.feedbackId}`,
    title: `${e.kind === "feedback" ? "Feedback" : "Enquiry"} for ${e.businessName}`,
    body: `From ${e.name}`,
  }),
};

type ListQuery = z.output<typeof adminNotificationListQuery>;

/**
 * How many of the newest notices are listed and counted: the list and the bell stay one index
 * scan however long the agency's history (an agency of 100,000 businesses has at least as many
 * "new business" notices). The counts say "this many or more" beyond it (ADR 0016).
 */
export const LISTED_NOTICES = 1000;

/** GET /analytics/admin-notification: newest first, with the caller's read marks and unread count. */
export async function listAdminNotifications(db: Db, actor: Extract<Actor, { kind: "staff" }>, agencyId: number, q: ListQuery) {
  const recent = db
    .select({
      notificationId: adminNotifications.id,
      kind: adminNotifications.kind,
      businessId: adminNotifications.businessId,
      title: adminNotifications.title,
      body: adminNotifications.body,
      createdAt: adminNotifications.createdAt,
      read: sql<boolean>`${adminNotificationReads.franchiseeId} is not null`.as("read"),
    })
    .from(adminNotifications)
    .innerJoin(businesses, eq(businesses.businessId, adminNotifications.businessId))
    .leftJoin(
      adminNotificationReads,
      and(eq(adminNotificationReads.notificationId, adminNotifications.id), eq(adminNotificationReads.franchiseeId, actor.franchiseeId)),
    )
    .where(and(eq(adminNotifications.agencyId, agencyId), visibleTo(actor, agencyId), q.unread ? isNull(adminNotificationReads.franchiseeId) : undefined))
    .orderBy(desc(adminNotifications.createdAt), desc(adminNotifications.id))
    .limit(LISTED_NOTICES)
    .as("recent");
  const counts = {
    total: sql<number>`count(*) over ()`.mapWith(Number),
    unread: sql<number>`count(*) filter (where not ${recent.read}) over ()`.mapWith(Number),
  };
  const rows = await db
    .select({ ...recent._.selectedFields, ...counts })
    .from(recent)
    .orderBy(desc(recent.createdAt), desc(recent.notificationId))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  let { total, unread } = rows[0] ?? { total: 0, unread: 0 };
  // A page past the end: the counts alone.
  if (!rows.length && q.page > 1) {
    [{ total, unread }] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number), unread: sql<number>`count(*) filter (where not ${recent.read})`.mapWith(Number) })
      .from(recent);
  }
  return {
    notifications: rows.map(({ total: _t, unread: _u, ...n }) => ({ ...n, read: Boolean(n.read) })),
    total,
    unread,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** PUT /analytics/admin-notification/{id}/read: idempotent; a notice the caller may not see is 404. */
export async function markAdminNotificationRead(db: Db, actor: Extract<Actor, { kind: "staff" }>, agencyId: number, id: number, now: Date) {
  const [row] = await db
    .select({ id: adminNotifications.id })
    .from(adminNotifications)
    .innerJoin(businesses, eq(businesses.businessId, adminNotifications.businessId))
    .where(and(eq(adminNotifications.id, id), eq(adminNotifications.agencyId, agencyId), visibleTo(actor, agencyId)))
    .limit(1);
  if (!row) throw notFound("That notification was not found.");
  await db.insert(adminNotificationReads).values({ notificationId: id, franchiseeId: actor.franchiseeId, readAt: now }).onConflictDoNothing();
  return { notificationId: id, read: true as const };
}
