/**
 * A business's one logo (issue 22, ADR 0037): the logo uploaded in the card editor's Basic details
 * (the card's `logoUrl`), else the business's "Logo link" field. The card page, the greetings'
 * frame, the PDF ID card, the promotional videos and the customer's home all read it through this
 * rule (on the server through `businessLogoUrl` in server/api/business/service.ts), so an upload
 * shows everywhere. Zod-free: the card view in the browser uses it too.
 */
export function businessLogo(cardLogoUrl: string | null | undefined, businessLogoUrl: string | null | undefined): string | null {
  for (const url of [cardLogoUrl, businessLogoUrl]) if (typeof url === "string" && url.trim() !== "") return url.trim();
  return null;
}
