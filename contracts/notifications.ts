import { z } from "zod";
import { q } from "./query.ts";
import { ADMIN_NOTIFICATION_KINDS } from "./notification-kinds.ts";

/** GET /analytics/admin-notification: newest first, in pages (a client merges pages by notificationId). */
export const adminNotificationListQuery = z.object({
  page: q.page(),
  pageSize: q.pageSize(),
  /** true: only the ones this staff member has not read. */
  unread: q.bool().optional(),
});

export const adminNotificationDto = z.object({
  notificationId: z.number(),
  kind: z.enum(ADMIN_NOTIFICATION_KINDS),
  businessId: z.number(),
  title: z.string(),
  body: z.string().nullable(),
  createdAt: z.date(),
  /** Read by the caller (read marks are per staff member). */
  read: z.boolean(),
});
export type AdminNotification = z.infer<typeof adminNotificationDto>;

export const adminNotificationIdParams = z.object({ id: q.int("id") });

/** GET /customer/notifications: one of the customer's own events, with where it leads (ADR 0043). */
export const customerNotificationDto = z.object({
  key: z.string(),
  kind: z.enum(["enquiry", "payment", "expiring", "expired"]),
  businessId: z.number(),
  title: z.string(),
  body: z.string().nullable(),
  /** A panel path: the enquiry list, the receipt, the plans. */
  href: z.string(),
  at: z.date(),
});
export type CustomerNotification = z.infer<typeof customerNotificationDto>;
