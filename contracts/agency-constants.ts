/**
 * Agency management's zod-free constants and texts (SPEC §3 Agency, ADR 0018): the list and
 * detail pages take them without shipping zod. The schemas are in agency.ts.
 */

/** The custom domain's HTTPS check, in order (ADR 0018). */
export const SSL_STATUSES = ["none", "pending_dns", "verifying", "active", "failed"] as const;
export type SslStatus = (typeof SSL_STATUSES)[number];

export const SSL_STATUS_LABELS: Record<SslStatus, string> = {
  none: "Not checked",
  pending_dns: "Pending DNS",
  verifying: "Verifying",
  active: "Active",
  failed: "Failed",
};

/** Staff roles that may make a business whose customer still pays online (besides 'self'). */
export const MADE_BY_STAFF_ROLES = ["admin", "creator", "franchisee", "franchisee-with-all-card-access"] as const;
export type MadeByStaffRole = (typeof MADE_BY_STAFF_ROLES)[number];
export const MADE_BY_LABELS: Record<MadeByStaffRole, string> = {
  admin: "Admins",
  creator: "Creators",
  franchisee: "Franchisees",
  "franchisee-with-all-card-access": "Franchisees with all-card access",
};

/** The agency list's status filter. */
export const AGENCY_STATUS_FILTERS = ["active", "inactive"] as const;
export type AgencyStatusFilter = (typeof AGENCY_STATUS_FILTERS)[number];

export const AGENCY_DEFAULTS = {
  trialDays: 7,
  /** ₹199 a promotional video (ADR 0015). */
  pricePerVideoPaise: 19_900,
  /** ₹99 for the single PDF card plan. */
  pdfPlanPricePaise: 9_900,
} as const;
/**
 * What the platform bills the agency (ADR 0023), until set on the agency's form: nothing per
 * card or a year, 18% GST, 10 days' grace. Money in paise.
 */
export const AGENCY_BILLING_DEFAULTS = {
  perCardPrice: 0,
  annualFee: 0,
  imageServiceMonthlyFee: 0,
  gstPercent: 18,
  graceDays: 10,
} as const;
export const MAX_GRACE_DAYS = 365;
export const MAX_OFFLINE_INSTRUCTIONS = 2000;
export const MAX_TRIAL_DAYS = 365;
export const MAX_CUSTOMER_PLANS = 5;

export const AGENCY_MESSAGES = {
  name: "Agency name is required.",
  host: "Enter a domain like cards.example.com (no https:// or path).",
  hostTaken: "Another agency already uses this domain.",
  invitationLink: "Enter a link starting with https://.",
  planNeeded: "Add at least one PDF card plan: the first one is the single PDF price.",
  planIdsUnique: "Each PDF card plan needs its own id.",
  videoPostsNeedImages: "Video posts need image posts switched on.",
  exclusiveNeedsImages: "Exclusive posts need image posts switched on.",
  adminTaken: "This phone number already belongs to someone else at this agency.",
  notFound: "Agency not found.",
} as const;
