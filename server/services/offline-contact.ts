import { buildVCard } from "./vcard.ts";

/**
 * The offline share kit's QR payloads (ADR 0062): the contact itself as a short vCard 3.0 (a
 * phone camera offers "Add contact" with no data connection), and the UPI link as its own code
 * (UPI apps' scanners read only upi://pay). The vCard also carries the UPI link as a second URL,
 * so the saved contact keeps the way to pay.
 */

/** A printed code stays readable up to ~300 bytes (REFERENCE.md): QR version ≤ 13 (69 modules) at level M. */
export const OFFLINE_CONTACT_MAX_BYTES = 300;

export type OfflineContactInput = {
  name?: string;
  organisation: string;
  title?: string;
  /** In order of importance; at most two are kept. */
  phones: { number: string; type: "CELL" | "WORK" }[];
  email?: string;
  /** The card's public link. */
  cardUrl: string;
  /** upi://pay?… when the card has a UPI id. */
  upiUrl?: string | null;
};

const bytes = (s: string) => Buffer.byteLength(s, "utf8");

/**
 * The smallest useful vCard under the byte budget: name, organisation, phones, e-mail, the card
 * link and the UPI link; when too long, the least needed parts go first (title, second phone,
 * e-mail, card link, UPI link). No photo, no address: they make the code too dense to print.
 */
export function offlineContactVCard(c: OfflineContactInput): string {
  const seen = new Set<string>();
  const phones = c.phones.filter((p) => p.number.trim() && !seen.has(p.number) && seen.add(p.number)).slice(0, 2);
  const parts: { title?: string; phone2?: (typeof phones)[number]; email?: string; cardUrl?: string; upiUrl?: string } = { title: c.title, phone2: phones[1], email: c.email, cardUrl: c.cardUrl, upiUrl: c.upiUrl ?? undefined };
  const make = () =>
    buildVCard({
      name: c.name,
      organisation: c.organisation,
      title: parts.title,
      phones: [phones[0], parts.phone2].filter((p) => p !== undefined),
      emails: parts.email ? [parts.email] : [],
      urls: [parts.cardUrl, parts.upiUrl].filter((u): u is string => !!u),
    });
  let vcard = make();
  // The UPI link goes last: the kit's second code carries it anyway.
  for (const drop of ["title", "phone2", "email", "cardUrl", "upiUrl"] as const) {
    if (bytes(vcard) <= OFFLINE_CONTACT_MAX_BYTES) break;
    parts[drop] = undefined;
    vcard = make();
  }
  return vcard;
}
