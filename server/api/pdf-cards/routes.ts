import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { requestOrigin } from "#server/api/lib/request-meta.ts";
import {
  createPdfCard,
  deletePdfCard,
  downloadPdfCard,
  exportPdfCard,
  getPdfCard,
  listPdfCards,
  pdfCardsOfBusiness,
  previewPdfCard,
  previewTemplate,
  updatePdfCardBasicDetails,
  updatePdfCardStatus,
} from "./service.ts";
import {
  createPdfCardBody,
  downloadPdfCardQuery,
  pdfCardDto,
  pdfCardListQuery,
  pdfCardNoBody,
  pdfCardNoQuery,
  pdfCardResponse,
  pdfCardTemplatePreviewQuery,
  updatePdfCardBasicDetailsBody,
  updatePdfCardStatusBody,
} from "#contracts/pdf-cards.ts";

/** SPEC §7 "PDF cards", paths and casing as the spec writes them (ADR 0024). */
const tag = "PDF cards";
const file = z.unknown();


export const getPdfCardRoute = defineRoute({
  method: "get",
  path: "/pdf-card/pdfCard",
  tag,
  summary: "One PDF card (its people, payment and export state).",
  access: access.customerOrStaff(),
  query: pdfCardNoQuery,
  response: pdfCardResponse,
  async handler({ deps, actor, agency, query }) {
    return { pdfCard: await getPdfCard(deps.db, actor, agency.id, query.pdfCardNo) };
  },
});

export const createPdfCardRoute = defineRoute({
  method: "post",
  path: "/pdf-card/pdfCard",
  tag,
  summary:
    "Create a PDF ID card for a business with a template; details left out come from the business. The same card posted twice within seconds is one card. 404 when the agency has PDF cards off.",
  access: access.customerOrStaff(),
  body: createPdfCardBody,
  response: pdfCardResponse,
  async handler({ deps, actor, agency, body }) {
    return { pdfCard: await createPdfCard(deps, actor, agency, body) };
  },
});

export const getPdfCardList = defineRoute({
  method: "get",
  path: "/pdf-card/getPdfCardList",
  tag,
  summary: "Staff: the agency's PDF cards they may see, newest first; search by companyName or registeredPhoneNumber, filters by status, paid, template, business.",
  access: access.staff(),
  query: pdfCardListQuery,
  response: z.object({ total: z.number(), list: z.array(pdfCardDto), page: z.number(), pageSize: z.number() }),
  async handler({ deps, actor, agency, query }) {
    return listPdfCards(deps.db, actor, agency.id, query);
  },
});

export const getPdfCardsByBusiness = defineRoute({
  method: "get",
  path: "/pdf-card/getPdfCardsByBusiness",
  tag,
  summary: "The business's PDF cards, newest first.",
  access: access.customerOrStaff(),
  query: z.object({ businessId: q.int("businessId") }),
  response: z.object({ pdfCards: z.array(pdfCardDto) }),
  async handler({ deps, actor, agency, query }) {
    return { pdfCards: await pdfCardsOfBusiness(deps.db, actor, agency.id, query.businessId) };
  },
});

export const deletePdfCardRoute = defineRoute({
  method: "post",
  path: "/pdf-card/deletePdfCard",
  tag,
  summary: "Delete a PDF card. Customers cannot delete a paid one (409); staff can.",
  access: access.customerOrStaff(),
  body: pdfCardNoBody,
  response: z.object({ deleted: z.literal(true), pdfCardNo: z.number() }),
  async handler({ deps, actor, agency, body }) {
    return deletePdfCard(deps.db, actor, agency.id, body.pdfCardNo);
  },
});

export const updatePdfCardStatusRoute = defineRoute({
  method: "post",
  path: "/pdf-card/updatePdfCardStatus",
  tag,
  summary: "Staff: set a PDF card active or inactive (an inactive card neither exports nor downloads for its customer).",
  access: access.staff(),
  body: updatePdfCardStatusBody,
  response: pdfCardResponse,
  async handler({ deps, actor, agency, body }) {
    return { pdfCard: await updatePdfCardStatus(deps.db, actor, agency.id, body, deps.now()) };
  },
});

export const updatePdfCardBasicDetailsRoute = defineRoute({
  method: "post",
  path: "/pdf-card/updatePdfCardBasicDetails",
  tag,
  summary: "Save companyName, registeredPhoneNumber, mails, the people (one card each) and optionally the template. 409 once a bought card's single export is used.",
  access: access.customerOrStaff(),
  body: updatePdfCardBasicDetailsBody,
  response: pdfCardResponse,
  async handler({ deps, actor, agency, body }) {
    return { pdfCard: await updatePdfCardBasicDetails(deps.db, actor, agency.id, body, deps.now()) };
  },
});

export const exportPdfCardRoute = defineRoute({
  method: "post",
  path: "/pdf-card/exportPdfCard",
  tag,
  summary:
    "Export: pays the card from the plan (PDF card limit) or a bought single PDF card (one export), then it downloads without SAMPLE. 403 with upgrade: true when neither allows it; 409 when a bought card's export is used.",
  access: access.customerOrStaff(),
  body: pdfCardNoBody,
  response: pdfCardResponse,
  async handler({ deps, actor, agency, body }) {
    return { pdfCard: await exportPdfCard(deps, actor, agency, body.pdfCardNo) };
  },
});

export const downloadPdfCardRoute = defineRoute({
  method: "get",
  path: "/pdf-card/downloadPdfCard",
  tag,
  summary:
    "The PDF saved as {pdfCardNo}.pdf: a CR80 page with 3 mm bleed per person, then A4 sheets of 10. A SAMPLE watermark until exported/paid; staff may pass forceDownloadWithoutSampleWatermark=true. Errors are JSON.",
  access: access.customerOrStaff(),
  query: downloadPdfCardQuery,
  response: file,
  raw: true,
  async handler({ c, deps, actor, agency, query }) {
    const { pdfCardNo, bytes } = await downloadPdfCard(deps, actor, agency.id, query, requestOrigin(c, deps.config));
    return c.body(new Uint8Array(bytes), 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${pdfCardNo}.pdf"`,
      "cache-control": "private, no-store",
    });
  },
});

export const previewPdfCardRoute = defineRoute({
  method: "get",
  path: "/pdf-card/preview",
  tag,
  summary: "The editor's preview: the PDF's first card page as a PNG (the same drawing).",
  access: access.customerOrStaff(),
  query: pdfCardNoQuery,
  response: file,
  raw: true,
  async handler({ c, deps, actor, agency, query }) {
    const png = await previewPdfCard(deps, actor, agency.id, query.pdfCardNo, requestOrigin(c, deps.config));
    return c.body(new Uint8Array(png), 200, { "content-type": "image/png", "cache-control": "private, no-store" });
  },
});

export const previewPdfCardTemplate = defineRoute({
  method: "get",
  path: "/pdf-card/template-preview",
  tag,
  summary: "A template drawn with the business's details (or a sample person), as a PNG: the templates page's thumbnails.",
  access: access.customerOrStaff(),
  query: pdfCardTemplatePreviewQuery,
  response: file,
  raw: true,
  async handler({ c, deps, actor, agency, query }) {
    const png = await previewTemplate(deps, actor, agency, query.templateCode, query.businessId, requestOrigin(c, deps.config));
    return c.body(new Uint8Array(png), 200, { "content-type": "image/png", "cache-control": "private, max-age=60" });
  },
});

export const pdfCardRoutes = [
  getPdfCardRoute,
  createPdfCardRoute,
  getPdfCardList,
  getPdfCardsByBusiness,
  deletePdfCardRoute,
  updatePdfCardStatusRoute,
  updatePdfCardBasicDetailsRoute,
  exportPdfCardRoute,
  downloadPdfCardRoute,
  previewPdfCardRoute,
  previewPdfCardTemplate,
] as const;
