import { z } from "zod";
import { emailSchema, phoneNumberSchema } from "./auth.ts";
import { REQUIRED_MESSAGE } from "./constants.ts";
import { FRANCHISEE_TEXTS, MAX_PERMISSIONS, STAFF_ROLES, STAFF_STATUSES } from "./franchisee-constants.ts";
import { idSchema } from "./id.ts";
import { q } from "./query.ts";

/**
 * The Franchisee List (SPEC §7 Franchisee: list, signup, edit; ADR 0019). One schema for the
 * panel's form (Conform) and the API's bodies. Pure zod.
 */

const name = z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(80, "Use at most 80 characters.");
/** "" or null clears the email. */
const optionalEmail = z.preprocess((v) => (v === "" ? null : v), emailSchema.nullable().optional());
const roles = z
  .array(z.enum(STAFF_ROLES, { error: "Choose roles from the list." }), { error: FRANCHISEE_TEXTS.rolesRequired })
  .min(1, FRANCHISEE_TEXTS.rolesRequired)
  .max(STAFF_ROLES.length)
  .transform((r) => [...new Set(r)]);
const permission = z.string().trim().regex(/^[a-z0-9][a-z0-9_.:-]{0,49}$/i, FRANCHISEE_TEXTS.permission);
/** A list, or the form's one text box ("reports, billing.view"). */
const permissions = z.preprocess(
  (v) => (typeof v === "string" ? v.split(/[\s,]+/).filter(Boolean) : v),
  z
    .array(permission, { error: FRANCHISEE_TEXTS.permission })
    .max(MAX_PERMISSIONS, `At most ${MAX_PERMISSIONS} permissions.`)
    .transform((p) => [...new Set(p.map((x) => x.toLowerCase()))]),
);
const configuration = z.object({ hideBilling: z.boolean({ error: "Use true or false." }).optional() }, { error: "configuration must be an object." });

const staffFields = {
  name,
  phoneNumber: phoneNumberSchema,
  email: optionalEmail,
  roles,
  permissions: permissions.optional(),
  configuration: configuration.optional(),
};

/** POST /franchisee/signup. */
export const franchiseeSignupBody = z.object(staffFields);

/** POST /franchisee/edit: the same fields (absent optional ones stay as they are) and `active`. */
export const franchiseeEditBody = z.object({
  franchiseeId: idSchema("franchiseeId"),
  ...staffFields,
  active: z.boolean({ error: "Use true or false." }).optional(),
});

/**
 * The panel's add/edit form: the bodies' fields; a box left unticked is posted as nothing, so
 * here it means false (a JSON client that leaves `active` out changes nothing instead).
 */
export const franchiseeFormSchema = z.object({
  franchiseeId: idSchema("franchiseeId").optional(),
  ...staffFields,
  // An emptied box is posted as nothing: here it clears the email.
  email: z.preprocess((v) => (v === undefined || v === "" ? null : v), emailSchema.nullable()),
  configuration: z.object({ hideBilling: z.boolean().default(false) }).default({ hideBilling: false }),
  active: z.boolean().default(false),
});

/** GET /franchisee/list. */
export const franchiseeListQuery = z.object({
  role: z.enum(STAFF_ROLES, { error: "Choose a role from the list." }).optional(),
  status: z.enum(STAFF_STATUSES, { error: "Use active or inactive." }).optional(),
  /** Name, phone number or email. */
  search: z.string().trim().max(100, "Use at most 100 characters.").optional(),
  page: q.page(),
  pageSize: q.pageSize(),
  /** Every franchisee of the agency, unpaged (pickers); filters still apply. */
  all: q.bool().optional(),
});

export const franchiseeListItem = z.object({
  franchiseeId: z.number(),
  name: z.string(),
  phoneNumber: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.enum(STAFF_ROLES)),
  permissions: z.array(z.string()),
  configuration: z.object({ hideBilling: z.boolean() }),
  isActive: z.boolean(),
  /** False until they set a password (by OTP at the staff sign-in). */
  hasPassword: z.boolean(),
  lastLoginAt: z.date().nullable(),
  createdAt: z.date(),
});
export type FranchiseeListItem = z.infer<typeof franchiseeListItem>;

export const franchiseeListResponse = z.object({
  list: z.array(franchiseeListItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const franchiseeSavedResponse = z.object({
  franchisee: franchiseeListItem,
  /** false: a repeat of a signup just made (double submit), nothing new. */
  created: z.boolean(),
  /** Sessions ended by this edit (deactivation). */
  sessionsEnded: z.number(),
  /** The new staff member was told by SMS how to set their password. */
  welcomeSent: z.boolean(),
});

