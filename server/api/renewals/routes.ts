import { access } from "#server/auth/roles.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import { mayCall } from "#server/api/lib/allowed.ts";
import { pipelineDto, pipelineQuery, renewalSettingsBody, renewalSettingsDto, renewInfoDto, renewLinkBody, renewPayDto, renewTokenParams } from "#contracts/renewals.ts";
import { renewalPipeline } from "./pipeline.ts";
import { writeRenewalSettings } from "./settings.ts";
import { payRenewal, renewalInfo, staffRenewalLink } from "./pay.ts";

const tag = "Renewals";

export const renewalSettingsRoute = defineRoute({
  method: "put",
  path: "/renewals/settings",
  tag,
  summary:
    "Turn the agency's renewal reminders on or off and pick their days, relative to each paid card's expiry day (-7 = a week before, 3 = three days after). Agency admins. Repeating it changes nothing. ADR 0067.",
  access: access.staff("admin"),
  body: renewalSettingsBody,
  response: renewalSettingsDto,
  handler: ({ deps, agency, body }) => writeRenewalSettings(deps.db, agency.id, body),
});

export const renewalPipelineRoute = defineRoute({
  method: "get",
  path: "/renewals/pipeline",
  tag,
  summary:
    "The renewal pipeline of the businesses this staff member may see: how many are due, reminded, paid and lost, one stage's businesses (20 a page), and the renewal rate (paid / (paid + lost)) per month of expiry and per franchisee. ADR 0067.",
  access: access.staff(),
  query: pipelineQuery,
  response: pipelineDto,
  async handler({ deps, actor, agency, query }) {
    const data = await renewalPipeline(deps.db, actor, agency.id, query, deps.now());
    return { ...data, canEdit: mayCall(actor, agency)(renewalSettingsRoute) };
  },
});

export const renewInfoRoute = defineRoute({
  method: "get",
  path: "/renewals/pay/{token}",
  tag,
  summary: "What a reminder's pay link renews: the business, plan and price, and whether it is already renewed. No sign-in; a forged or another agency's link is 404. Changes nothing.",
  access: access.public,
  params: renewTokenParams,
  response: renewInfoDto,
  handler: ({ deps, agency, params }) => renewalInfo(deps, agency, params.token),
});

export const renewPayRoute = defineRoute({
  method: "post",
  path: "/renewals/pay/{token}",
  tag,
  summary:
    "The Razorpay Payment Link for this renewal (made once, at the plan's price, reference card-{recordNo}); the browser goes there. No sign-in. 409 when the card is already renewed; 503 when the gateway does not answer.",
  access: access.public,
  params: renewTokenParams,
  response: renewPayDto,
  handler: ({ deps, agency, params }) => payRenewal(deps, agency, params.token),
});

export const renewalLinkRoute = defineRoute({
  method: "post",
  path: "/renewals/link",
  tag,
  summary:
    "Staff: the pay link (/renew/…) for a paid card's current expiry, to send to its owner by hand. A business the caller may not see is 404; one not on a paid plan 409. Repeating it gives the same link.",
  access: access.staff(),
  body: renewLinkBody,
  response: renewPayDto,
  handler: ({ deps, actor, agency, body }) => staffRenewalLink(deps, actor, agency, body.businessId),
});

export const renewalRoutes = [renewalSettingsRoute, renewalPipelineRoute, renewInfoRoute, renewPayRoute, renewalLinkRoute] as const;
