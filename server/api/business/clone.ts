import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import type { Actor } from "#server/auth/roles.ts";
import { createCardForBusiness } from "#server/api/cards/service.ts";
import { type cloneBusinessSchema } from "#contracts/business.ts";
import { NAME_MAX } from "#contracts/constants.ts";
import { notFound } from "#server/api/lib/errors.ts";
import { BUSINESS_NOT_FOUND, visibleBusinessRow } from "./service.ts";
import { findBusiness } from "./full-record.ts";
import { DUPLICATE_WINDOW_MS } from "#server/api/lib/duplicate-window.ts";
import { madeBy } from "./create.ts";
import { notices, notifyAdmins } from "#server/api/notifications/service.ts";
import { newBusinessExpiry } from "#server/api/payments/service.ts";

/** "Sharma Sweets" → "Sharma Sweets (copy)", kept within the name limit. */
export const copyName = (name: string) => `${name.slice(0, NAME_MAX - 7).trimEnd()} (copy)`;

/**
 * POST /business/cloneBusiness: the business's details (not its payments or subscription: a
 * copy starts unpaid, on the agency's trial) for the same customer, and its card with every section under a fresh
 * public id.
 */
export async function cloneBusiness(db: Db, actor: Actor, agencyId: number, input: z.output<typeof cloneBusinessSchema>, now: Date) {
  return db.transaction(async (tx) => {
    const src = await visibleBusinessRow(tx, actor, agencyId, input.businessId);
    if (!src) throw notFound(BUSINESS_NOT_FOUND);
    const businessName = input.businessName ?? copyName(src.businessName);
    // A double submit or a retried request: the copy made seconds ago, not a second one (ADR 0016).
    await tx.execute(sql`select pg_advisory_xact_lock(${0x636c6f6e}::int, ${src.businessId}::int)`);
    const [recent] = await tx
      .select({ businessId: businesses.businessId })
      .from(businesses)
      .where(
        and(
          eq(businesses.userId, src.userId),
          eq(businesses.agencyId, agencyId),
          isNull(businesses.deletedAt),
          eq(businesses.businessName, businessName),
          gte(businesses.createdAt, new Date(now.getTime() - DUPLICATE_WINDOW_MS)),
        ),
      )
      .orderBy(desc(businesses.createdAt))
      .limit(1);
    if (recent) {
      const business = (await findBusiness(tx, eq(businesses.businessId, recent.businessId), now))!;
      return { business, card: business.card && { cardNo: business.card.cardNo, cardId: business.card.cardId } };
    }
    const [row] = await tx
      .insert(businesses)
      .values({
        agencyId,
        userId: src.userId,
        businessName,
        title: src.title,
        contactPerson: src.contactPerson,
        businessNature: src.businessNature,
        category: src.category,
        imageSubcategoryId: src.imageSubcategoryId,
        phoneNumber: src.phoneNumber,
        alternatePhoneNumber: src.alternatePhoneNumber,
        whatsappNumber: src.whatsappNumber,
        email: src.email,
        address: src.address,
        mapLink: src.mapLink,
        logoUrl: src.logoUrl,
        frameSettings: src.frameSettings,
        ...madeBy(actor),
        // A copy is a new business: unpaid, on its own trial (ADR 0015).
        expiryDateForCustomer: await newBusinessExpiry(tx, agencyId, now),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ businessId: businesses.businessId });
    await notifyAdmins(tx, agencyId, notices.newBusiness({ businessId: row.businessId, businessName }, madeBy(actor).businessMadeBy), now);

    const [srcCard] = await tx
      .select()
      .from(cards)
      .where(and(eq(cards.businessId, src.businessId), isNull(cards.deletedAt)))
      .limit(1);
    let card: { cardNo: number; cardId: string } | null = null;
    if (srcCard) {
      const fresh = await createCardForBusiness(tx, { agencyId, businessId: row.businessId, now });
      await tx
        .update(cards)
        .set({
          template: srcCard.template,
          basicDetails: { ...srcCard.basicDetails, companyName: businessName },
          paymentOptions: srcCard.paymentOptions,
          youtubeVideos: srcCard.youtubeVideos,
          gallery: srcCard.gallery,
          aboutUs: srcCard.aboutUs,
          products: srcCard.products,
          links: srcCard.links,
          settings: srcCard.settings,
          imagePostEnabled: srcCard.imagePostEnabled,
          imagePostSettings: srcCard.imagePostSettings,
        })
        .where(eq(cards.cardNo, fresh.cardNo));
      card = { cardNo: fresh.cardNo, cardId: fresh.cardId };
    }
    const business = (await findBusiness(tx, eq(businesses.businessId, row.businessId), now))!;
    return { business, card };
  });
}
