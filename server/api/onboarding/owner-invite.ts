/**
 * The SMS that invites an imported business's owner to set a password (queued by sendOwnerInvites
 * in the outbox, ADR 0053): the agency, the shop (and how many more), and the way in.
 */
export function ownerInvitationText(input: { agencyName: string; host: string; businessName: string; more: number }) {
  const what = input.more > 0 ? `${input.businessName} and ${input.more} more` : input.businessName;
  return `${input.agencyName} made a digital card for ${what}. To manage it, open ${input.host}, tap "Forgot password" and enter this number: we will send you an OTP to set your password.`;
}
