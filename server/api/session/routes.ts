import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import { currentChallenge } from "#server/api/lib/pending-signin.ts";
import { actorDto, agencyDetailsDto } from "./dto.ts";
import { actorView, agencyDetails, pendingView } from "./service.ts";
import { languageDto } from "#server/api/language/dto.ts";
import { requestLanguage } from "#server/api/lib/request-language.ts";

const tag = "Session";

export const getAgencyDetails = defineRoute({
  method: "get",
  path: "/agency-details",
  tag: "Agency",
  summary: "The agency this host belongs to: name, branding and product flags.",
  access: access.public,
  response: z.object({ agency: agencyDetailsDto }),
  handler: async ({ deps, agency }) => ({ agency: await agencyDetails(deps, agency) }),
});

/**
 * Everything the panel needs about this request in one call (ADR 0001): the agency, who is
 * signed in, their menus, and the pending sign-in step if any. The panel loads it once per request.
 */
export const getSession = defineRoute({
  method: "get",
  path: "/session",
  tag,
  summary: "The request's agency, signed-in actor with menus, and pending sign-in state.",
  access: access.public,
  response: z.object({
    agency: agencyDetailsDto,
    actor: actorDto,
    /** The language the panel shows this request in (ADR 0066); the actor's menus are in it. */
    language: languageDto,
    pending: z
      .object({
        kind: z.enum(["user", "franchisee"]),
        sentTo: z.string(),
        fromForgotPassword: z.boolean(),
        otpVerified: z.boolean(),
        /** Seconds until POST /resendOtp may send a new code (0: now); the OTP page counts down. */
        resendAfterSeconds: z.number().int().min(0),
      })
      .nullable(),
  }),
  async handler({ c, deps, agency, actor }) {
    const details = await agencyDetails(deps, agency);
    const pending = pendingView(await currentChallenge(c), deps.now());
    const [user, f, language] = await Promise.all([c.get("account").user(), c.get("account").franchisee(), requestLanguage(c)]);
    return { agency: details, actor: actorView(actor, agency, details, user, f, language.code), language, pending };
  },
});

export const sessionRoutes = [getSession, getAgencyDetails] as const;
