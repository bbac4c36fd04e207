import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { cardSecondLanguageSchema, updateCardSecondLanguageSchema } from "#contracts/card-second-language.ts";
import { saveSecondLanguage, secondLanguageOf } from "./service.ts";

const tag = "Cards";
const response = z.object({ secondLanguage: cardSecondLanguageSchema.nullable() });

export const getCardSecondLanguage = defineRoute({
  method: "get",
  path: "/card/second-language",
  tag,
  summary: "The card's texts in its second language (ADR 0075); null when the card has one language. 404 for a card the caller may not see.",
  access: access.customerOrStaff(),
  query: z.object({ cardNo: q.int("cardNo") }),
  response,
  handler: async ({ deps, actor, agency, query }) => ({ secondLanguage: await secondLanguageOf(deps.db, actor, agency.id, query.cardNo) }),
});

export const updateCardSecondLanguage = defineRoute({
  method: "post",
  path: "/updateCardSecondLanguage",
  tag,
  summary:
    "Save the card's second language and its texts (name, designation, tagline, about us, section titles, products by name, link labels by URL); no secondLanguage removes it. Empty texts show the primary ones.",
  access: access.customerOrStaff(),
  body: updateCardSecondLanguageSchema,
  response,
  handler: async ({ deps, actor, agency, body }) => ({ secondLanguage: await saveSecondLanguage(deps.db, actor, agency.id, body, deps.now()) }),
});

export const cardSecondLanguageRoutes = [getCardSecondLanguage, updateCardSecondLanguage] as const;
