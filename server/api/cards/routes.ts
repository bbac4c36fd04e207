import { z } from "zod";
import { translateMessage } from "#contracts/i18n/messages.ts";
import { answerLanguage } from "#server/api/lib/request-language.ts";
import { access } from "#server/auth/roles.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { mayCall } from "#server/api/lib/allowed.ts";
import { CARD_ID_MESSAGES, protectedWordSchema } from "#contracts/card-id.ts";
import { addProtectedWord, listProtectedWords, removeProtectedWord } from "./protected-words.ts";
import { findVisibleCard } from "./access.ts";
import { assertThemeOffered } from "#server/api/card-themes/service.ts";
import { cardIdAvailability } from "./card-id.ts";
import { cardDto, cardListRowDto, imagePostSettingsDto, toCardDto } from "./dto.ts";
import { listCards } from "./list.ts";
import { resolveCardLinks } from "#server/api/link-store/service.ts";
import { cardsOfBusiness, addCard, section, removeCard, updateBasicDetails, updateCard, type CardValues } from "./service.ts";
import { cardListQuery, updateImagePostSettingsSchema, updateImagePostStatusSchema } from "#contracts/projects.ts";
import { effectiveImagePostSettings } from "#contracts/project-texts.ts";
import { assertProjectsOffered, saveImagePostSettings, saveImagePostStatus } from "./staff.ts";
import {
  deleteCardSchema,
  updateCardAboutUsSchema,
  updateCardBasicDetailsSchema,
  updateCardGallerySchema,
  updateCardLimitSchema,
  updateCardLinksSchema,
  updateCardPaymentOptionsSchema,
  updateCardProductsSchema,
  updateCardSettingsSchema,
  updateCardStatusSchema,
  updateCardTemplateSchema,
  updateCardYoutubeVideosSchema,
} from "#contracts/cards.ts";

const tag = "Cards";
const updatedCardResponse = z.object({ updatedCard: cardDto });

/** One `updateCard*` call: its schema from #contracts/cards.ts, the section it writes, `{ updatedCard }` back. */
function sectionRoute<const P extends string, S extends z.ZodType<{ cardNo: number }>>(
  path: P,
  summary: string,
  body: S,
  toValues: (body: z.output<S>) => CardValues,
) {
  return defineRoute({
    method: "post",
    path,
    tag,
    summary,
    access: access.customerOrStaff(),
    body,
    response: updatedCardResponse,
    async handler({ deps, actor, agency, body }) {
      const input = body as z.output<S>; // generic S: TypeScript can't resolve Out<S> itself
      const card = await updateCard(deps.db, actor, agency.id, input.cardNo, toValues(input), deps.now());
      return { updatedCard: toCardDto(card) };
    },
  });
}

/* ---- Reading ---- */

export const getCardsByBusiness = defineRoute({
  method: "get",
  path: "/getCardsByBusiness",
  tag,
  summary: "The business's digital card (a list of 0 or 1 live card), every section included.",
  access: access.customerOrStaff(),
  query: z.object({ businessId: q.int("businessId") }),
  response: z.object({ cards: z.array(cardDto) }),
  async handler({ deps, actor, agency, query }) {
    const rows = await cardsOfBusiness(deps.db, actor, agency.id, query.businessId);
    return { cards: rows.map(toCardDto) };
  },
});

export const getCard = defineRoute({
  method: "get",
  path: "/card",
  tag,
  summary: "One card with every section.",
  access: access.customerOrStaff(),
  query: z.object({ cardNo: q.int("cardNo") }),
  response: z.object({ card: cardDto }),
  async handler({ deps, actor, agency, query }) {
    const card = await findVisibleCard(deps.db, actor, agency.id, query.cardNo);
    return { card: toCardDto(card) };
  },
});

export const checkCardIdAvailability = defineRoute({
  method: "get",
  path: "/checkCardIdAvailability",
  tag,
  summary: "Whether a public card id (the /{cardId} link) is free in this agency; rule failures come back as a message.",
  access: access.anySignedIn,
  query: z.object({ cardId: z.string().max(200, CARD_ID_MESSAGES.length), cardNo: q.optionalInt("cardNo") }),
  response: z.object({ available: z.boolean(), cardId: z.string(), message: z.string().optional() }),
  async handler({ c, deps, agency, query }) {
    const answer = await cardIdAvailability(deps.db, agency.id, query.cardId, query.cardNo);
    // The reason is shown under the box as it is: in the asker's language (ADR 0066).
    return answer.message ? { ...answer, message: translateMessage(await answerLanguage(c), answer.message) } : answer;
  },
});

/* ---- Creating ---- */

export const createCard = defineRoute({
  method: "post",
  path: "/createCard",
  tag,
  summary: "Create the business's digital card (409 if it already has one: the 'One Card per Business' dialog).",
  access: access.customerOrStaff(),
  body: z.object({ businessId: q.int("businessId") }),
  response: z.object({ card: cardDto }),
  async handler({ deps, actor, agency, body }) {
    const card = await addCard(deps.db, actor, agency.id, body.businessId, deps.now());
    return { card: toCardDto(card) };
  },
});

/* ---- The nine editor sections ---- */

export const updateCardBasicDetails = defineRoute({
  method: "post",
  path: "/updateCardBasicDetails",
  tag,
  summary: "Save the basic details and the public link (cardId).",
  access: access.customerOrStaff(),
  body: updateCardBasicDetailsSchema,
  response: updatedCardResponse,
  async handler({ deps, actor, agency, body }) {
    const card = await updateBasicDetails(deps.db, actor, agency.id, body, deps.now());
    return { updatedCard: toCardDto(card) };
  },
});

export const updateCardPaymentOptions = sectionRoute(
  "/updateCardPaymentOptions",
  "Save the payment options (UPI id, QR code, bank accounts).",
  updateCardPaymentOptionsSchema,
  (b) => ({ paymentOptions: section(b) }),
);
export const updateCardYoutubeVideos = sectionRoute(
  "/updateCardYoutubeVideos",
  "Save the YouTube videos.",
  updateCardYoutubeVideosSchema,
  (b) => ({ youtubeVideos: section(b) }),
);
export const updateCardTemplate = defineRoute({
  method: "post",
  path: "/updateCardTemplate",
  tag,
  summary: "Choose the card's theme (style-1, style-2 or another of GET /card-themes). A customer may choose only the themes the agency offers (or keep the card's own).",
  access: access.customerOrStaff(),
  body: updateCardTemplateSchema,
  response: updatedCardResponse,
  async handler({ deps, actor, agency, body }) {
    const offered = (before: { template: typeof body.template }) => assertThemeOffered(agency, actor, body.template, before.template);
    const card = await updateCard(deps.db, actor, agency.id, body.cardNo, { template: body.template }, deps.now(), offered);
    return { updatedCard: toCardDto(card) };
  },
});
export const updateCardGallery = sectionRoute("/updateCardGallery", "Save the photo gallery.", updateCardGallerySchema, (b) => ({
  gallery: section(b),
}));
export const updateCardAboutUs = sectionRoute("/updateCardAboutUs", "Save the about-us section.", updateCardAboutUsSchema, (b) => ({
  aboutUs: section(b),
}));
export const updateCardProducts = sectionRoute("/updateCardProducts", "Save the products (prices in paise).", updateCardProductsSchema, (b) => ({
  products: section(b),
}));
export const updateCardLinks = defineRoute({
  method: "post",
  path: "/updateCardLinks",
  tag,
  summary: "Save the links. With a Link Store type (linkTypeId) the url may be the handle or number; the type's prefix and name complete it (ADR 0020).",
  access: access.customerOrStaff(),
  body: updateCardLinksSchema,
  response: updatedCardResponse,
  async handler({ deps, actor, agency, body }) {
    // Visibility first: someone else's card is 404 whatever its links say.
    await findVisibleCard(deps.db, actor, agency.id, body.cardNo);
    const items = await resolveCardLinks(deps.db, body.items);
    const card = await updateCard(deps.db, actor, agency.id, body.cardNo, { links: section({ cardNo: body.cardNo, title: body.title, items }) }, deps.now());
    return { updatedCard: toCardDto(card) };
  },
});
export const updateCardSettings = sectionRoute(
  "/updateCardSettings",
  "Save the settings: section titles, visibility, order, colour, buttons.",
  updateCardSettingsSchema,
  (b) => ({ settings: section(b) }),
);

/* ---- Staff list and admin calls ---- */

export const getCardList = defineRoute({
  method: "get",
  path: "/getcardlist",
  tag,
  summary: "All Projects: the agency's cards (a franchisee: their customers' only), with SPEC §3's filters and five search fields, in pages. 404 for an agency selling digital cards only.",
  access: access.staff(),
  query: cardListQuery,
  response: z.object({
    cards: z.array(cardListRowDto),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    /** Which card calls this caller may make (from their declarations), so the page offers only those. */
    allowed: z.object({ status: z.boolean(), cardLimit: z.boolean(), imagePosts: z.boolean(), delete: z.boolean(), protectedWords: z.boolean() }),
  }),
  async handler({ deps, actor, agency, query }) {
    assertProjectsOffered(agency);
    const may = mayCall(actor, agency);
    const allowed = { status: may(updateCardStatus), cardLimit: may(updateCardLimit), imagePosts: may(updateImagePostSettings), delete: may(deleteCard), protectedWords: may(addProtectedCardWord) };
    return { ...(await listCards(deps.db, actor, agency.id, query, deps.now())), allowed };
  },
});

/** Admins, and franchisees for the cards they see; creators make content, not card decisions. */
const CARD_MANAGERS = access.staff("admin", "franchisee", "franchisee-with-all-card-access");

export const updateCardStatus = defineRoute({
  method: "post",
  path: "/updateCardStatus",
  tag,
  summary: "Turn a card on or off (an inactive card's public page says so).",
  access: CARD_MANAGERS,
  body: updateCardStatusSchema,
  response: updatedCardResponse,
  async handler({ deps, actor, agency, body }) {
    const card = await updateCard(deps.db, actor, agency.id, body.cardNo, { status: body.status }, deps.now());
    return { updatedCard: toCardDto(card) };
  },
});

export const updateCardLimit = defineRoute({
  method: "post",
  path: "/updateCardLimit",
  tag,
  summary: "Set a card's limit (-1 = unlimited).",
  access: CARD_MANAGERS,
  body: updateCardLimitSchema,
  response: updatedCardResponse,
  async handler({ deps, actor, agency, body }) {
    const card = await updateCard(deps.db, actor, agency.id, body.cardNo, { cardLimit: body.cardLimit }, deps.now());
    return { updatedCard: toCardDto(card) };
  },
});

export const updateImagePostStatus = defineRoute({
  method: "post",
  path: "/updateImagePostStatus",
  tag,
  summary: "Turn greeting posts on or off for a card.",
  access: CARD_MANAGERS,
  body: updateImagePostStatusSchema,
  response: updatedCardResponse,
  async handler({ deps, actor, agency, body }) {
    const card = await saveImagePostStatus(deps.db, actor, agency.id, body.cardNo, body.imagePostEnabled, deps.now());
    return { updatedCard: toCardDto(card) };
  },
});

export const updateImagePostSettings = defineRoute({
  method: "post",
  path: "/updateImagePostSettings",
  tag,
  summary: "A card's greeting-post settings: the frames its customer may use, where posts show, daily limits overriding the plan (ADR 0017).",
  access: CARD_MANAGERS,
  body: updateImagePostSettingsSchema,
  response: updatedCardResponse.extend({ imagePostSettings: imagePostSettingsDto }),
  async handler({ deps, actor, agency, body }) {
    const card = await saveImagePostSettings(deps.db, actor, agency.id, body, deps.now());
    return { updatedCard: toCardDto(card), imagePostSettings: effectiveImagePostSettings(card.imagePostSettings) };
  },
});

export const deleteCard = defineRoute({
  method: "post",
  path: "/deleteCard",
  tag,
  summary: "Delete a card (soft: its link stays reserved and its public page says it was removed).",
  access: access.customerOrStaff("admin"),
  body: deleteCardSchema,
  response: z.object({ deleted: z.boolean(), cardNo: z.number() }),
  async handler({ deps, actor, agency, body }) {
    const card = await removeCard(deps.db, actor, agency.id, body.cardNo, deps.now());
    return { deleted: true, cardNo: card.cardNo };
  },
});

/* ---- Protected words (issue 22 M4, ADR 0045) ---- */

/** The platform's admin keeps the list: it holds for every agency's host. */
const WORD_KEEPERS = access.superadmin("admin");

export const listProtectedCardWords = defineRoute({
  method: "get",
  path: "/card-id/protected-words",
  tag,
  summary: "The words no new card id may use as a part: the built-in brand names and the platform admin's additions.",
  access: WORD_KEEPERS,
  response: z.object({ builtIn: z.array(z.string()), added: z.array(z.object({ word: z.string(), createdAt: z.string() })) }),
  handler: ({ deps }) => listProtectedWords(deps.db),
});

export const addProtectedCardWord = defineRoute({
  method: "post",
  path: "/card-id/protected-words",
  tag,
  summary: "Protect a word (one part of an id, letters and digits): new ids and renames using it are refused; ids already given keep working. Adding it again changes nothing (added: false).",
  access: WORD_KEEPERS,
  body: protectedWordSchema,
  response: z.object({ word: z.string(), added: z.boolean() }),
  handler: ({ deps, body }) => addProtectedWord(deps.db, body.word),
});

export const removeProtectedCardWord = defineRoute({
  method: "delete",
  path: "/card-id/protected-words/{word}",
  tag,
  summary: "Stop protecting an added word (built-in words stay: 404).",
  access: WORD_KEEPERS,
  params: protectedWordSchema,
  response: z.object({ word: z.string(), removed: z.literal(true) }),
  handler: ({ deps, params }) => removeProtectedWord(deps.db, params.word),
});

export const cardRoutes = [
  getCardsByBusiness,
  getCard,
  checkCardIdAvailability,
  createCard,
  updateCardBasicDetails,
  updateCardPaymentOptions,
  updateCardYoutubeVideos,
  updateCardTemplate,
  updateCardGallery,
  updateCardAboutUs,
  updateCardProducts,
  updateCardLinks,
  updateCardSettings,
  getCardList,
  updateCardStatus,
  updateCardLimit,
  updateImagePostStatus,
  updateImagePostSettings,
  deleteCard,
  listProtectedCardWords,
  addProtectedCardWord,
  removeProtectedCardWord,
] as const;
