import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import { forbidden } from "#server/api/lib/errors.ts";
import { adminNotificationDto, adminNotificationIdParams, adminNotificationListQuery, customerNotificationDto } from "#contracts/notifications.ts";
import { listAdminNotifications, markAdminNotificationRead } from "./service.ts";
import { listCustomerNotifications } from "./customer.ts";
import { requestLanguage } from "#server/api/lib/request-language.ts";

const tag = "Analytics";

export const listAdminNotificationsRoute = defineRoute({
  method: "get",
  path: "/analytics/admin-notification",
  tag,
  summary:
    "Staff notifications (new business, payment, enquiry, expiring card), newest first, in pages keyed by notificationId; `read` and `unread` are the caller's. Franchisees see their own customers'. Only the newest 1,000 are listed and counted.",
  access: access.staff(),
  query: adminNotificationListQuery,
  response: z.object({
    notifications: z.array(adminNotificationDto),
    total: z.number(),
    unread: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
  async handler({ deps, actor, agency, query }) {
    if (actor.kind !== "staff") throw forbidden();
    return listAdminNotifications(deps.db, actor, agency.id, query);
  },
});

export const markAdminNotificationReadRoute = defineRoute({
  method: "put",
  path: "/analytics/admin-notification/{id}/read",
  tag,
  summary: "Mark one notification read for the caller (again: no change). One they may not see is 404.",
  access: access.staff(),
  params: adminNotificationIdParams,
  response: z.object({ notificationId: z.number(), read: z.literal(true) }),
  async handler({ deps, actor, agency, params }) {
    if (actor.kind !== "staff") throw forbidden();
    return markAdminNotificationRead(deps.db, actor, agency.id, params.id, deps.now());
  },
});

export const listCustomerNotificationsRoute = defineRoute({
  method: "get",
  path: "/customer/notifications",
  tag,
  summary:
    "The signed-in customer's own events across their businesses, newest first (at most 30): enquiries and feedback on their cards, paid plans (with the receipt's path), and a plan or trial ending within 7 days or ended in the last 30. Each has the panel path it leads to. Titles and bodies are in the request's language.",
  access: access.customer,
  response: z.object({ notifications: z.array(customerNotificationDto) }),
  async handler({ c, deps, actor, agency }) {
    if (actor.kind !== "customer") throw forbidden();
    const lang = (await requestLanguage(c)).code;
    return { notifications: await listCustomerNotifications(deps.db, actor, agency.id, deps.now(), lang) };
  },
});

export const notificationRoutes = [listAdminNotificationsRoute, markAdminNotificationReadRoute, listCustomerNotificationsRoute] as const;
