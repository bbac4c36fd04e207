import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { feedback } from "#server/db/schema/business.ts";
import { cardPayments } from "#server/db/schema/billing.ts";
import type { Actor } from "#server/auth/roles.ts";
import { customerBusinesses } from "#server/api/business/service.ts";
import { formatDate, formatPrice } from "#contracts/format.ts";
import { EXPIRING_SOON_DAYS, isExpired, isExpiringSoon, isPaid } from "#contracts/payment-status.ts";
import type { CustomerNotification } from "#contracts/notifications.ts";
import { CATALOGUES } from "#contracts/i18n/messages.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import type { Language } from "#contracts/i18n/languages.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many the bell's page lists, and how long an expired plan stays on it. */
export const CUSTOMER_NOTIFICATION_LIMIT = 30;
const EXPIRED_SHOWN_DAYS = 30;

/**
 * GET /customer/notifications (ADR 0043): the customer's own events across their businesses,
 * newest first, read from where they already live (no table of their own): enquiries and
 * feedback left on their cards, their paid plans, and a plan that ends within
 * EXPIRING_SOON_DAYS or ended in the last EXPIRED_SHOWN_DAYS. Each leads to the page about it.
 */
export async function listCustomerNotifications(db: Db, actor: Extract<Actor, { kind: "customer" }>, agencyId: number, now: Date, lang: Language = "en"): Promise<CustomerNotification[]> {
  // Composed in the request's language (ADR 0066): the texts are the `notifications` catalogue's.
  const t = CATALOGUES[lang].notifications;
  const { businesses } = await customerBusinesses(db, actor, agencyId);
  if (!businesses.length) return [];
  const ids = businesses.map((b) => b.businessId);
  const names = new Map(businesses.map((b) => [b.businessId, b.businessName]));
  const [enquiries, payments] = await Promise.all([
    db
      .select({ id: feedback.id, businessId: feedback.businessId, kind: feedback.kind, name: feedback.name, message: feedback.message, createdAt: feedback.createdAt })
      .from(feedback)
      .where(and(eq(feedback.agencyId, agencyId), inArray(feedback.businessId, ids)))
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(CUSTOMER_NOTIFICATION_LIMIT),
    db
      .select({ recordNo: cardPayments.recordNo, businessId: cardPayments.businessId, planName: cardPayments.planName, amount: cardPayments.amount, paidAt: cardPayments.paidAt, createdAt: cardPayments.createdAt })
      .from(cardPayments)
      .where(and(eq(cardPayments.agencyId, agencyId), inArray(cardPayments.businessId, ids), eq(cardPayments.status, "paid")))
      .orderBy(desc(cardPayments.paidAt), desc(cardPayments.recordNo))
      .limit(CUSTOMER_NOTIFICATION_LIMIT),
  ]);
  const items: CustomerNotification[] = [];
  for (const e of enquiries) {
    const name = names.get(e.businessId)!;
    items.push({
      key: `enquiry:${e.id}`,
      kind: "enquiry",
      businessId: e.businessId,
      title: fmt(e.kind === "feedback" ? t.feedbackFrom : t.enquiryFrom, { name: e.name, business: name }),
      body: e.message.length > 120 ? `${e.message.slice(0, 119)}…` : e.message,
      href: `/panel/customer/feedback?businessId=${e.businessId}`,
      at: e.createdAt,
    });
  }
  for (const p of payments) {
    items.push({
      key: `payment:${p.recordNo}`,
      kind: "payment",
      businessId: p.businessId!,
      title: fmt(t.paymentFor, { business: names.get(p.businessId!)! }),
      body: fmt(p.planName ? t.paymentBodyPlan : t.paymentBody, { amount: formatPrice(p.amount), plan: p.planName ?? "" }),
      href: `/panel/customer/businesses/${p.businessId}/receipts/${p.recordNo}`,
      at: p.paidAt ?? p.createdAt,
    });
  }
  for (const b of businesses) {
    if (!b.expiryDateForCustomer) continue;
    const expiry = new Date(b.expiryDateForCustomer);
    const plans = `/panel/customer/plans?businessId=${b.businessId}`;
    const paid = isPaid(b);
    const values = { business: b.businessName, date: formatDate(expiry, lang) };
    if (isExpired(b, now) && now.getTime() - expiry.getTime() <= EXPIRED_SHOWN_DAYS * DAY_MS) {
      items.push({ key: `expired:${b.businessId}:${expiry.toISOString()}`, kind: "expired", businessId: b.businessId, title: fmt(paid ? t.planEnded : t.trialEnded, values), body: t.offlineUntilPlan, href: plans, at: expiry });
    } else if (isExpiringSoon(b, EXPIRING_SOON_DAYS, now)) {
      items.push({
        key: `expiring:${b.businessId}:${expiry.toISOString()}`,
        kind: "expiring",
        businessId: b.businessId,
        title: fmt(paid ? t.planEnds : t.trialEnds, values),
        body: paid ? t.renewToStayOnline : t.choosePlanToStayOnline,
        href: plans,
        // When it became news: the day it entered the warning window.
        at: new Date(Math.min(now.getTime(), expiry.getTime() - EXPIRING_SOON_DAYS * DAY_MS)),
      });
    }
  }
  return items.sort((a, b) => b.at.getTime() - a.at.getTime() || a.key.localeCompare(b.key)).slice(0, CUSTOMER_NOTIFICATION_LIMIT);
}
