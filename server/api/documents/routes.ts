import { access } from "#server/auth/roles.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import { MAX_PDF_BYTES, UPLOAD_ENVELOPE_BYTES } from "#contracts/constants.ts";
import { uploadDocResponse, uploadDocSchema } from "#contracts/documents.ts";
import { uploadDocument } from "./service.ts";

const tag = "Documents";

export const uploadDoc = defineRoute({
  method: "post",
  path: "/document/uploadDoc",
  tag,
  summary: "Upload an image (JPEG, PNG, WebP up to 5 MB; re-encoded and resized) or a PDF (up to 10 MB) for a business.",
  access: access.customerOrStaff(),
  body: uploadDocSchema,
  bodyType: "multipart",
  // The largest file allowed plus room for the multipart envelope; each type's own limit is checked after.
  maxBodyBytes: MAX_PDF_BYTES + UPLOAD_ENVELOPE_BYTES,
  response: uploadDocResponse,
  handler: (args) => uploadDocument(args),
});

export const documentRoutes = [uploadDoc] as const;
