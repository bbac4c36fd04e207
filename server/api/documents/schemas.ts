import { z } from "zod";
import { idSchema } from "#server/api/lib/id-schema.ts";

/**
 * POST /document/uploadDoc (ADR 0010). Pure zod: the panel's upload widget imports it too.
 * hierarchy1 says what the file is for (and so how it is resized); hierarchy2 is the id of the
 * business it belongs to (ownership checked like a card's).
 */
export const DOCUMENT_PURPOSES = [
  "business-logo",
  "card-profile",
  "card-cover",
  "card-gallery",
  "card-product",
  "payment-qr",
  "document",
] as const;
export type DocumentPurpose = (typeof DOCUMENT_PURPOSES)[number];

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_PDF_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_UPLOAD_TYPES = "image/jpeg,image/png,image/webp,application/pdf";

export const UPLOAD_MESSAGES = {
  wrongType: "Upload a JPEG, PNG or WebP image, or a PDF.",
  invalidImage: "This file is not a valid image.",
  imageTooLarge: "This image is too large. Please upload one of at most 5 MB.",
  pdfTooLarge: "This PDF is too large. Please upload one of at most 10 MB.",
  noFile: "Choose a file to upload.",
  purpose: "Choose what this file is for.",
  business: "Choose the business this file belongs to.",
} as const;

export const uploadDocSchema = z.object({
  file: z.instanceof(File, { error: UPLOAD_MESSAGES.noFile }),
  hierarchy1: z.enum(DOCUMENT_PURPOSES, { error: UPLOAD_MESSAGES.purpose }),
  hierarchy2: idSchema("hierarchy2", UPLOAD_MESSAGES.business),
});

export const uploadDocResponse = z.object({
  documentId: z.number(),
  fileName: z.string(),
  /** Where the file is served: /uploads/<key> locally, or the S3 public URL. */
  url: z.string(),
  hierarchy1: z.enum(DOCUMENT_PURPOSES),
  hierarchy2: z.string(),
  mimeType: z.string(),
  /** Pixel size after resizing; null for a PDF. */
  width: z.number().nullable(),
  height: z.number().nullable(),
  sizeBytes: z.number(),
});
