import { randomBytes } from "node:crypto";
import { documents } from "#server/db/schema/business.ts";
import { ApiError, invalid, notFound, unauthorized } from "#server/api/lib/errors.ts";
import type { AgencyRow } from "#server/api/lib/env.ts";
import type { Actor } from "#server/auth/roles.ts";
import { isSuperadminAgency } from "#server/auth/tenancy.ts";
import type { FranchiseeRole } from "#server/db/schema/core.ts";
import type { HandlerArgs } from "#server/api/lib/define-route.ts";
import { enforceLimit } from "#server/api/lib/limits.ts";
import { findVisibleBusiness } from "#server/api/business/service.ts";
import { InvalidImageError, reencodeImage, sniffType, type ImageOutput } from "#server/services/images.ts";
import { MAX_IMAGE_BYTES, MAX_PDF_BYTES, UPLOAD_MESSAGES } from "#contracts/constants.ts";
import { type uploadDocResponse, type uploadDocSchema } from "#contracts/documents.ts";
import { type DocumentPurpose } from "#contracts/enums.ts";
import type { z } from "zod";

/** How big each kind of picture is kept (longest side, px) and how it is encoded (ADR 0010). */
const IMAGE_RULES: Record<DocumentPurpose, { maxSide: number; output?: ImageOutput }> = {
  "business-logo": { maxSide: 512 },
  "card-profile": { maxSide: 800 },
  "card-cover": { maxSide: 1600 },
  "card-gallery": { maxSide: 1600 },
  "card-product": { maxSide: 1600 },
  // Sharp edges matter more than bytes for a QR code a phone must scan.
  "payment-qr": { maxSide: 1000, output: "webp-lossless" },
  document: { maxSide: 1600 },
  "static-page": { maxSide: 1600 },
  // Drawn at 20–40 px; transparency kept (PNG/WebP stay WebP).
  "link-icon": { maxSide: 128 },
  // A logo shown up to 48 px and a favicon: small, transparency kept.
  branding: { maxSide: 512 },
};

/**
 * Platform content pictures (ADR 0020) belong to no business: `hierarchy2` names the uploader's
 * agency, and only the staff who keep that content may upload them (SPEC §6: the superadmin
 * agency's admins; link icons also its franchisees with all-card access). Anyone else: 404.
 */
const CONTENT_KEEPERS: Partial<Record<DocumentPurpose, readonly FranchiseeRole[]>> = {
  "static-page": ["admin"],
  "link-icon": ["admin", "franchisee-with-all-card-access"],
  // SPEC §6: Ui Customisation is the superadmin agency's admins' page.
  branding: ["admin"],
};
function contentOwner(actor: Actor, agency: AgencyRow, purpose: DocumentPurpose, hierarchy2: number) {
  const roles = CONTENT_KEEPERS[purpose];
  const keeper = actor.kind === "staff" && isSuperadminAgency(agency) && !!roles && actor.roles.some((r) => roles.includes(r));
  if (!keeper || hierarchy2 !== agency.id) throw notFound("You cannot upload this file here.");
  return agency.id;
}

/** Only a general "document" may be a PDF; every other purpose shows an image on the card. */
const PDF_PURPOSES: readonly DocumentPurpose[] = ["document"];


/** A display name: the base name without path or odd characters, at most 100 characters. */
function cleanFileName(name: string, ext: string) {
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/\.[^.]*$/, "");
  const clean = base.replace(/[^\p{L}\p{N} ._()-]+/gu, "").trim().slice(0, 100) || "file";
  return `${clean}.${ext}`;
}

type Args = HandlerArgs<typeof uploadDocSchema, undefined, undefined>;

/** Each upload costs a decode and an encode: a generous cap per account keeps a script from hogging sharp. */
export const UPLOADS_PER_HOUR = 200;

export async function uploadDocument({ c, deps, agency, actor, body }: Args): Promise<z.input<typeof uploadDocResponse>> {
  if (actor.kind === "anonymous") throw unauthorized();
  const { file, hierarchy1, hierarchy2 } = body;
  const ownerId = CONTENT_KEEPERS[hierarchy1]
    ? contentOwner(actor, agency, hierarchy1, hierarchy2)
    : (await findVisibleBusiness(deps.db, actor, agency.id, hierarchy2, deps.now())).businessId;
  await enforceLimit(c, {
    key: `upload:${agency.id}:${actor.kind === "customer" ? `u${actor.userId}` : `f${actor.franchiseeId}`}`,
    limit: UPLOADS_PER_HOUR,
    windowSeconds: 3600,
    message: (m) => `Too many uploads. Please try again in ${m} minutes.`,
  });

  const type = sniffType(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  // A card picture never suggests a PDF.
  const wrongType = PDF_PURPOSES.includes(hierarchy1) ? UPLOAD_MESSAGES.wrongType : UPLOAD_MESSAGES.wrongImageType;
  if (!type || (type === "pdf" && !PDF_PURPOSES.includes(hierarchy1))) throw new ApiError(415, wrongType, { fieldErrors: { file: [wrongType] } });
  const limit = type === "pdf" ? MAX_PDF_BYTES : MAX_IMAGE_BYTES;
  if (file.size > limit) {
    const message = type === "pdf" ? UPLOAD_MESSAGES.pdfTooLarge(file.size) : UPLOAD_MESSAGES.imageTooLarge(file.size);
    throw new ApiError(413, message, { fieldErrors: { file: [message] } });
  }

  const input = new Uint8Array(await file.arrayBuffer());
  let stored: { bytes: Uint8Array; contentType: string; ext: string; width: number | null; height: number | null };
  if (type === "pdf") {
    stored = { bytes: input, contentType: "application/pdf", ext: "pdf", width: null, height: null };
  } else {
    try {
      stored = await reencodeImage(input, IMAGE_RULES[hierarchy1]);
    } catch (err) {
      if (err instanceof InvalidImageError) throw invalid(UPLOAD_MESSAGES.invalidImage, { file: [UPLOAD_MESSAGES.invalidImage] });
      throw err;
    }
  }

  // Unguessable, never reused: the file can be cached forever and not enumerated.
  const key = `${agency.id}/${hierarchy1}/${ownerId}/${randomBytes(16).toString("hex")}.${stored.ext}`;
  const fileName = cleanFileName(file.name, stored.ext);
  await deps.storage.put(key, stored.bytes, stored.contentType);
  let row: typeof documents.$inferSelect;
  try {
    [row] = await deps.db
      .insert(documents)
      .values({
        agencyId: agency.id,
        ownerUserId: actor.kind === "customer" ? actor.userId : null,
        ownerFranchiseeId: actor.kind === "staff" ? actor.franchiseeId : null,
        fileName,
        hierarchy1,
        hierarchy2: String(ownerId),
        storageKey: key,
        mimeType: stored.contentType,
        sizeBytes: stored.bytes.byteLength,
        createdAt: deps.now(),
      })
      .returning();
  } catch (err) {
    await deps.storage.delete(key).catch(() => {}); // no row, no file
    throw err;
  }
  return {
    documentId: row.id,
    fileName,
    url: deps.storage.publicUrl(key),
    hierarchy1,
    hierarchy2: String(ownerId),
    mimeType: stored.contentType,
    width: stored.width,
    height: stored.height,
    sizeBytes: stored.bytes.byteLength,
  };
}
