import { z } from "zod";
import { EMAIL_MESSAGE, REQUIRED_MESSAGE } from "./constants.ts";
import { idSchema } from "./id.ts";
import { normalizeImageUrl } from "./image-url.ts";
import { contactPhoneSchema } from "./cards.ts";
import { q } from "./query.ts";
import {
  PDF_CARD_MAX_MAILS,
  PDF_CARD_MAX_PEOPLE,
  PDF_CARD_MAX_PHONES,
  PDF_CARD_STATUS_VALUES,
  PDF_CARD_TEMPLATE_CODES,
} from "./pdf-card-constants.ts";

/**
 * PDF ID cards (SPEC §3 PDF card, §7 PDF cards; ADR 0024): one schema for the API and the
 * panel's form. Empty optional fields (a form's blank input, or "") are left out.
 */

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((v) => v || undefined);

const required = (max: number) => z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(max, `Use at most ${max} characters.`);

/** The same contact phone rule as the digital card's (E.164; a bare 10-digit number is Indian). */
const phone = contactPhoneSchema;

const email = z.string({ error: EMAIL_MESSAGE }).trim().max(254, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE)).transform((v) => v.toLowerCase());

const photoUrl = z
  .string()
  .max(2000, "Use an uploaded image or an https link.")
  .optional()
  .transform((v, ctx) => {
    if (!v?.trim()) return undefined;
    const url = normalizeImageUrl(v);
    if (!url) {
      ctx.addIssue({ code: "custom", message: "Use an uploaded image or an https link." });
      return z.NEVER;
    }
    return url;
  });

/** Blank entries of a list (a form's unused rows) are dropped before checking. */
const blankless = <T extends z.ZodType>(item: T, max: number, what: string) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.filter((x) => x !== undefined && x !== null && x !== "") : v),
    z.array(item, { error: `${what} must be a list.` }).max(max, `At most ${max} ${what}.`),
  );

export const pdfCardTemplateCode = z.enum(PDF_CARD_TEMPLATE_CODES, { error: "Choose a template from the list." });

export const pdfCardPerson = z.object({
  personName: required(80),
  designation: text(80),
  employeeId: text(40),
  phones: blankless(phone, PDF_CARD_MAX_PHONES, "phone numbers").optional().default([]),
  email: z
    .string({ error: EMAIL_MESSAGE })
    .optional()
    .transform((v, ctx) => {
      if (!v?.trim()) return undefined;
      const r = email.safeParse(v);
      if (!r.success) {
        ctx.addIssue({ code: "custom", message: EMAIL_MESSAGE });
        return z.NEVER;
      }
      return r.data;
    }),
  address: text(200),
  bloodGroup: text(5),
  photoUrl,
});
export type PdfCardPersonInput = z.input<typeof pdfCardPerson>;
export type PdfCardPerson = z.output<typeof pdfCardPerson>;

/** A form's person row with nothing typed in it is not a person. */
const isBlankPerson = (v: unknown) =>
  !!v && typeof v === "object" && Object.values(v as Record<string, unknown>).every((x) => x === undefined || x === "" || (Array.isArray(x) && x.every((y) => !y)));

const people = z.preprocess(
  (v) => (Array.isArray(v) ? v.filter((p) => p !== undefined && p !== null && !isBlankPerson(p)) : v),
  z
    .array(pdfCardPerson, { error: "people must be a list." })
    .min(1, "Add at least one person.")
    .max(PDF_CARD_MAX_PEOPLE, `At most ${PDF_CARD_MAX_PEOPLE} people on one PDF card.`),
);

const mails = blankless(email, PDF_CARD_MAX_MAILS, "emails");

const basicFields = {
  companyName: required(120),
  registeredPhoneNumber: phone,
  mails: mails.optional().default([]),
  people,
};

/** POST /pdf-card/pdfCard: a new PDF card of the business; details left out come from the business. */
export const createPdfCardBody = z.object({
  businessId: idSchema("businessId"),
  templateCode: pdfCardTemplateCode,
  companyName: basicFields.companyName.optional(),
  registeredPhoneNumber: phone.optional(),
  mails: mails.optional(),
  people: people.optional(),
});

/** POST /pdf-card/updatePdfCardBasicDetails (also the editor form). */
export const updatePdfCardBasicDetailsBody = z.object({
  pdfCardNo: idSchema("pdfCardNo"),
  templateCode: pdfCardTemplateCode.optional(),
  ...basicFields,
});

export const pdfCardNoBody = z.object({ pdfCardNo: idSchema("pdfCardNo") });
export const pdfCardNoQuery = z.object({ pdfCardNo: q.int("pdfCardNo") });

export const updatePdfCardStatusBody = z.object({
  pdfCardNo: idSchema("pdfCardNo"),
  status: z.enum(PDF_CARD_STATUS_VALUES, { error: "status must be active or inactive." }),
});

export const downloadPdfCardQuery = z.object({
  pdfCardNo: q.int("pdfCardNo"),
  forceDownloadWithoutSampleWatermark: q.bool().optional(),
});

export const PDF_CARD_SEARCH_FIELDS = ["companyName", "registeredPhoneNumber"] as const;

/** GET /pdf-card/getPdfCardList (staff). */
export const pdfCardListQuery = z.object({
  search: z.string().trim().max(100, "Use at most 100 characters.").optional(),
  searchField: z.enum(PDF_CARD_SEARCH_FIELDS, { error: "searchField must be companyName or registeredPhoneNumber." }).optional(),
  status: z.enum(PDF_CARD_STATUS_VALUES, { error: "status must be active or inactive." }).optional(),
  paid: z.enum(["yes", "no"], { error: "paid must be yes or no." }).optional(),
  templateCode: pdfCardTemplateCode.optional(),
  businessId: q.optionalInt("businessId"),
  page: q.page(),
  pageSize: q.pageSize(),
});

export const pdfCardTemplatePreviewQuery = z.object({ templateCode: pdfCardTemplateCode, businessId: q.optionalInt("businessId") });

export const pdfCardDto = z.object({
  pdfCardNo: z.number(),
  businessId: z.number(),
  businessName: z.string(),
  companyName: z.string(),
  registeredPhoneNumber: z.string(),
  mails: z.array(z.string()),
  templateCode: z.string(),
  status: z.enum(PDF_CARD_STATUS_VALUES),
  people: z.array(
    z.object({
      personName: z.string(),
      designation: z.string().optional(),
      employeeId: z.string().optional(),
      phones: z.array(z.string()),
      email: z.string().optional(),
      address: z.string().optional(),
      bloodGroup: z.string().optional(),
      photoUrl: z.string().optional(),
    }),
  ),
  isPaid: z.boolean(),
  /** How it was paid: a bought single PDF card (one export), the business's plan, or not yet. */
  paidBy: z.enum(["credit", "plan", "none"]),
  exportCount: z.number(),
  /** Whether exporting again is allowed (false once a bought card's single export is used). */
  canExport: z.boolean(),
  lastExportedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type PdfCardDto = z.infer<typeof pdfCardDto>;

export const pdfCardResponse = z.object({ pdfCard: pdfCardDto });
