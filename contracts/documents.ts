import { z } from "zod";
import { idSchema } from "./id.ts";
import { UPLOAD_MESSAGES } from "./constants.ts";
import { DOCUMENT_PURPOSES } from "./enums.ts";

/**
 * POST /document/uploadDoc (ADR 0010); its purposes and limits are in enums.ts and constants.ts.
 * hierarchy1 says what the file is for (and so how it is resized); hierarchy2 is the id of the
 * business it belongs to (ownership checked like a card's).
 */
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
