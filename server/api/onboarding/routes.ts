import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import { UPLOAD_ENVELOPE_BYTES } from "#contracts/constants.ts";
import {
  IMPORT_MAX_BYTES,
  importDetailResponse,
  importIdParams,
  importListResponse,
  importRowsQuery,
  startImportResponse,
  uploadImportResponse,
  uploadImportSchema,
} from "#contracts/onboarding.ts";
import { importDetail, importReportCsv, listImports, startImport, templateCsv, uploadImport } from "./service.ts";

const tag = "Bulk onboarding";
/** Agency admins onboard businesses in bulk (ADR 0058). */
const admins = access.staff("admin");
const file = z.unknown();

export const importTemplateRoute = defineRoute({
  method: "get",
  path: "/business-imports/template",
  tag,
  summary: "The CSV template for bulk onboarding: its header and two example rows.",
  access: admins,
  response: file,
  raw: true,
  handler: async () => templateCsv(),
});

export const listImportsRoute = defineRoute({
  method: "get",
  path: "/business-imports",
  tag,
  summary: "The agency's latest 50 bulk imports, newest first.",
  access: admins,
  response: importListResponse,
  handler: ({ deps, agency }) => listImports(deps.db, agency.id),
});

export const uploadImportRoute = defineRoute({
  method: "post",
  path: "/business-imports",
  tag,
  summary: "Upload a CSV of businesses (up to 10,000 rows): every row is checked and the file is kept for preview. The same file again returns its earlier import.",
  access: admins,
  body: uploadImportSchema,
  bodyType: "multipart",
  maxBodyBytes: IMPORT_MAX_BYTES + UPLOAD_ENVELOPE_BYTES,
  response: uploadImportResponse,
  handler: ({ deps, actor, agency, body }) => uploadImport(deps.db, actor, agency.id, body.file, deps.now()),
});

export const importDetailRoute = defineRoute({
  method: "get",
  path: "/business-imports/{id}",
  tag,
  summary: "One import: its progress and a page of its rows with their errors and outcomes.",
  access: admins,
  params: importIdParams,
  query: importRowsQuery,
  response: importDetailResponse,
  handler: ({ deps, agency, params, query }) => importDetail(deps.db, agency.id, params.id, query),
});

export const startImportRoute = defineRoute({
  method: "post",
  path: "/business-imports/{id}/start",
  tag,
  summary: "Import the rows without errors on the job queue (once: a repeat starts nothing).",
  access: admins,
  params: importIdParams,
  response: startImportResponse,
  handler: ({ deps, agency, params }) => startImport(deps, agency.id, params.id),
});

export const importReportRoute = defineRoute({
  method: "get",
  path: "/business-imports/{id}/report",
  tag,
  summary: "The import's result report as CSV: every row, what became of it, its business and card.",
  access: admins,
  params: importIdParams,
  response: file,
  raw: true,
  handler: ({ deps, agency, params }) => importReportCsv(deps.db, agency.id, params.id),
});

// The template before /{id}: "template" is not an id.
export const onboardingRoutes = [importTemplateRoute, listImportsRoute, uploadImportRoute, importDetailRoute, startImportRoute, importReportRoute] as const;
