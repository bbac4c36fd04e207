import { withSource } from "#contracts/card-sources.ts";
import { and, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import { pdfCardPayments, pdfCards } from "#server/db/schema/content.ts";
import type { Actor } from "#server/auth/roles.ts";
import type { AgencyRow, Deps } from "#server/api/lib/env.ts";
import { conflict, forbidden, notFound } from "#server/api/lib/errors.ts";
import { businessLogoUrl, lockVisibleBusinessRow, visibleBusinessRow } from "#server/api/business/service.ts";
import { visibleTo } from "#server/api/lib/visible-to.ts";
import { type Tx } from "#server/db/tx.ts";
import { lockBusiness } from "#server/api/payments/service.ts";
import { allowance, assertWithinLimit, fitsWithin } from "#server/api/payments/service.ts";
import { consumeCredit, creditLedger } from "#server/api/payments/service.ts";
import { PUBLIC_UPLOADS_PATH } from "#server/services/storage/index.ts";
import { normaliseImage, pdfCardPdf, pdfCardPreviewPng, type CardBack, type PdfCardFile } from "#server/services/pdf/index.ts";
import { offlineContactVCard } from "#server/services/offline-contact.ts";
import { themeFonts } from "#server/services/script-fonts.ts";
import { upiHref } from "#contracts/format.ts";
import { vcardTel } from "#contracts/phone.ts";
import { PDF_CARD_MESSAGES, PDF_CARD_TEMPLATE_CODES, type PdfCardTemplateCode } from "#contracts/pdf-card-constants.ts";
import { formatPhone, looksLikePhone, phoneSearchDigits } from "#contracts/phone.ts";
import type {
  createPdfCardBody,
  downloadPdfCardQuery,
  pdfCardListQuery,
  PdfCardDto,
  PdfCardPerson,
  updatePdfCardBasicDetailsBody,
  updatePdfCardStatusBody,
} from "#contracts/pdf-cards.ts";

/** One PDF ID card export paid online is a credit on the business (pdf_card_payments); payments is handed this ledger by server/api/ledgers.ts. */
export const pdfCardLedger = creditLedger("pdf-card");

/*
 * PDF ID cards (SPEC §7 PDF cards; ADR 0024). A card is visible to whoever may see its business
 * (visibleTo); anything else is 404. It downloads with a SAMPLE watermark until an export pays
 * for it: the business's plan when it includes PDF cards and has room (pdfCardLimit counts the
 * cards the plan paid for over the business's life), else one bought single-PDF credit
 * (payments consumeCredit, server/api/payments/credits.ts), which allows one export only.
 */

type Row = typeof pdfCards.$inferSelect;

/** A double click (or a retried request) within this window returns the first answer. */
const REPEAT_MS = 10_000;

export function pdfCardsEnabled(agency: AgencyRow) {
  if (!agency.configuration.pdfCardConfig?.enablePdfCardProduct) throw notFound("PDF ID cards are not enabled.");
}

/** The pdf_card_payments row that paid for this card, if a bought credit did. */
const paidByCredit = sql<boolean>`exists (select 1 from ${pdfCardPayments} where ${pdfCardPayments.pdfCardNo} = ${pdfCards.pdfCardNo} and ${pdfCardPayments.status} = 'paid')`;

const columns = { card: pdfCards, businessName: businesses.businessName, byCredit: paidByCredit };

type Found = { card: Row; businessName: string; byCredit: boolean };

export function toPdfCardDto({ card, businessName, byCredit }: Found): PdfCardDto {
  const paidBy = !card.isPaid ? "none" : byCredit ? "credit" : "plan";
  return {
    pdfCardNo: card.pdfCardNo,
    businessId: card.businessId,
    businessName,
    companyName: card.companyName,
    registeredPhoneNumber: card.registeredPhoneNumber,
    mails: card.mails,
    templateCode: card.templateCode,
    status: card.status,
    people: (card.details.people ?? []).map((p) => ({ ...p, phones: p.phones ?? [] })),
    isPaid: card.isPaid,
    paidBy,
    exportCount: card.exportCount,
    canExport: card.status === "active" && !(paidBy === "credit" && card.exportCount >= 1),
    lastExportedAt: card.lastExportedAt,
    createdAt: card.createdAt,
    updatedAt: card.updatedAt,
  };
}

async function findVisible(db: Db | Tx, actor: Actor, agencyId: number, pdfCardNo: number, lock = false): Promise<Found> {
  const query = db
    .select(columns)
    .from(pdfCards)
    .innerJoin(businesses, eq(businesses.businessId, pdfCards.businessId))
    .where(and(eq(pdfCards.pdfCardNo, pdfCardNo), eq(pdfCards.agencyId, agencyId), visibleTo(actor, agencyId)))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: pdfCards }) : await query;
  if (!row) throw notFound(PDF_CARD_MESSAGES.notFound);
  return row;
}

export async function getPdfCard(db: Db, actor: Actor, agencyId: number, pdfCardNo: number) {
  return toPdfCardDto(await findVisible(db, actor, agencyId, pdfCardNo));
}

/** What a new card starts with when the caller gives nothing: the business's own details. */
function fromBusiness(b: typeof businesses.$inferSelect): { people: PdfCardPerson[]; mails: string[] } {
  return {
    mails: b.email ? [b.email] : [],
    people: [
      {
        personName: b.contactPerson || b.businessName,
        designation: b.contactPerson ? "Proprietor" : undefined,
        employeeId: undefined,
        phones: [b.phoneNumber].filter((p): p is string => !!p),
        email: b.email ?? undefined,
        address: b.address ?? undefined,
        bloodGroup: undefined,
        photoUrl: undefined,
      },
    ],
  };
}

/** jsonb keeps keys in its own order: compare with keys sorted. */
const sorted = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(sorted) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, sorted(x)])) : v;
const sameJson = (a: unknown, b: unknown) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

const clean = (people: PdfCardPerson[]) =>
  people.map((p) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as PdfCardPerson);

export async function createPdfCard(deps: Deps, actor: Actor, agency: AgencyRow, body: z.output<typeof createPdfCardBody>) {
  pdfCardsEnabled(agency);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const business = await lockVisibleBusinessRow(tx, actor, agency.id, body.businessId);
    if (!business) throw notFound("Business not found.");
    const defaults = fromBusiness(business);
    const values = {
      companyName: body.companyName ?? business.businessName,
      registeredPhoneNumber: body.registeredPhoneNumber ?? business.phoneNumber ?? "",
      mails: body.mails ?? defaults.mails,
      templateCode: body.templateCode,
      details: { people: clean(body.people ?? defaults.people) },
    };
    if (!values.registeredPhoneNumber) throw conflict("Add the business's phone number, or give registeredPhoneNumber.");
    // The same card posted twice (a double click, a retry) within seconds is one card.
    const [recent] = await tx
      .select(columns)
      .from(pdfCards)
      .innerJoin(businesses, eq(businesses.businessId, pdfCards.businessId))
      .where(and(eq(pdfCards.businessId, business.businessId), eq(pdfCards.templateCode, values.templateCode), eq(pdfCards.companyName, values.companyName), gt(pdfCards.createdAt, new Date(now.getTime() - REPEAT_MS))))
      .orderBy(desc(pdfCards.createdAt))
      .limit(1);
    if (recent && sameJson(recent.card.details.people, values.details.people)) return toPdfCardDto(recent);
    const [card] = await tx
      .insert(pdfCards)
      .values({ agencyId: agency.id, businessId: business.businessId, ...values, createdAt: now, updatedAt: now })
      .returning();
    return toPdfCardDto({ card, businessName: business.businessName, byCredit: false });
  });
}

export async function pdfCardsOfBusiness(db: Db, actor: Actor, agencyId: number, businessId: number) {
  const business = await visibleBusinessRow(db, actor, agencyId, businessId);
  if (!business) throw notFound("Business not found.");
  const rows = await db
    .select(columns)
    .from(pdfCards)
    .innerJoin(businesses, eq(businesses.businessId, pdfCards.businessId))
    .where(and(eq(pdfCards.businessId, businessId), eq(pdfCards.agencyId, agencyId)))
    .orderBy(desc(pdfCards.createdAt), desc(pdfCards.pdfCardNo));
  return rows.map(toPdfCardDto);
}

/** Staff: the agency's PDF cards they may see, newest first, with filters and search. */
export async function listPdfCards(db: Db, actor: Actor, agencyId: number, query: z.output<typeof pdfCardListQuery>) {
  const conditions: (SQL | undefined)[] = [eq(pdfCards.agencyId, agencyId), visibleTo(actor, agencyId)];
  if (query.status) conditions.push(eq(pdfCards.status, query.status));
  if (query.paid) conditions.push(eq(pdfCards.isPaid, query.paid === "yes"));
  if (query.templateCode) conditions.push(eq(pdfCards.templateCode, query.templateCode));
  if (query.businessId) conditions.push(eq(pdfCards.businessId, query.businessId));
  const term = query.search?.trim();
  if (term) {
    const escaped = term.replace(/[\\%_]/g, (m) => `\\${m}`);
    const byName = ilike(pdfCards.companyName, `%${escaped}%`);
    const digits = looksLikePhone(term) ? phoneSearchDigits(term) : "";
    const byPhone = digits ? sql`regexp_replace(${pdfCards.registeredPhoneNumber}, '\\D', '', 'g') like ${`%${digits}%`}` : undefined;
    if (query.searchField === "companyName") conditions.push(byName);
    else if (query.searchField === "registeredPhoneNumber") conditions.push(byPhone ?? sql`false`);
    else conditions.push(byPhone ? or(byName, byPhone) : byName);
  }
  const where = and(...conditions);
  const [{ total }] = await db
    .select({ total: count() })
    .from(pdfCards)
    .innerJoin(businesses, eq(businesses.businessId, pdfCards.businessId))
    .where(where);
  const rows = await db
    .select(columns)
    .from(pdfCards)
    .innerJoin(businesses, eq(businesses.businessId, pdfCards.businessId))
    .where(where)
    .orderBy(desc(pdfCards.createdAt), desc(pdfCards.pdfCardNo))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { total, list: rows.map(toPdfCardDto), page: query.page, pageSize: query.pageSize };
}

/** A customer may not delete a paid card (the bought credit would come back); staff may. */
export async function deletePdfCard(db: Db, actor: Actor, agencyId: number, pdfCardNo: number) {
  return db.transaction(async (tx) => {
    const { card } = await findVisible(tx, actor, agencyId, pdfCardNo, true);
    if (card.isPaid && actor.kind === "customer") throw conflict("A paid PDF card cannot be deleted. Ask your admin if it must go.");
    await tx.delete(pdfCards).where(eq(pdfCards.pdfCardNo, card.pdfCardNo));
    return { deleted: true as const, pdfCardNo: card.pdfCardNo };
  });
}

export async function updatePdfCardStatus(db: Db, actor: Actor, agencyId: number, body: z.output<typeof updatePdfCardStatusBody>, now: Date) {
  const found = await findVisible(db, actor, agencyId, body.pdfCardNo);
  const [card] = await db.update(pdfCards).set({ status: body.status, updatedAt: now }).where(eq(pdfCards.pdfCardNo, found.card.pdfCardNo)).returning();
  return toPdfCardDto({ ...found, card });
}

export async function updatePdfCardBasicDetails(db: Db, actor: Actor, agencyId: number, body: z.output<typeof updatePdfCardBasicDetailsBody>, now: Date) {
  return db.transaction(async (tx) => {
    const found = await findVisible(tx, actor, agencyId, body.pdfCardNo, true);
    // A bought card is one export: once it is used, changing the card would make a new one for free.
    if (!toPdfCardDto(found).canExport && found.card.isPaid) throw conflict(PDF_CARD_MESSAGES.singleExportUsed);
    const [card] = await tx
      .update(pdfCards)
      .set({
        companyName: body.companyName,
        registeredPhoneNumber: body.registeredPhoneNumber,
        mails: body.mails,
        templateCode: body.templateCode ?? found.card.templateCode,
        details: { ...found.card.details, people: clean(body.people) },
        updatedAt: now,
      })
      .where(eq(pdfCards.pdfCardNo, found.card.pdfCardNo))
      .returning();
    return toPdfCardDto({ ...found, card });
  });
}

/**
 * Export: pays for the card if it is not yet (the plan when it has room, else a bought credit,
 * else 403 with `upgrade`), counts the export, and from then on it downloads without SAMPLE.
 */
export async function exportPdfCard(deps: Deps, actor: Actor, agency: AgencyRow, pdfCardNo: number) {
  pdfCardsEnabled(agency);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const first = await findVisible(tx, actor, agency.id, pdfCardNo);
    // The business lock first (the credit and the plan count are per business), then the card's.
    await lockBusiness(tx, agency.id, first.card.businessId);
    const found = await findVisible(tx, actor, agency.id, pdfCardNo, true);
    const { card } = found;
    if (card.status !== "active") throw conflict("This PDF card is inactive.");
    if (card.lastExportedAt && now.getTime() - card.lastExportedAt.getTime() < REPEAT_MS) return toPdfCardDto(found);
    let byCredit = found.byCredit;
    if (card.isPaid) {
      if (byCredit && card.exportCount >= 1) throw conflict(PDF_CARD_MESSAGES.singleExportUsed);
    } else {
      const [business] = await tx
        .select({ paymentStatus: businesses.paymentStatus, expiryDateForCustomer: businesses.expiryDateForCustomer, planLimits: businesses.planLimits })
        .from(businesses)
        .where(eq(businesses.businessId, card.businessId));
      const [{ used }] = await tx
        .select({ used: count() })
        .from(pdfCards)
        .where(and(eq(pdfCards.businessId, card.businessId), eq(pdfCards.isPaid, true), sql`not ${paidByCredit}`));
      const plan = allowance(business, "pdfCard", now);
      if (!(plan.state !== "expired" && plan.limit !== 0 && fitsWithin(plan, used))) {
        const credit = await consumeCredit(tx, "pdf-card", card.businessId, card.pdfCardNo);
        // No credit: the plan's own refusal (403, upgrade: true) tells the panel to offer #upgrade.
        if (credit === null) await assertWithinLimit(tx, { businessId: card.businessId, kind: "pdfCard", now, used });
        byCredit = credit !== null;
      }
    }
    const [updated] = await tx
      .update(pdfCards)
      .set({ isPaid: true, exportCount: card.exportCount + 1, lastExportedAt: now, updatedAt: now })
      .where(eq(pdfCards.pdfCardNo, card.pdfCardNo))
      .returning();
    return toPdfCardDto({ ...found, card: updated, byCredit });
  });
}

/* ---------------- Files ---------------- */

async function imageBytes(deps: Deps, url: string | null | undefined) {
  // Only our own uploads: fetching a customer-given https URL from the server would be SSRF.
  if (!url?.startsWith(`${PUBLIC_UPLOADS_PATH}/`)) return null;
  const file = await deps.storage.get(url.slice(PUBLIC_UPLOADS_PATH.length + 1)).catch(() => null);
  return normaliseImage(file?.bytes);
}

/** The business's digital card link (the front's QR), its UPI id (the back's pay code), its theme colour and fonts (the card's look). */
async function digitalCardOf(db: Db, businessId: number, origin: string) {
  const [card] = await db
    .select({ cardId: cards.cardId, paymentOptions: cards.paymentOptions, settings: cards.settings, template: cards.template })
    .from(cards)
    .where(and(eq(cards.businessId, businessId), isNull(cards.deletedAt)))
    .limit(1);
  const upiId = card?.paymentOptions?.upiId?.trim() || null;
  return { url: card ? `${origin}/${card.cardId}` : origin, upiId, upiName: card?.paymentOptions?.upiName?.trim() || null, themeColour: card?.settings?.themeColor ?? null, fonts: themeFonts(card?.template) };
}

const templateOf = (code: string): PdfCardTemplateCode =>
  (PDF_CARD_TEMPLATE_CODES as readonly string[]).includes(code) ? (code as PdfCardTemplateCode) : PDF_CARD_TEMPLATE_CODES[0];

async function fileOf(deps: Deps, card: Row, logoUrl: string | null, origin: string, sample: boolean): Promise<PdfCardFile> {
  const people = card.details.people?.length ? card.details.people : [{ personName: card.companyName, phones: [card.registeredPhoneNumber] }];
  const [logo, digital, photos] = await Promise.all([
    imageBytes(deps, logoUrl),
    digitalCardOf(deps.db, card.businessId, origin),
    Promise.all(people.map((p) => imageBytes(deps, p.photoUrl))),
  ]);
  return {
    templateCode: templateOf(card.templateCode),
    companyName: card.companyName,
    // A scan of the printed ID card is attributed to it (ADR 0068).
    qrUrl: withSource(digital.url, "idcard"),
    logo,
    photos,
    sample,
    // The printed card in the digital card's colour (issue 26).
    themeColour: digital.themeColour,
    fonts: digital.fonts,
    people: people.map((p) => ({
      personName: p.personName,
      designation: p.designation ?? "",
      employeeId: p.employeeId ?? "",
      phones: (p.phones ?? []).map(formatPhone), // stored E.164, printed the way people write them
      email: p.email ?? "",
      address: p.address ?? "",
      bloodGroup: p.bloodGroup,
    })),
    backs: people.map((p) => cardBack(card.companyName, p, digital)),
  };
}

/** A person's card back (ADR 0062): their contact as a short vCard, and the business's UPI code. */
function cardBack(companyName: string, p: { personName: string; designation?: string; phones?: string[]; email?: string }, digital: Awaited<ReturnType<typeof digitalCardOf>>): CardBack {
  const upi = digital.upiId ? upiHref(digital.upiId, digital.upiName ?? companyName) : null;
  return {
    companyName,
    contact: offlineContactVCard({
      name: p.personName,
      organisation: companyName,
      title: p.designation,
      phones: (p.phones ?? []).map(vcardTel),
      email: p.email,
      cardUrl: digital.url,
      upiUrl: upi,
    }),
    upi: upi && digital.upiId ? { url: upi, id: digital.upiId } : null,
  };
}

/** The PDF (SAMPLE until paid; staff may ask for it without). */
export async function downloadPdfCard(deps: Deps, actor: Actor, agencyId: number, query: z.output<typeof downloadPdfCardQuery>, origin: string) {
  if (query.forceDownloadWithoutSampleWatermark && actor.kind !== "staff") throw forbidden("Only staff may download without the SAMPLE watermark.");
  const { card } = await findVisible(deps.db, actor, agencyId, query.pdfCardNo);
  if (card.status !== "active" && actor.kind !== "staff") throw conflict("This PDF card is inactive.");
  const sample = !card.isPaid && !query.forceDownloadWithoutSampleWatermark;
  return { pdfCardNo: card.pdfCardNo, bytes: await pdfCardPdf(await fileOf(deps, card, await businessLogoUrl(deps.db, card.businessId), origin, sample)) };
}

/** The editor's preview: the PDF's first card page as a PNG. */
export async function previewPdfCard(deps: Deps, actor: Actor, agencyId: number, pdfCardNo: number, origin: string) {
  const { card } = await findVisible(deps.db, actor, agencyId, pdfCardNo);
  return pdfCardPreviewPng(await fileOf(deps, card, await businessLogoUrl(deps.db, card.businessId), origin, !card.isPaid), 2);
}

/** The templates page: each template drawn with the business's own details (or a sample person). */
export async function previewTemplate(deps: Deps, actor: Actor, agency: AgencyRow, code: PdfCardTemplateCode, businessId: number | undefined, origin: string) {
  pdfCardsEnabled(agency);
  const business = businessId ? await visibleBusinessRow(deps.db, actor, agency.id, businessId) : undefined;
  if (businessId && !business) throw notFound("Business not found.");
  const now = deps.now();
  const draft: Row = {
    pdfCardNo: 0,
    agencyId: agency.id,
    businessId: business?.businessId ?? 0,
    companyName: business?.businessName ?? "Your Company",
    registeredPhoneNumber: business?.phoneNumber ?? "",
    mails: [],
    templateCode: code,
    status: "active",
    details: { people: business ? fromBusiness(business).people.map((p) => ({ ...p, employeeId: "EMP-001" })) : [{ personName: "Your Name", designation: "Designation", employeeId: "EMP-001", phones: ["+919876543210"] }] },
    isPaid: false,
    exportCount: 0,
    lastExportedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  return pdfCardPreviewPng(await fileOf(deps, draft, business ? await businessLogoUrl(deps.db, business.businessId) : null, origin, false), 2);
}


