import { fmt } from "#contracts/i18n/fmt.ts";

/**
 * An upload's size refusal in the page's language ("The photo is 6.2 MB; the limit is 5 MB."):
 * its figures are sizes, which `errors` patterns (digits only) cannot match, so the page's own
 * words fill it (ADR 0066). Any other message is returned as it came (the API translated it).
 */
export function uploadRefusalIn(message: string, words: { photoTooLarge: string }): string {
  const m = /^The photo is (.+); the limit is (.+)\.$/.exec(message);
  return m ? fmt(words.photoTooLarge, { size: m[1], limit: m[2] }) : message;
}
