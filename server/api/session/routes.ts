import { z } from "zod";
import { CUSTOMER_MENU_KEYS, STAFF_MENU_KEYS } from "#contracts/menus.ts";
import { access, staffMenu } from "#server/auth/roles.ts";
import { agencyFeatures, customerMenu } from "#server/auth/features.ts";
import { hostnameOf, isSuperadminAgency } from "#server/auth/tenancy.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import type { AgencyRow, ApiContext } from "#server/api/lib/env.ts";
import { currentChallenge, OTP } from "#server/api/lib/pending-signin.ts";
import { toUserDto, userDto } from "#server/api/auth/dto.ts";
import { franchiseeDto, toFranchiseeDto } from "#server/api/franchisee/dto.ts";
import { brandingOf } from "#server/api/ui-customisation/service.ts";

const tag = "Session";
/** A menu item names a panel page by key (contracts/menus.ts); only an outside site comes with its `href`. */
const menuItem = <K extends string>(keys: readonly [K, ...K[]]) =>
  z.union([z.object({ key: z.enum(keys), label: z.string() }), z.object({ key: z.literal("invitation"), label: z.string(), href: z.string() })]);

const features = z.object({
  imagePost: z.boolean(),
  videoPosts: z.boolean(),
  pdfCard: z.boolean(),
  video: z.boolean(),
  onlinePayment: z.boolean(),
  invitationTile: z.boolean(),
  onlyDigitalCard: z.boolean(),
});

export const agencyDetailsDto = z.object({
  agencyId: z.number(),
  agencyName: z.string(),
  isSuperadmin: z.boolean(),
  /** The product's own main host: loading logo and analytics data layer only here. */
  isMainHost: z.boolean(),
  invitationSiteLink: z.string().nullable(),
  /** What this host shows (ADR 0019): absent keys keep the default look. */
  branding: z.object({
    name: z.string().optional(),
    logoUrl: z.string().optional(),
    faviconUrl: z.string().optional(),
    primaryColor: z.string().optional(),
    metaTitle: z.string().optional(),
    metaDescription: z.string().optional(),
  }),
  features,
});

async function agencyDetails(c: ApiContext, agency: AgencyRow): Promise<z.infer<typeof agencyDetailsDto>> {
  const branding = await brandingOf(c.get("deps").db, agency);
  return {
    agencyId: agency.id,
    agencyName: agency.agencyName,
    isSuperadmin: isSuperadminAgency(agency),
    isMainHost: agency.host === hostnameOf(c.get("deps").config.MAIN_HOST),
    invitationSiteLink: agency.invitationSiteLink,
    branding: Object.fromEntries(Object.entries(branding).filter(([, v]) => v !== null)),
    features: agencyFeatures(agency.configuration),
  };
}

export const getAgencyDetails = defineRoute({
  method: "get",
  path: "/agency-details",
  tag: "Agency",
  summary: "The agency this host belongs to: name, branding and product flags.",
  access: access.public,
  response: z.object({ agency: agencyDetailsDto }),
  async handler({ c, agency }) {
    return { agency: await agencyDetails(c, agency) };
  },
});

const actorDto = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("anonymous") }),
  z.object({
    kind: z.literal("customer"),
    user: userDto,
    menu: z.object({
      myProjects: z.array(menuItem(CUSTOMER_MENU_KEYS)),
      create: z.array(menuItem(CUSTOMER_MENU_KEYS)),
      home: z.array(menuItem(CUSTOMER_MENU_KEYS)),
    }),
  }),
  z.object({ kind: z.literal("staff"), franchisee: franchiseeDto, menu: z.array(menuItem(STAFF_MENU_KEYS)) }),
]);

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
  async handler({ c, agency, actor }) {
    const details = await agencyDetails(c, agency);
    const challenge = await currentChallenge(c);
    const pending = challenge && {
      kind: challenge.kind,
      sentTo: challenge.email ?? `+91 ${challenge.phoneNumber}`,
      fromForgotPassword: challenge.fromForgotPassword,
      otpVerified: !!challenge.verifiedAt,
      resendAfterSeconds: Math.max(0, Math.ceil((OTP.resendCooldownMs - (c.get("deps").now().getTime() - challenge.lastSentAt.getTime())) / 1000)),
    };
    const account = c.get("account");
    const [user, f] = await Promise.all([account.user(), account.franchisee()]);
    if (actor.kind === "customer") {
      if (user) {
        const menu = customerMenu(details.features, { invitationSiteLink: agency.invitationSiteLink });
        return { agency: details, actor: { kind: "customer" as const, user: toUserDto(user), menu }, pending };
      }
    }
    if (actor.kind === "staff") {
      if (f) {
        const menu = staffMenu({
          roles: f.roles,
          hideBilling: !!f.configuration.hideBilling,
          isSuperadmin: details.isSuperadmin,
          agencyOnlyDigitalCard: details.features.onlyDigitalCard,
          invitationSiteLink: agency.invitationSiteLink,
        });
        return { agency: details, actor: { kind: "staff" as const, franchisee: toFranchiseeDto(f), menu }, pending };
      }
    }
    return { agency: details, actor: { kind: "anonymous" as const }, pending };
  },
});

export const sessionRoutes = [getSession, getAgencyDetails] as const;
