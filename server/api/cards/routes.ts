import { and, asc, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { businesses, cards } from "#server/db/schema/business.ts";
import { users } from "#server/db/schema/core.ts";
import { access } from "#server/auth/roles.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { conflict, notFound } from "#server/api/lib/errors.ts";
import type { Deps } from "#server/api/lib/env.ts";
import type { Actor } from "#server/auth/roles.ts";
import { cardChanged } from "#server/domain/card-events.ts";
import { CARD_ID_MESSAGES } from "#contracts/card-id.ts";
import { EXPIRING_SOON_DAYS, paymentState } from "#contracts/payment-status.ts";
import { findVisibleBusiness, visibleTo } from "#server/api/business/queries.ts";
import { CARD_NOT_FOUND, findVisibleCard } from "./access.ts";
import { cardIdAvailability, recordCardIdChange } from "./card-id.ts";
import { createCardForBusiness, isUniqueViolation } from "./create-card.ts";
import { cardDto, cardListRowDto, toCardDto, type CardRow } from "./dto.ts";
import { deleteCardSchema, updateCardAboutUsSchema, updateCardBasicDetailsSchema, updateCardGallerySchema, updateCardLimitSchema, updateCardLinksSchema, updateCardPaymentOptionsSchema, updateCardProductsSchema, updateCardSettingsSchema, updateCardStatusSchema, updateCardTemplateSchema, updateCardYoutubeVideosSchema } from "#contracts/cards.ts";
import { CARD_STATUSES } from "#contracts/enums.ts";

const tag = "Cards";
const DAY_MS = 24 * 60 * 60 * 1000;

const updatedCardResponse = z.object({ updatedCard: cardDto });

type CardValues = Partial<typeof cards.$inferInsert>;

/** Write to a card this actor may edit; bumps updatedAt and tells the public page's cache. */
async function writeCard(deps: Deps, actor: Actor, agencyId: number, cardNo: number, values: CardValues) {
  return saveCard(deps, agencyId, await findVisibleCard(deps.db, actor, agencyId, cardNo), values);
}

/** writeCard for a card the caller already found with findVisibleCard. */
async function saveCard(deps: Deps, agencyId: number, before: CardRow, values: CardValues) {
  const now = deps.now();
  const after = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(cards)
      .set({ ...values, updatedAt: now })
      .where(and(eq(cards.cardNo, before.cardNo), isNull(cards.deletedAt)))
      .returning();
    // A new link: the old one keeps working as a redirect (ADR 0012).
    if (row && row.cardId !== before.cardId) await recordCardIdChange(tx, { agencyId, cardNo: row.cardNo, from: before.cardId, to: row.cardId, at: now });
    return row;
  });
  if (!after) throw notFound(CARD_NOT_FOUND); // deleted in between
  cardChanged({ agencyId, cardId: after.cardId });
  if (after.cardId !== before.cardId) cardChanged({ agencyId, cardId: before.cardId });
  return after;
}

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
      const card = await writeCard(deps, actor, agency.id, input.cardNo, toValues(input));
      return { updatedCard: toCardDto(card) };
    },
  });
}

/** "" and undefined mean "not set" (#contracts/cards.ts): drop them so the stored section stays clean. */
function compact<T>(value: T): T {
  if (Array.isArray(value)) return value.map(compact) as T;
  if (value && typeof value === "object" && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== "") out[k] = compact(v);
    return out as T;
  }
  return value;
}

/** The body minus cardNo, with "" / undefined dropped: what the section's jsonb stores. */
const section = <T extends { cardNo: number }>(body: T) => compact({ ...body, cardNo: undefined }) as Omit<T, "cardNo">;

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
    const business = await findVisibleBusiness(deps.db, actor, agency.id, query.businessId, deps.now());
    const rows = await deps.db
      .select()
      .from(cards)
      .where(and(eq(cards.businessId, business.businessId), eq(cards.agencyId, agency.id), isNull(cards.deletedAt)))
      .orderBy(asc(cards.cardNo));
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
  async handler({ deps, agency, query }) {
    return cardIdAvailability(deps.db, agency.id, query.cardId, query.cardNo);
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
    const business = await findVisibleBusiness(deps.db, actor, agency.id, body.businessId, deps.now());
    const card = await createCardForBusiness(deps.db, { agencyId: agency.id, businessId: business.businessId });
    cardChanged({ agencyId: agency.id, cardId: card.cardId });
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
    const { cardNo, cardId, ...details } = body;
    const before = await findVisibleCard(deps.db, actor, agency.id, cardNo);
    const availability = await cardIdAvailability(deps.db, agency.id, cardId, cardNo);
    if (!availability.available) throw conflict(availability.message ?? CARD_ID_MESSAGES.taken, { fieldErrors: { cardId: [availability.message ?? CARD_ID_MESSAGES.taken] } });
    try {
      const card = await saveCard(deps, agency.id, before, { cardId: availability.cardId, basicDetails: compact(details) });
      return { updatedCard: toCardDto(card) };
    } catch (err) {
      // Another card took the id between the check and the write: the unique index refuses it.
      if (isUniqueViolation(err)) throw conflict(CARD_ID_MESSAGES.taken, { fieldErrors: { cardId: [CARD_ID_MESSAGES.taken] } });
      throw err;
    }
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
export const updateCardTemplate = sectionRoute("/updateCardTemplate", "Choose the card style (style-1 or style-2).", updateCardTemplateSchema, (b) => ({
  template: b.template,
}));
export const updateCardGallery = sectionRoute("/updateCardGallery", "Save the photo gallery.", updateCardGallerySchema, (b) => ({
  gallery: section(b),
}));
export const updateCardAboutUs = sectionRoute("/updateCardAboutUs", "Save the about-us section.", updateCardAboutUsSchema, (b) => ({
  aboutUs: section(b),
}));
export const updateCardProducts = sectionRoute("/updateCardProducts", "Save the products (prices in paise).", updateCardProductsSchema, (b) => ({
  products: section(b),
}));
export const updateCardLinks = sectionRoute("/updateCardLinks", "Save the links.", updateCardLinksSchema, (b) => ({ links: section(b) }));
export const updateCardSettings = sectionRoute(
  "/updateCardSettings",
  "Save the settings: section titles, visibility, order, colour, buttons.",
  updateCardSettingsSchema,
  (b) => ({ settings: section(b) }),
);

/* ---- Staff list and admin calls ---- */

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export const getCardList = defineRoute({
  method: "get",
  path: "/getcardlist",
  tag,
  summary: "The agency's cards (a franchisee: their customers' only), with filters, search and pages.",
  access: access.staff(),
  query: z.object({
    status: z.enum(CARD_STATUSES, { error: "Use active or inactive." }).optional(),
    payment: z.enum(["paid", "unpaid"], { error: "Use paid or unpaid." }).optional(),
    expiry: z.enum(["expired", "expiring-soon"], { error: "Use expired or expiring-soon." }).optional(),
    imagePostEnabled: z.enum(["yes", "no"], { error: "Use yes or no." }).optional(),
    /** Matches cardId, business name, company name (basic details) or the registered phone. */
    search: z.string().trim().max(100, "Use at most 100 characters.").optional(),
    page: q.page(),
    pageSize: q.pageSize(),
  }),
  response: z.object({ cards: z.array(cardListRowDto), total: z.number(), page: z.number(), pageSize: z.number() }),
  async handler({ deps, actor, agency, query }) {
    const now = deps.now();
    const phone = sql<string | null>`coalesce(${businesses.phoneNumber}, ${users.phoneNumber})`;
    const companyName = sql<string | null>`${cards.basicDetails}->>'companyName'`;
    const where: (SQL | undefined)[] = [visibleTo(actor, agency.id), eq(cards.agencyId, agency.id), isNull(cards.deletedAt)];
    if (query.status) where.push(eq(cards.status, query.status));
    if (query.payment) where.push(eq(businesses.paymentStatus, query.payment === "paid" ? 1 : 0));
    if (query.expiry === "expired") where.push(lt(businesses.expiryDateForCustomer, now));
    // isExpiringSoon: 1 to EXPIRING_SOON_DAYS whole days left.
    if (query.expiry === "expiring-soon")
      where.push(
        gte(businesses.expiryDateForCustomer, new Date(now.getTime() + DAY_MS)),
        lt(businesses.expiryDateForCustomer, new Date(now.getTime() + (EXPIRING_SOON_DAYS + 1) * DAY_MS)),
      );
    if (query.imagePostEnabled) where.push(eq(cards.imagePostEnabled, query.imagePostEnabled === "yes"));
    if (query.search) {
      const p = likePattern(query.search);
      const phones = [ilike(businesses.phoneNumber, p), ilike(users.phoneNumber, p)];
      // "+91 98765 43210" finds 9876543210: a phone-like search also matches on its last ten digits.
      const digits = query.search.replace(/\D/g, "");
      if (/^[\d\s+()-]+$/.test(query.search) && digits.length >= 4 && digits !== query.search) {
        const d = likePattern(digits.slice(-10));
        phones.push(ilike(businesses.phoneNumber, d), ilike(users.phoneNumber, d));
      }
      where.push(or(ilike(cards.cardId, p), ilike(businesses.businessName, p), ilike(companyName, p), ...phones));
    }
    const filter = and(...where);
    const from = () =>
      deps.db
        .select({ card: cards, business: businesses, phone })
        .from(cards)
        .innerJoin(businesses, eq(businesses.businessId, cards.businessId))
        .leftJoin(users, eq(users.id, businesses.userId));
    const [rows, [{ total }]] = await Promise.all([
      from()
        .where(filter)
        .orderBy(desc(cards.createdAt), desc(cards.cardNo))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      deps.db
        .select({ total: count() })
        .from(cards)
        .innerJoin(businesses, eq(businesses.businessId, cards.businessId))
        .leftJoin(users, eq(users.id, businesses.userId))
        .where(filter),
    ]);
    return {
      cards: rows.map(({ card, business, phone }) => listRow(card, business, phone, now)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  },
});

function listRow(card: CardRow, business: typeof businesses.$inferSelect, phone: string | null, now: Date): z.input<typeof cardListRowDto> {
  return {
    cardNo: card.cardNo,
    cardId: card.cardId,
    businessId: card.businessId,
    template: card.template,
    status: card.status,
    companyName: card.basicDetails.companyName ?? null,
    imagePostEnabled: card.imagePostEnabled,
    cardLimit: card.cardLimit,
    viewCount: card.viewCount,
    createdAt: card.createdAt,
    updatedAt: card.updatedAt,
    publicPath: `/${card.cardId}`,
    businessName: business.businessName,
    phoneNumber: phone,
    paymentStatus: business.paymentStatus,
    expiryDateForCustomer: business.expiryDateForCustomer,
    paymentState: paymentState(business, now),
  };
}

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
    const card = await writeCard(deps, actor, agency.id, body.cardNo, { status: body.status });
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
    const card = await writeCard(deps, actor, agency.id, body.cardNo, { cardLimit: body.cardLimit });
    return { updatedCard: toCardDto(card) };
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
    const card = await findVisibleCard(deps.db, actor, agency.id, body.cardNo);
    const now = deps.now();
    await deps.db
      .update(cards)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(cards.cardNo, card.cardNo), isNull(cards.deletedAt)));
    cardChanged({ agencyId: agency.id, cardId: card.cardId });
    return { deleted: true, cardNo: card.cardNo };
  },
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
  deleteCard,
] as const;
