import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { requestOrigin } from "#server/api/lib/request-meta.ts";
import { shareKitResponse } from "#contracts/share-kit.ts";
import { shareKit, sharePoster } from "./service.ts";

/** The offline share kit (ADR 0062) and "Save to Google Wallet" (ADR 0064) for a business's card. */
const tag = "Share kit";
const shareKitQuery = z.object({ businessId: q.int("businessId") });


export const getShareKit = defineRoute({
  method: "get",
  path: "/share-kit",
  tag,
  summary: "The business's offline share kit: its card, whether it has a UPI id, and the signed \"Save to Google Wallet\" link (null when the operator has not set Wallet up).",
  access: access.customerOrStaff(),
  query: shareKitQuery,
  response: shareKitResponse,
  handler: ({ c, deps, actor, agency, query }) => shareKit(deps.db, deps.config, actor, agency.id, query.businessId, requestOrigin(c, deps.config), deps.now()),
});

export const downloadSharePoster = defineRoute({
  method: "get",
  path: "/share-kit/poster",
  tag,
  summary: "The A6 counter poster as a PDF ({cardId}-poster.pdf): the contact QR (works without internet) and the UPI QR.",
  access: access.customerOrStaff(),
  query: shareKitQuery,
  response: z.unknown(),
  raw: true,
  async handler({ c, deps, actor, agency, query }) {
    const { cardId, bytes } = await sharePoster(deps.db, actor, agency.id, query.businessId, requestOrigin(c, deps.config), deps.now());
    return c.body(new Uint8Array(bytes), 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${cardId}-poster.pdf"`,
      "cache-control": "private, no-store",
    });
  },
});

export const shareKitRoutes = [getShareKit, downloadSharePoster] as const;
