import { access } from "#server/auth/roles.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import {
  uiCustomisationBody,
  uiCustomisationDeleted,
  uiCustomisationParams,
  uiCustomisationQuery,
  uiCustomisationResponse,
  uiCustomisationSaved,
} from "#contracts/ui-customisation.ts";
import { deleteCustomisation, listCustomisations, saveCustomisation } from "./service.ts";

const tag = "UI customisation";
/** SPEC §6 menu gating: "Ui Customisation: superadmin plus admin". */
const superadminAdmin = access.superadmin("admin");

export const getUiCustomisation = defineRoute({
  method: "get",
  path: "/ui-customisation",
  tag,
  summary: "An agency's UI customisations and the branding its host shows (superadmin admins; agencyId names the agency, default their own).",
  access: superadminAdmin,
  query: uiCustomisationQuery,
  response: uiCustomisationResponse,
  async handler({ deps, agency, query }) {
    return listCustomisations(deps.db, agency, query.agencyId);
  },
});

export const saveUiCustomisation = defineRoute({
  method: "post",
  path: "/ui-customisation",
  tag,
  summary:
    "Set an agency's branding (metaId 'branding', placement COMMON): name, logo, favicon, brand colour, meta title and description. A colour white text reads on below 4.5:1 (WCAG AA) is refused with the nearest passing shade.",
  access: superadminAdmin,
  body: uiCustomisationBody,
  response: uiCustomisationSaved,
  async handler({ deps, agency, body }) {
    return saveCustomisation(deps.db, agency, body, deps.now());
  },
});

export const deleteUiCustomisation = defineRoute({
  method: "delete",
  path: "/ui-customisation/{uiCustomisationId}",
  tag,
  summary: "Remove a customisation: that agency's pages go back to the default look.",
  access: superadminAdmin,
  params: uiCustomisationParams,
  response: uiCustomisationDeleted,
  async handler({ deps, params }) {
    return deleteCustomisation(deps.db, params.uiCustomisationId);
  },
});

export const uiCustomisationRoutes = [getUiCustomisation, saveUiCustomisation, deleteUiCustomisation] as const;
