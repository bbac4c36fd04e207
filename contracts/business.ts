import { z } from "zod";
import { normalizeIndianMobile } from "./auth.ts";
import { EMAIL_MESSAGE, LINK_MESSAGE, NAME_MAX, PHONE_MESSAGE, REQUIRED_MESSAGE } from "./constants.ts";
import { BUSINESS_NATURES, TITLES } from "./enums.ts";
import { idSchema } from "./id.ts";
import { normalizeImageUrl } from "./image-url.ts";
import { toE164 } from "./phone.ts";

/**
 * Business schemas (SPEC §3 Business, §5 messages), shared by the API and the panel's forms.
 * Pure zod plus type-only imports: safe in the browser (the Drizzle schema stays out of bundles).
 *
 * Optional fields: absent = leave as is, "" or null = clear. The panel's forms send every
 * field they show, so an emptied input clears the value.
 */

/** Trimmed text; "" becomes null (cleared). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .transform((v) => v || null)
    .nullable()
    .optional();

/** A string checked and normalised by `check` (null = invalid → `message`); "" becomes null. */
const optionalChecked = (message: string, max: number, check: (v: string) => string | null) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .transform((v, ctx) => {
      if (!v) return null;
      const out = check(v);
      if (out === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return out;
    })
    .nullable()
    .optional();

const emailCheck = z.email();
const isEmail = (v: string) => (emailCheck.safeParse(v).success ? v.toLowerCase() : null);

/** http(s) links; "maps.google.com/…" is read as https://maps.google.com/…. */
export function normalizeLink(v: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname)) return null;
    return url.toString();
  } catch {
    return null;
  }
}

/** The one image rule (image-url.ts): our own uploads or an https link. */
const logoCheck = normalizeImageUrl;

export const businessNameSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .max(NAME_MAX, `Use at most ${NAME_MAX} characters.`);

/** The editable fields of a business (SPEC §3 Business plus what a card needs). */
export const businessFields = {
  businessName: businessNameSchema,
  title: z.enum(TITLES, { error: "Choose a title from the list." }).optional(),
  contactPerson: optionalText(80),
  businessNature: z
    .enum([...BUSINESS_NATURES, ""], { error: "Choose a business nature from the list." })
    .transform((v) => v || null)
    .nullable()
    .optional(),
  category: optionalText(80),
  // Any country's number, stored in E.164; a bare 10-digit number is Indian (contracts/phone.ts).
  phoneNumber: optionalChecked(PHONE_MESSAGE, 30, toE164),
  alternatePhoneNumber: optionalChecked(PHONE_MESSAGE, 30, toE164),
  whatsappNumber: optionalChecked(PHONE_MESSAGE, 30, toE164),
  email: optionalChecked(EMAIL_MESSAGE, 254, isEmail),
  address: optionalText(300),
  mapLink: optionalChecked(LINK_MESSAGE, 2000, normalizeLink),
  logoUrl: optionalChecked(LINK_MESSAGE, 2000, logoCheck),
};
export type BusinessFieldName = keyof typeof businessFields;
export const BUSINESS_FIELD_NAMES = Object.keys(businessFields) as BusinessFieldName[];

const id = (label: string) => idSchema(label);

/** POST /business and the add-business form. */
export const createBusinessSchema = z.object({
  ...businessFields,
  /** Staff only: the customer (of this agency) the business is for. */
  userId: id("userId").optional(),
  /** Create the digital card in the same transaction (SPEC §2 shouldCreateDigitalCard). */
  createDigitalCard: z.boolean().optional(),
});
export type CreateBusinessInput = z.input<typeof createBusinessSchema>;

/**
 * POST /business/updateBusinessMetadata and the edit form. The name is always sent (a form
 * with an emptied name must fail, not keep the old one); other fields only when they change.
 */
export const updateBusinessSchema = z.object({ businessId: id("businessId"), ...businessFields });

export const businessIdParams = z.object({ id: id("id") });

export const cloneBusinessSchema = z.object({ businessId: id("businessId"), businessName: businessNameSchema.optional() });

/** POST /business/registerUserAndGetBusinesses: a phone number, or an email for a customer abroad. */
export const registerUserFields = {
  phoneNumber: optionalChecked(PHONE_MESSAGE, 20, normalizeIndianMobile),
  email: optionalChecked(EMAIL_MESSAGE, 254, isEmail),
  isForeignUser: z.boolean().optional(),
};

/** The rule of a customer's sign-in id: a phone number, or an email for a customer abroad (not both). */
export function registerUserRule(
  v: { phoneNumber?: string | null; email?: string | null; isForeignUser?: boolean },
  ctx: z.RefinementCtx,
) {
  if (v.isForeignUser && !v.email) ctx.addIssue({ code: "custom", path: ["email"], message: EMAIL_MESSAGE });
  else if (!v.phoneNumber && !v.email) ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: PHONE_MESSAGE });
  else if (v.phoneNumber && v.email)
    ctx.addIssue({ code: "custom", path: ["email"], message: "Use either a phone number or an email, not both." });
}

export const registerUserSchema = z.object(registerUserFields).superRefine(registerUserRule);

/* ---- GET /business filters (SPEC §3 filters: paid/unpaid, subscribed/not subscribed, expired/expiring soon) ---- */

/** "not subscribed", "not-subscribed" and "not_subscribed" all mean the same. */
const filter = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .string()
    .transform((v) => v.trim().toLowerCase().replace(/[\s_-]+/g, "-"))
    .pipe(z.enum(values, { error: `${label} must be one of: ${values.join(", ")}.` }));

export const listBusinessesQuery = z.object({
  page: z.coerce.number({ error: "page must be a number." }).int("page must be a whole number.").min(1, "page must be 1 or more.").max(100_000, "page is too large.").default(1),
  pageSize: z.coerce.number({ error: "pageSize must be a number." }).int("pageSize must be a whole number.").min(1, "pageSize must be 1 or more.").max(100, "pageSize can be at most 100.").default(20),
  search: z.string().trim().max(100, "Search can be at most 100 characters.").optional(),
  // SPEC §5 Filters say "done / not done" for payment: the same two values.
  payment: z
    .string()
    .transform((v) => ({ done: "paid", "not done": "unpaid", "not-done": "unpaid", not_done: "unpaid" })[v.trim().toLowerCase()] ?? v)
    .pipe(filter(["paid", "unpaid"], "payment"))
    .optional(),
  /** The business's digital card: active / inactive (SPEC §5 Filters). */
  cardStatus: filter(["active", "inactive"], "cardStatus").optional(),
  subscription: filter(["subscribed", "not-subscribed"], "subscription").optional(),
  expiry: filter(["expired", "expiring-soon"], "expiry").optional(),
  /** businessMadeBy: 'self', or the staff role that made it ('admin', 'franchisee', …). */
  madeBy: z.string().trim().min(1, "madeBy is required.").max(60, "madeBy is too long.").optional(),
  /** Only businesses this staff member made (admins and all-card staff; others only see their own anyway). */
  madeByFranchiseeId: id("madeByFranchiseeId").optional(),
});

export const dashboardQuery = z.object({ businessId: id("businessId").optional() });
