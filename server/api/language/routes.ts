import { z } from "zod";
import { eq, sql } from "drizzle-orm";
import { LANGUAGE_DIR, LANGUAGES } from "#contracts/i18n/languages.ts";
import { languageSchema } from "#contracts/language.ts";
import { access } from "#server/auth/roles.ts";
import { agencies } from "#server/db/schema/core.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import { agencyDefaultLanguage, requestLanguage } from "#server/api/lib/request-language.ts";
import { chooseLanguage } from "./service.ts";
import { languageDto } from "./dto.ts";

const tag = "Language";

export const chooseLanguageRoute = defineRoute({
  method: "post",
  path: "/language",
  tag,
  summary: "Choose the panel's language: this browser keeps it (cookie) and a signed-in customer's account too (ADR 0066).",
  access: access.public,
  body: languageSchema,
  response: z.object({ language: languageDto }),
  async handler({ c, body }) {
    await chooseLanguage(c, body.language);
    return { language: { code: body.language, dir: LANGUAGE_DIR[body.language], source: "choice" as const } };
  },
});

export const getRequestLanguage = defineRoute({
  method: "get",
  path: "/language",
  tag,
  summary: "The language this request is answered in, and where it came from (account, choice, browser or agency default).",
  access: access.public,
  response: z.object({ language: languageDto }),
  handler: async ({ c }) => ({ language: await requestLanguage(c) }),
});

export const getAgencyLanguage = defineRoute({
  method: "get",
  path: "/agency-language",
  tag,
  summary: "The agency's default language: for people who chose none and whose browser asks for none of ours (agency admins).",
  access: access.staff("admin"),
  response: z.object({ defaultLanguage: z.enum(LANGUAGES) }),
  handler: async ({ agency }) => ({ defaultLanguage: agencyDefaultLanguage(agency) }),
});

export const setAgencyLanguage = defineRoute({
  method: "put",
  path: "/agency-language",
  tag,
  summary: "Set the agency's default language (agency admins); other settings are kept.",
  access: access.staff("admin"),
  body: languageSchema,
  response: z.object({ defaultLanguage: z.enum(LANGUAGES) }),
  async handler({ c, agency, body }) {
    await c
      .get("deps")
      .db.update(agencies)
      .set({ configuration: sql`${agencies.configuration} || ${JSON.stringify({ defaultLanguage: body.language })}::jsonb` })
      .where(eq(agencies.id, agency.id));
    return { defaultLanguage: body.language };
  },
});

export const languageRoutes = [getRequestLanguage, chooseLanguageRoute, getAgencyLanguage, setAgencyLanguage] as const;
