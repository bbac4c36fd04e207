/** What an admin notification is about (SPEC §7 Analytics and notifications); zod-free for pages. */
export const ADMIN_NOTIFICATION_KINDS = ["new-business", "payment", "enquiry", "expiring-card"] as const;
export type AdminNotificationKind = (typeof ADMIN_NOTIFICATION_KINDS)[number];

export const ADMIN_NOTIFICATION_LABELS: Record<AdminNotificationKind, string> = {
  "new-business": "New business",
  payment: "Payment",
  enquiry: "Enquiry",
  "expiring-card": "Expiring card",
};
