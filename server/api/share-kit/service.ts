import type { Db } from "#server/db/client.ts";
import type { Actor } from "#server/auth/roles.ts";
import type { Config } from "#server/config.ts";
import { notFound } from "#server/api/lib/errors.ts";
import { cardsOfBusiness } from "#server/api/cards/service.ts";
import { shareKitOfCard } from "#server/api/public-card/service.ts";
import { isLight } from "#contracts/format.ts";
import { posterPdf } from "#server/services/pdf/index.ts";
import { walletSaveUrl } from "#server/services/google-wallet.ts";

export const NO_CARD = "This business has no digital card yet.";

/** The business's card and its kit, for an actor who may see the business (404 otherwise). */
async function kitOf(db: Db, actor: Actor, agencyId: number, businessId: number, origin: string, now: Date) {
  const [card] = await cardsOfBusiness(db, actor, agencyId, businessId);
  if (!card) throw notFound(NO_CARD);
  const publicUrl = `${origin}/${card.cardId}`;
  const kit = await shareKitOfCard(db, agencyId, card.cardId, publicUrl, now);
  if (!kit) throw notFound(NO_CARD);
  return { cardId: card.cardId, publicUrl, ...kit };
}

/** What the owner's share kit page shows: the card, whether it has UPI, the Wallet link if the operator set Wallet up. */
export async function shareKit(db: Db, config: Pick<Config, "googleWallet">, actor: Actor, agencyId: number, businessId: number, origin: string, now: Date) {
  const k = await kitOf(db, actor, agencyId, businessId, origin, now);
  const b = k.card.basic;
  const logo = k.card.logoUrl ?? k.card.profileImageUrl;
  const logoUrl = logo?.startsWith("https://") ? logo : logo?.startsWith("/") && origin.startsWith("https://") ? `${origin}${logo}` : undefined;
  const walletUrl = config.googleWallet
    ? walletSaveUrl(
        config.googleWallet,
        {
          cardId: k.cardId,
          agencyId,
          businessName: b.companyName,
          name: b.name,
          title: b.designation,
          phone: b.phoneNumber,
          email: b.email,
          upiId: k.card.payment.upiId,
          publicUrl: k.publicUrl,
          color: k.card.themeColor,
          logoUrl,
        },
        now,
        [origin],
      )
    : null;
  return { cardId: k.cardId, publicUrl: k.publicUrl, live: k.live, hasUpi: !!k.upi, walletUrl };
}

/** The A6 counter poster PDF. */
export async function sharePoster(db: Db, actor: Actor, agencyId: number, businessId: number, origin: string, now: Date) {
  const k = await kitOf(db, actor, agencyId, businessId, origin, now);
  const b = k.card.basic;
  const bytes = await posterPdf({
    businessName: b.companyName,
    tagline: b.tagline,
    contact: k.contact,
    upi: k.upi && k.card.payment.upiId ? { url: k.upi, id: k.card.payment.upiId } : null,
    cardUrl: k.publicUrl,
    phone: b.phoneNumber,
    color: isLight(k.card.themeColor) ? "#111827" : k.card.themeColor,
  });
  return { cardId: k.cardId, bytes };
}
