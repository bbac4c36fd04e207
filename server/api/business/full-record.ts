import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import { users } from "#server/db/schema/core.ts";
import { withPayment, type BusinessDto } from "./dto.ts";

/** What the top bar and the business selector show (businessSummaryDto). */
export const summaryColumns = {
  businessId: businesses.businessId,
  businessName: businesses.businessName,
  category: businesses.category,
  paymentStatus: businesses.paymentStatus,
  expiryDateForCustomer: businesses.expiryDateForCustomer,
  isSubscriptionActive: businesses.isSubscriptionActive,
  businessMadeBy: businesses.businessMadeBy,
};

/** The full business with its owner and live card: one query. */
export const fullBusinessColumns = {
  ...summaryColumns,
  userId: businesses.userId,
  title: businesses.title,
  contactPerson: businesses.contactPerson,
  businessNature: businesses.businessNature,
  phoneNumber: businesses.phoneNumber,
  alternatePhoneNumber: businesses.alternatePhoneNumber,
  whatsappNumber: businesses.whatsappNumber,
  email: businesses.email,
  address: businesses.address,
  mapLink: businesses.mapLink,
  logoUrl: businesses.logoUrl,
  madeByFranchiseeId: businesses.madeByFranchiseeId,
  createdAt: businesses.createdAt,
  updatedAt: businesses.updatedAt,
  ownerPhoneNumber: users.phoneNumber,
  ownerEmail: users.email,
  ownerIsForeignUser: users.isForeignUser,
  cardNo: cards.cardNo,
  cardId: cards.cardId,
  cardStatus: cards.status,
};

export function selectFullBusinesses(db: Db | Tx) {
  return db
    .select(fullBusinessColumns)
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.userId))
    .leftJoin(cards, and(eq(cards.businessId, businesses.businessId), isNull(cards.deletedAt)));
}

type FullRow = Awaited<ReturnType<typeof selectFullBusinesses>>[number];

/** A row of selectFullBusinesses as the API's business (extra columns are dropped by the response schema). */
export function toBusinessDto(row: FullRow, now: Date): BusinessDto {
  const { ownerPhoneNumber, ownerEmail, ownerIsForeignUser, cardNo, cardId, cardStatus, ...business } = row;
  return {
    ...withPayment(business, now),
    user: { userId: row.userId, phoneNumber: ownerPhoneNumber, email: ownerEmail, isForeignUser: ownerIsForeignUser },
    card: cardNo !== null && cardId !== null && cardStatus !== null ? { cardNo, cardId, status: cardStatus } : null,
  };
}

/** One business (full record) matching `where`, or null. */
export async function findBusiness(db: Db | Tx, where: SQL, now: Date) {
  const [row] = await selectFullBusinesses(db).where(where).limit(1);
  return row ? toBusinessDto(row, now) : null;
}

