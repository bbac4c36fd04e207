import crypto from "node:crypto";

/**
 * "Save to Google Wallet" for a card as a generic pass (ADR 0064): a JWT signed RS256 with the
 * operator's service-account key, embedding the pass class and object, behind
 * https://pay.google.com/gp/v/save/. Google checks the signature when the visitor opens it; no
 * call to Google is made here.
 */
export type WalletSigner = { issuerId: string; clientEmail: string; privateKey: string };

export type WalletCard = {
  /** The card's id (the pass object's id: one pass per card, re-saving updates it). */
  cardId: string;
  agencyId: number;
  businessName: string;
  name?: string;
  title?: string;
  phone?: string;
  email?: string;
  upiId?: string;
  publicUrl: string;
  /** #rrggbb */
  color: string;
  /** An absolute https URL of the logo, when there is one (Google fetches it). */
  logoUrl?: string;
};

export const WALLET_SAVE_URL = "https://pay.google.com/gp/v/save/";

const b64url = (v: string | Buffer) => Buffer.from(v).toString("base64url");
/** Wallet ids: issuerId.suffix, the suffix in [A-Za-z0-9._-]. */
const idPart = (s: string) => s.replace(/[^\w.-]/g, "_");
const text = (value: string) => ({ defaultValue: { language: "en-IN", value } });

export function walletPass(issuerId: string, card: WalletCard) {
  const classId = `${issuerId}.card-panel-business-card`;
  const rows = [
    card.phone ? { id: "phone", header: "Phone", body: card.phone } : null,
    card.email ? { id: "email", header: "Email", body: card.email } : null,
    card.upiId ? { id: "upi", header: "UPI ID", body: card.upiId } : null,
  ].filter((r) => r !== null);
  return {
    genericClasses: [{ id: classId }],
    genericObjects: [
      {
        id: `${issuerId}.${idPart(`a${card.agencyId}-${card.cardId}`)}`,
        classId,
        state: "ACTIVE",
        cardTitle: text(card.businessName),
        header: text(card.name || card.businessName),
        ...(card.title ? { subheader: text(card.title) } : {}),
        hexBackgroundColor: card.color,
        ...(card.logoUrl ? { logo: { sourceUri: { uri: card.logoUrl }, contentDescription: text(card.businessName) } } : {}),
        barcode: { type: "QR_CODE", value: card.publicUrl, alternateText: card.publicUrl.replace(/^https?:\/\//, "") },
        textModulesData: rows,
        linksModuleData: { uris: [{ uri: card.publicUrl, description: "Open the digital card", id: "card" }] },
      },
    ],
  };
}

/** The signed "Save to Google Wallet" link. `origins`: the sites allowed to show the button. */
export function walletSaveUrl(signer: WalletSigner, card: WalletCard, now: Date, origins: string[] = []) {
  const header = { alg: "RS256", typ: "JWT" };
  const claims = {
    iss: signer.clientEmail,
    aud: "google",
    typ: "savetowallet",
    iat: Math.floor(now.getTime() / 1000),
    origins,
    payload: walletPass(signer.issuerId, card),
  };
  const signingInput = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  const signature = crypto.createSign("RSA-SHA256").update(signingInput).sign(signer.privateKey);
  return `${WALLET_SAVE_URL}${signingInput}.${b64url(signature)}`;
}
