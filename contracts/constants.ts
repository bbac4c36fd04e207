/**
 * Messages and limits the API and the panel share (SPEC §5 messages). No imports: a browser
 * bundle that needs only these stays free of zod.
 */

export const PHONE_MESSAGE = "A valid phone number is required.";
export const EMAIL_MESSAGE = "A valid email is required.";
export const LINK_MESSAGE = "A valid link is required.";
export const REQUIRED_MESSAGE = "This field is required.";
export const PASSWORD_MIN = 8;

/** Longest business name. */
export const NAME_MAX = 120;

export const EARLIEST_YEAR = 1950; // SPEC §5 and §9
export const LIMITS = { contactFields: 10, bankAccounts: 3, videos: 10, galleryImages: 30, products: 50, links: 20, specialities: 10 };

/** Ids are PostgreSQL integers: anything larger can't exist (and would make the query fail). */
export const MAX_ID = 2_147_483_647;

export const UPI_MESSAGE = "A valid UPI id is required, like name@bank.";
export const IFSC_MESSAGE = "A valid IFSC code is required, like SBIN0001234.";
export const ACCOUNT_NUMBER_MESSAGE = "A valid account number is required (9 to 18 digits).";
export const YOUTUBE_MESSAGE = "A valid YouTube link is required.";
export const PRICE_MESSAGE = "Enter a price in rupees, like 450 or 450.50.";
export const THEME_COLOR_MESSAGE = "Choose a colour like #1e88e5.";

/* ---- Uploads (POST /document/uploadDoc, ADR 0010) ---- */

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_PDF_BYTES = 10 * 1024 * 1024;
/** Room for the multipart envelope around an uploaded file (field names, boundaries). */
export const UPLOAD_ENVELOPE_BYTES = 64 * 1024;
export const ACCEPTED_UPLOAD_TYPES = "image/jpeg,image/png,image/webp,application/pdf";

/** "12 MB", "5.1 MB", "800 KB": a file size as people read it, rounded up (a file just over 5 MB never reads "5 MB"). */
export function formatFileSize(bytes: number) {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Math.ceil(mb * 10) / 10} MB`;
  return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
}

/**
 * Upload refusals say what was wrong and the limit (ADR 0012); where only pictures are allowed
 * they never suggest a PDF.
 */
export const UPLOAD_MESSAGES = {
  wrongType: "Upload a JPEG, PNG or WebP image, or a PDF.",
  wrongImageType: "Upload a JPEG, PNG or WebP image.",
  invalidImage: "This file is not a valid image.",
  imageTooLarge: (bytes: number) => `The photo is ${formatFileSize(bytes)}; the limit is ${formatFileSize(MAX_IMAGE_BYTES)}.`,
  pdfTooLarge: (bytes: number) => `The PDF is ${formatFileSize(bytes)}; the limit is ${formatFileSize(MAX_PDF_BYTES)}.`,
  fileTooLarge: (bytes: number | null, limit: number) =>
    bytes ? `The file is ${formatFileSize(bytes)}; the limit is ${formatFileSize(limit)}.` : `The file is too large; the limit is ${formatFileSize(limit)}.`,
  noFile: "Choose a file to upload.",
  purpose: "Choose what this file is for.",
  business: "Choose the business this file belongs to.",
} as const;

/* ---- The public card's enquiry / feedback form ---- */

export const ENQUIRY_LIMITS = { name: 80, message: 1000 } as const;
export const ENQUIRY_MESSAGES = {
  name: "Please enter your name.",
  message: "Please write your message.",
  tooFast: "That was quick! Please wait a few seconds and send it again.",
  expired: "This form has expired. Please send your message again.",
  closed: "This card is not taking messages right now.",
  rateLimited: (minutes: number) => `Too many messages. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
} as const;
