import type { z } from "zod";
import { staffMenu, type Actor } from "#server/auth/roles.ts";
import { agencyFeatures, customerMenu } from "#server/auth/features.ts";
import { hostnameOf, isSuperadminAgency } from "#server/auth/tenancy.ts";
import type { UserRow, FranchiseeRow } from "#server/auth/session.ts";
import type { AgencyRow, Challenge, Deps } from "#server/api/lib/env.ts";
import { OTP } from "#server/api/lib/pending-signin.ts";
import { toUserDto } from "#server/api/auth/dto.ts";
import { toFranchiseeDto } from "#server/api/franchisee/dto.ts";
import { brandingOf } from "#server/api/ui-customisation/service.ts";
import type { agencyDetailsDto } from "./dto.ts";
import type { Language } from "#contracts/i18n/languages.ts";
import { CATALOGUES } from "#contracts/i18n/messages.ts";
import { agencyDefaultLanguage } from "#server/api/lib/request-language.ts";

/** The agency this host belongs to, as GET /agency-details and GET /session show it. */
export async function agencyDetails(deps: Pick<Deps, "db" | "config">, agency: AgencyRow): Promise<z.infer<typeof agencyDetailsDto>> {
  const branding = await brandingOf(deps.db, agency);
  return {
    agencyId: agency.id,
    agencyName: agency.agencyName,
    isSuperadmin: isSuperadminAgency(agency),
    isMainHost: agency.host === hostnameOf(deps.config.MAIN_HOST),
    invitationSiteLink: agency.invitationSiteLink,
    branding: Object.fromEntries(Object.entries(branding).filter(([, v]) => v !== null)),
    features: agencyFeatures(agency.configuration),
    defaultLanguage: agencyDefaultLanguage(agency),
  };
}

/** This browser's pending sign-in step, if any, and when it may ask for a new code. */
export function pendingView(challenge: Challenge | null, now: Date) {
  return (
    challenge && {
      kind: challenge.kind,
      sentTo: challenge.email ?? `+91 ${challenge.phoneNumber}`,
      fromForgotPassword: challenge.fromForgotPassword,
      otpVerified: !!challenge.verifiedAt,
      resendAfterSeconds: Math.max(0, Math.ceil((OTP.resendCooldownMs - (now.getTime() - challenge.lastSentAt.getTime())) / 1000)),
    }
  );
}

type Details = z.infer<typeof agencyDetailsDto>;

/** Who is signed in, with their menus; an account gone since the session began is anonymous. */
export function actorView(actor: Actor, agency: AgencyRow, details: Details, user: UserRow | null, f: FranchiseeRow | null, lang: Language = "en") {
  if (actor.kind === "customer") {
    if (user) {
      const menu = customerMenu(details.features, { invitationSiteLink: agency.invitationSiteLink }, CATALOGUES[lang].menu);
      return { kind: "customer" as const, user: toUserDto(user), menu };
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
      }, CATALOGUES[lang].staffMenu);
      return { kind: "staff" as const, franchisee: toFranchiseeDto(f), menu };
    }
  }
  return { kind: "anonymous" as const };
}
