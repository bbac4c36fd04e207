import { CATALOGUES } from "#contracts/i18n/messages.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import type { Language } from "#contracts/i18n/languages.ts";

/**
 * The SMS that invites an imported business's owner to set a password (queued by sendOwnerInvites
 * in the outbox, ADR 0053): the agency, the shop (and how many more), and the way in. In the
 * agency's default language: the owner has chosen none yet (issue 24).
 */
export function ownerInvitationText(input: { agencyName: string; host: string; businessName: string; more: number; language: Language }) {
  const t = CATALOGUES[input.language].outbound;
  const business = input.more > 0 ? fmt(t.ownerInviteMore, { business: input.businessName, more: input.more }) : input.businessName;
  return fmt(t.ownerInvite, { agency: input.agencyName, business, host: input.host });
}
