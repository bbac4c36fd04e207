import type { Deps } from "#server/api/lib/env.ts";

/**
 * The SMS that invites an imported business's owner to set a password. It goes through the same
 * transport as sign-in OTPs (server/services/otp-transport.ts) and is the one place that does,
 * so it can move to the shared outbound-message module (issue 25) as one function.
 */
export async function sendOwnerInvitationSms(
  deps: Pick<Deps, "otpTransport">,
  input: { phone: string; agencyName: string; host: string; businessName: string; more: number },
) {
  const what = input.more > 0 ? `${input.businessName} and ${input.more} more` : input.businessName;
  const text = `${input.agencyName} made a digital card for ${what}. To manage it, open ${input.host}, tap "Forgot password" and enter this number: we will send you an OTP to set your password.`;
  await deps.otpTransport.send({ channel: "sms", to: input.phone, text });
}
