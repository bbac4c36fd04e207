import type { Db } from "../client.ts";
import { pdfCards } from "../schema/content.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Demo data for PDF ID cards (ADR 0024): the demo customer's business has one card, not paid,
 * so a newcomer sees the product and its download carries the SAMPLE watermark.
 */
export async function seedPdfCards(tx: Tx, o: { agencyId: number; businessId: number; now: Date }) {
  await tx.insert(pdfCards).values({
    agencyId: o.agencyId,
    businessId: o.businessId,
    companyName: "Sharma Sweets",
    registeredPhoneNumber: "+919876543210",
    mails: ["orders@sharmasweets.in"],
    templateCode: "aurora-portrait",
    details: {
      people: [
        { personName: "Rajesh Sharma", designation: "Proprietor", employeeId: "SS-001", phones: ["+919876543210"], email: "orders@sharmasweets.in", address: "Shop 12, Johari Bazaar, Jaipur, Rajasthan 302003", bloodGroup: "B+" },
        { personName: "अनीता शर्मा", designation: "Store Manager", employeeId: "SS-002", phones: ["+919876500002"], address: "Johari Bazaar, Jaipur" },
      ],
    },
    createdAt: o.now,
    updatedAt: o.now,
  });
}
