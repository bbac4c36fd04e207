import { z } from "zod";
import { idSchema } from "./id.ts";
import { q } from "./query.ts";
import { phoneNumberSchema, emailSchema } from "./auth.ts";
import {
  AGENCY_BILLING_DEFAULTS,
  AGENCY_DEFAULTS,
  AGENCY_MESSAGES,
  AGENCY_STATUS_FILTERS,
  MADE_BY_STAFF_ROLES,
  MAX_CUSTOMER_PLANS,
  MAX_GRACE_DAYS,
  MAX_OFFLINE_INSTRUCTIONS,
  MAX_TRIAL_DAYS,
  SSL_STATUSES,
} from "./agency-constants.ts";

/**
 * Agency management (SPEC §3 Agency, §7 Agency; ADR 0018): the agency's typed configuration,
 * the bodies of POST/PUT /agency, /addAgencyAdmin and /createSsl, and the management form's
 * schema. One schema for the API and the panel. Money is integer paise on the wire; the form
 * takes rupees.
 */
export * from "./agency-constants.ts";

const PAISE_MAX = 100_000_000; // ₹10,00,000: a typing slip, not a price
const paise = (label: string) =>
  z
    .number({ error: `${label} must be a number of paise.` })
    .int(`${label} is in paise: a whole number.`)
    .min(0, `${label} cannot be negative.`)
    .max(PAISE_MAX, `${label} is too large.`);

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/**
 * The agency's domain, as people paste it ("https://Cards.Acme.in/" → "cards.acme.in"): a
 * name of two labels or more, no port, path or IP address (Caddy issues certificates for names).
 */
export const hostSchema = z
  .string({ error: AGENCY_MESSAGES.host })
  .trim()
  .toLowerCase()
  .max(260, AGENCY_MESSAGES.host)
  .transform((v) => v.replace(/^https?:\/\//, "").replace(/\/+$/, "").replace(/\.$/, ""))
  .refine((v) => {
    const labels = v.split(".");
    // "localhost": the platform agency's own name on a developer's machine.
    return v === "localhost" || (v.length <= 253 && labels.length >= 2 && labels.every((l) => HOST_LABEL.test(l)) && !/^\d+$/.test(labels.at(-1)!));
  }, AGENCY_MESSAGES.host);

const invitationLinkText = z
  .string({ error: AGENCY_MESSAGES.invitationLink })
  .trim()
  .max(500, "Use at most 500 characters.")
  .refine((v) => v === "" || (/^https:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/i.test(v) && URL.canParse(v)), AGENCY_MESSAGES.invitationLink)
  .transform((v) => (v === "" ? null : v));
/** The agency's invitation site (SPEC §3 invitationSiteLink): https only; empty or null hides the menu item and tile. */
const invitationLink = invitationLinkText.nullable().default(null);

export const customerPlanSchema = z.object({ id: idSchema("id"), price: paise("price") });

const flag = z.boolean({ error: "Use true or false." }).default(false);

const wholeNumber = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} is a whole number.`)
    .min(0, `${label} cannot be negative.`)
    .max(max, `${label} can be at most ${max}.`);

/** What the platform bills the agency (ADR 0023; server/api/billing/rules.ts reads it). Paise, whole percent, days. */
export const agencyBillingSchema = z.object({
  perCardPrice: paise("perCardPrice"),
  annualFee: paise("annualFee"),
  imageServiceMonthlyFee: paise("imageServiceMonthlyFee"),
  gstPercent: wholeNumber("GST percent", 100),
  graceDays: wholeNumber("Grace days", MAX_GRACE_DAYS),
  /** How to pay offline (bank, UPI), shown on the agency's Billing page; empty or null: none. */
  offlineInstructions: z
    .string({ error: "Offline payment instructions must be text." })
    .trim()
    .max(MAX_OFFLINE_INSTRUCTIONS, `Use at most ${MAX_OFFLINE_INSTRUCTIONS} characters.`)
    .nullable()
    .transform((v) => v || null),
});
export type AgencyBilling = z.output<typeof agencyBillingSchema>;

/** SPEC §3 Agency `configuration` (server/db/schema/core.ts AgencyConfiguration), every key filled. */
export const agencyConfigurationSchema = z
  .object({
    imagePost: z.object({ enableImagePost: flag, isVideoPostsIncluded: flag, allowAgencyExclusivePosts: flag }).default({
      enableImagePost: false,
      isVideoPostsIncluded: false,
      allowAgencyExclusivePosts: false,
    }),
    pdfCardConfig: z
      .object({
        enablePdfCardProduct: flag,
        customerPlans: z.array(customerPlanSchema).max(MAX_CUSTOMER_PLANS, `Add at most ${MAX_CUSTOMER_PLANS} PDF card plans.`).default([]),
      })
      .default({ enablePdfCardProduct: false, customerPlans: [] }),
    video: z
      .object({ enableVideo: flag, pricePerVideo: paise("pricePerVideo").default(AGENCY_DEFAULTS.pricePerVideoPaise) })
      .default({ enableVideo: false, pricePerVideo: AGENCY_DEFAULTS.pricePerVideoPaise }),
    onlinePayment: z.object({ enablePaymentIntegration: flag }).default({ enablePaymentIntegration: false }),
    dashboardConfig: z.object({ showInvitationTileInCustomerDashboard: flag }).default({ showInvitationTileInCustomerDashboard: false }),
    /** Sources besides 'self' whose customers may pay online (ADR 0015). */
    allowedBusinessMadeBy: z
      .array(z.enum(MADE_BY_STAFF_ROLES, { error: `Choose from: ${MADE_BY_STAFF_ROLES.join(", ")}.` }))
      .max(MADE_BY_STAFF_ROLES.length)
      .default([])
      .transform((v) => [...new Set(v)]),
    /** Days a new business's card stays public before its first payment. */
    trialDays: z
      .number({ error: "trialDays must be a number." })
      .int("Trial days are whole days.")
      .min(0, "Trial days cannot be negative.")
      .max(MAX_TRIAL_DAYS, `At most ${MAX_TRIAL_DAYS} trial days.`)
      .default(AGENCY_DEFAULTS.trialDays),
    /** Optional on a write: left out (an older client), the stored billing stays as it is. */
    billing: agencyBillingSchema.optional(),
  })
  .superRefine((c, ctx) => {
    if (c.imagePost.isVideoPostsIncluded && !c.imagePost.enableImagePost) {
      ctx.addIssue({ code: "custom", path: ["imagePost", "isVideoPostsIncluded"], message: AGENCY_MESSAGES.videoPostsNeedImages });
    }
    if (c.imagePost.allowAgencyExclusivePosts && !c.imagePost.enableImagePost) {
      ctx.addIssue({ code: "custom", path: ["imagePost", "allowAgencyExclusivePosts"], message: AGENCY_MESSAGES.exclusiveNeedsImages });
    }
    const plans = c.pdfCardConfig.customerPlans;
    if (c.pdfCardConfig.enablePdfCardProduct && plans.length === 0) {
      ctx.addIssue({ code: "custom", path: ["pdfCardConfig", "customerPlans"], message: AGENCY_MESSAGES.planNeeded });
    }
    if (new Set(plans.map((p) => p.id)).size !== plans.length) {
      ctx.addIssue({ code: "custom", path: ["pdfCardConfig", "customerPlans"], message: AGENCY_MESSAGES.planIdsUnique });
    }
  });
export type AgencyConfigurationInput = z.input<typeof agencyConfigurationSchema>;
export type FullAgencyConfiguration = z.output<typeof agencyConfigurationSchema>;

/** A stored configuration (missing keys mean "off", SPEC §3) with every key filled, as the DTO and form show it. */
export function withConfigDefaults(stored: {
  imagePost?: { enableImagePost?: boolean; isVideoPostsIncluded?: boolean; allowAgencyExclusivePosts?: boolean };
  pdfCardConfig?: { enablePdfCardProduct?: boolean; customerPlans?: { id: number; price: number }[] };
  video?: { enableVideo?: boolean; pricePerVideo?: number };
  onlinePayment?: { enablePaymentIntegration?: boolean };
  dashboardConfig?: { showInvitationTileInCustomerDashboard?: boolean };
  allowedBusinessMadeBy?: string[];
  trialDays?: number;
  billing?: { perCardPrice?: number; annualFee?: number; imageServiceMonthlyFee?: number; gstPercent?: number; graceDays?: number; offlineInstructions?: string | null };
}): FullAgencyConfiguration & { billing: AgencyBilling } {
  return {
    imagePost: {
      enableImagePost: !!stored.imagePost?.enableImagePost,
      isVideoPostsIncluded: !!stored.imagePost?.isVideoPostsIncluded,
      allowAgencyExclusivePosts: !!stored.imagePost?.allowAgencyExclusivePosts,
    },
    pdfCardConfig: { enablePdfCardProduct: !!stored.pdfCardConfig?.enablePdfCardProduct, customerPlans: stored.pdfCardConfig?.customerPlans ?? [] },
    video: { enableVideo: !!stored.video?.enableVideo, pricePerVideo: stored.video?.pricePerVideo ?? AGENCY_DEFAULTS.pricePerVideoPaise },
    onlinePayment: { enablePaymentIntegration: !!stored.onlinePayment?.enablePaymentIntegration },
    dashboardConfig: { showInvitationTileInCustomerDashboard: !!stored.dashboardConfig?.showInvitationTileInCustomerDashboard },
    allowedBusinessMadeBy: (stored.allowedBusinessMadeBy ?? []).filter((r): r is (typeof MADE_BY_STAFF_ROLES)[number] =>
      (MADE_BY_STAFF_ROLES as readonly string[]).includes(r),
    ),
    trialDays: stored.trialDays ?? AGENCY_DEFAULTS.trialDays,
    billing: {
      perCardPrice: stored.billing?.perCardPrice ?? AGENCY_BILLING_DEFAULTS.perCardPrice,
      annualFee: stored.billing?.annualFee ?? AGENCY_BILLING_DEFAULTS.annualFee,
      imageServiceMonthlyFee: stored.billing?.imageServiceMonthlyFee ?? AGENCY_BILLING_DEFAULTS.imageServiceMonthlyFee,
      gstPercent: stored.billing?.gstPercent ?? AGENCY_BILLING_DEFAULTS.gstPercent,
      graceDays: stored.billing?.graceDays ?? AGENCY_BILLING_DEFAULTS.graceDays,
      offlineInstructions: stored.billing?.offlineInstructions?.trim() || null,
    },
  };
}

const agencyFields = {
  agencyName: z.string({ error: AGENCY_MESSAGES.name }).trim().min(1, AGENCY_MESSAGES.name).max(120, "Use at most 120 characters."),
  host: hostSchema,
  invitationSiteLink: invitationLink,
  isActive: z.boolean({ error: "Use true or false." }).default(true),
  configuration: agencyConfigurationSchema.prefault({}),
};

/** POST /agency {agency} */
export const createAgencyBody = z.object({ agency: z.object(agencyFields) });
/** PUT /agency {agency}: the whole agency again, named by agencyId. */
export const updateAgencyBody = z.object({ agency: z.object({ agencyId: idSchema("agencyId"), ...agencyFields }) });
export type AgencyInput = z.output<typeof createAgencyBody>["agency"];

export const sslDto = z.object({
  status: z.enum(SSL_STATUSES),
  /** The domain the status is about (the agency's host when it was checked). */
  domain: z.string().nullable(),
  requestedAt: z.date().nullable(),
  checkedAt: z.date().nullable(),
  failureReason: z.string().nullable(),
});
export type SslState = z.infer<typeof sslDto>;

export const agencyDto = z.object({
  agencyId: z.number(),
  agencyName: z.string(),
  host: z.string(),
  /** The platform agency (SPEC §3 roles include superadmin). */
  isSuperadmin: z.boolean(),
  isActive: z.boolean(),
  invitationSiteLink: z.string().nullable(),
  configuration: agencyConfigurationSchema,
  admin: z.object({ name: z.string().nullable(), phoneNumber: z.string().nullable(), email: z.string().nullable() }),
  ssl: sslDto,
  createdAt: z.date(),
});
export type Agency = z.infer<typeof agencyDto>;

export const agencyListQuery = z.object({
  /** Agency name, domain or admin phone. */
  search: z.string().trim().max(100, "Search can be at most 100 characters.").optional(),
  status: z.enum(AGENCY_STATUS_FILTERS, { error: "status must be active or inactive." }).optional(),
  page: q.page(),
  pageSize: q.pageSize(),
});
export const agencyListResponse = z.object({ total: z.number(), list: z.array(agencyDto), page: z.number(), pageSize: z.number() });

/** POST /addAgencyAdmin {adminData}: the agency's admin, who sets a password by OTP on the agency's host. */
export const addAgencyAdminBody = z.object({
  adminData: z.object({
    agencyId: idSchema("agencyId"),
    name: z.string({ error: "Admin name is required." }).trim().min(1, "Admin name is required.").max(120, "Use at most 120 characters."),
    phoneNumber: phoneNumberSchema,
    email: z.union([z.literal(""), emailSchema]).optional().transform((v) => v || null),
  }),
});
/** The agency page's "Agency admin" form: the same fields, the agency from the page's URL. */
export const agencyAdminFormSchema = addAgencyAdminBody.shape.adminData.omit({ agencyId: true });

export const addAgencyAdminResponse = z.object({
  franchiseeId: z.number(),
  agencyId: z.number(),
  created: z.boolean(),
  /** Where the admin signs in: the franchisee sign-in on the agency's host (an OTP sets the password). */
  signInPath: z.string(),
});

/** POST /createSsl {agencyId}: check (again) that the agency's domain reaches us; the state it ended in. */
export const createSslBody = z.object({ agencyId: idSchema("agencyId") });
export const createSslResponse = z.object({ agencyId: z.number(), ssl: sslDto });

/* ---------------- The management form (flat names, rupees) ---------------- */

/** `message`: the whole English sentence, so the errors catalogue finds it in the code (ADR 0066). */
const rupees = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, message)
    .transform((v) => Math.round(Number(v) * 100));
const box = z.boolean().optional(); // an unchecked box posts nothing

/**
 * The agency form as a browser posts it (Conform): flat names, prices in rupees, PDF plan rows
 * where an empty row is skipped and a new row gets the next free id. Options under a switched-off
 * product are hidden (CSS) and saved off. Transforms into the body of POST/PUT /agency.
 */
export const agencyFormSchema = z
  .object({
    agencyId: idSchema("agencyId").optional(),
    agencyName: agencyFields.agencyName,
    host: hostSchema,
    // Checked inside the transform: Conform turns an emptied field into undefined, which is "no link" here.
    invitationSiteLink: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const link = invitationLinkText.safeParse(v ?? "");
        if (link.success) return link.data;
        ctx.addIssue({ code: "custom", message: AGENCY_MESSAGES.invitationLink });
        return z.NEVER;
      }),
    isActive: box,
    enableImagePost: box,
    isVideoPostsIncluded: box,
    allowAgencyExclusivePosts: box,
    enablePdfCardProduct: box,
    customerPlans: z
      .array(z.object({ id: idSchema("Plan id").optional(), price: z.string().trim().optional() }))
      .max(MAX_CUSTOMER_PLANS + 1)
      .optional(),
    enableVideo: box,
    pricePerVideo: rupees("Enter the price per video in rupees, like 99 or 99.50."),
    enablePaymentIntegration: box,
    allowedBusinessMadeBy: z
      .union([z.enum(MADE_BY_STAFF_ROLES), z.array(z.enum(MADE_BY_STAFF_ROLES))])
      .optional()
      .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
    showInvitationTileInCustomerDashboard: box,
    trialDays: z
      .number({ error: "Enter the trial days (0 for none)." })
      .int("Trial days are whole days.")
      .min(0, "Trial days cannot be negative.")
      .max(MAX_TRIAL_DAYS, `At most ${MAX_TRIAL_DAYS} trial days.`),
    // Billing (ADR 0023): rupees like the prices above; percent and days whole numbers.
    perCardPrice: rupees("Enter the price per card in rupees, like 99 or 99.50."),
    annualFee: rupees("Enter the annual fee in rupees, like 99 or 99.50."),
    imageServiceMonthlyFee: rupees("Enter the greeting images monthly fee in rupees, like 99 or 99.50."),
    gstPercent: z
      .number({ error: "Enter the GST percent (0 for none)." })
      .int("GST is a whole percent.")
      .min(0, "GST cannot be negative.")
      .max(100, "GST can be at most 100%."),
    graceDays: z
      .number({ error: "Enter the grace days (0 for none)." })
      .int("Grace days are whole days.")
      .min(0, "Grace days cannot be negative.")
      .max(MAX_GRACE_DAYS, `At most ${MAX_GRACE_DAYS} grace days.`),
    offlineInstructions: z.string().trim().max(MAX_OFFLINE_INSTRUCTIONS, `Use at most ${MAX_OFFLINE_INSTRUCTIONS} characters.`).optional(),
  })
  .superRefine((v, ctx) => {
    (v.customerPlans ?? []).forEach((row, i) => {
      if (row.price && !/^\d{1,7}(\.\d{1,2})?$/.test(row.price)) {
        ctx.addIssue({ code: "custom", path: ["customerPlans", i, "price"], message: "Enter the price in rupees, like 99 or 99.50." });
      }
    });
    const filled = (v.customerPlans ?? []).filter((r) => r.price);
    if (v.enablePdfCardProduct && filled.length === 0) ctx.addIssue({ code: "custom", path: ["customerPlans"], message: AGENCY_MESSAGES.planNeeded });
  })
  .transform((v) => {
    const images = !!v.enableImagePost;
    const rows = (v.customerPlans ?? []).filter((r) => r.price);
    let nextId = Math.max(0, ...rows.map((r) => r.id ?? 0));
    const customerPlans = rows.map((r) => ({ id: r.id ?? ++nextId, price: Math.round(Number(r.price) * 100) }));
    const agency: AgencyInput = {
      agencyName: v.agencyName,
      host: v.host,
      invitationSiteLink: v.invitationSiteLink,
      isActive: !!v.isActive,
      configuration: {
        imagePost: { enableImagePost: images, isVideoPostsIncluded: images && !!v.isVideoPostsIncluded, allowAgencyExclusivePosts: images && !!v.allowAgencyExclusivePosts },
        pdfCardConfig: { enablePdfCardProduct: !!v.enablePdfCardProduct, customerPlans },
        video: { enableVideo: !!v.enableVideo, pricePerVideo: v.pricePerVideo },
        onlinePayment: { enablePaymentIntegration: !!v.enablePaymentIntegration },
        dashboardConfig: { showInvitationTileInCustomerDashboard: !!v.showInvitationTileInCustomerDashboard },
        allowedBusinessMadeBy: [...new Set(v.allowedBusinessMadeBy)],
        trialDays: v.trialDays,
        billing: {
          perCardPrice: v.perCardPrice,
          annualFee: v.annualFee,
          imageServiceMonthlyFee: v.imageServiceMonthlyFee,
          gstPercent: v.gstPercent,
          graceDays: v.graceDays,
          offlineInstructions: v.offlineInstructions || null,
        },
      },
    };
    return { agencyId: v.agencyId, agency };
  });

/** The form's fields as the browser holds them ("on" for a checked box). */
export type AgencyFormDefaults = Record<string, unknown>;

const rupeesText = (p: number) => (p % 100 === 0 ? String(p / 100) : (p / 100).toFixed(2));

/**
 * An agency (or a new one's sensible start: image posts on, one ₹99 PDF plan ready but off,
 * ₹199 a video, a 7-day trial) as the form's starting values, plus one empty PDF plan row to add one.
 */
export function agencyFormDefaults(agency?: Pick<Agency, "agencyId" | "agencyName" | "host" | "invitationSiteLink" | "isActive" | "configuration">): AgencyFormDefaults {
  const c = agency?.configuration ?? withConfigDefaults({ imagePost: { enableImagePost: true } });
  const billing = c.billing ?? withConfigDefaults({}).billing;
  const on = (b: boolean) => (b ? "on" : undefined);
  const plans = agency ? c.pdfCardConfig.customerPlans : [{ id: 1, price: AGENCY_DEFAULTS.pdfPlanPricePaise }];
  const rows = plans.map((p) => ({ id: String(p.id), price: rupeesText(p.price) }));
  if (rows.length < MAX_CUSTOMER_PLANS) rows.push({ id: "", price: "" });
  return {
    agencyId: agency ? String(agency.agencyId) : undefined,
    agencyName: agency?.agencyName ?? "",
    host: agency?.host ?? "",
    invitationSiteLink: agency?.invitationSiteLink ?? "",
    isActive: on(agency?.isActive ?? true),
    enableImagePost: on(c.imagePost.enableImagePost),
    isVideoPostsIncluded: on(c.imagePost.isVideoPostsIncluded),
    allowAgencyExclusivePosts: on(c.imagePost.allowAgencyExclusivePosts),
    enablePdfCardProduct: on(c.pdfCardConfig.enablePdfCardProduct),
    customerPlans: rows,
    enableVideo: on(c.video.enableVideo),
    pricePerVideo: rupeesText(c.video.pricePerVideo),
    enablePaymentIntegration: on(c.onlinePayment.enablePaymentIntegration),
    allowedBusinessMadeBy: c.allowedBusinessMadeBy,
    showInvitationTileInCustomerDashboard: on(c.dashboardConfig.showInvitationTileInCustomerDashboard),
    trialDays: String(c.trialDays),
    perCardPrice: rupeesText(billing.perCardPrice),
    annualFee: rupeesText(billing.annualFee),
    imageServiceMonthlyFee: rupeesText(billing.imageServiceMonthlyFee),
    gstPercent: String(billing.gstPercent),
    graceDays: String(billing.graceDays),
    offlineInstructions: billing.offlineInstructions ?? "",
  };
}

/**
 * The API's field paths (`agency.configuration.pdfCardConfig.customerPlans.0.price`) as the form's
 * names (`customerPlans[0].price`); null when the form has no such field.
 */
export function agencyFormField(apiPath: string): string | null {
  const parts = apiPath.replace(/^agency\./, "").replace(/^configuration\.[A-Za-z]+\./, "").replace(/^configuration\./, "").split(".");
  const [head, index, leaf] = parts;
  if (head === "customerPlans") return index !== undefined && /^\d+$/.test(index) ? `customerPlans[${index}]${leaf ? `.${leaf}` : ""}` : "customerPlans";
  return parts.length === 1 && /^[A-Za-z]+$/.test(head) ? head : null;
}
