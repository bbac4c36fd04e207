/**
 * WhatsApp Business Cloud API (Meta Graph API): one text message to one number, with the agency's
 * own phone number id and access token (ADR 0053). Tests point `apiUrl` at a loopback stand-in.
 *
 *   POST {apiUrl}/{phoneNumberId}/messages
 *   { messaging_product: "whatsapp", to: "91XXXXXXXXXX", type: "text", text: { body } }
 */
import { ProviderBusy, retryAfterSeconds } from "./send-pace.ts";

export type WhatsappCredentials = { phoneNumberId: string; accessToken: string };

export class WhatsappError extends Error {
  constructor(
    message: string,
    /** 4xx other than 429: the same request will fail again (bad token, bad number). */
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export async function sendWhatsappText(opts: { apiUrl: string; timeoutMs?: number }, creds: WhatsappCredentials, to: string, body: string): Promise<string | null> {
  const res = await fetch(`${opts.apiUrl.replace(/\/$/, "")}/${encodeURIComponent(creds.phoneNumberId)}/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${creds.accessToken}` },
    body: JSON.stringify({ messaging_product: "whatsapp", recipient_type: "individual", to: /^\d{10}$/.test(to) ? `91${to}` : to, type: "text", text: { preview_url: true, body } }),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
  });
  if (!res.ok) {
    const detail = await res.text().catch(() => "");
    // Meta's throughput limits: HTTP 429, or error 130429 (rate limit hit) / 131056 (pair rate limit).
    if (res.status === 429 || /"code"\s*:\s*(130429|131056)\b/.test(detail))
      throw new ProviderBusy(`WhatsApp API answered ${res.status} (too many messages)`, retryAfterSeconds(res.headers.get("retry-after"), Date.now(), 60));
    throw new WhatsappError(`WhatsApp API answered ${res.status}${detail ? `: ${detail.slice(0, 200)}` : ""}`, res.status >= 400 && res.status < 500 && res.status !== 429);
  }
  const json = (await res.json().catch(() => null)) as { messages?: { id?: string }[] } | null;
  return json?.messages?.[0]?.id ?? null;
}
