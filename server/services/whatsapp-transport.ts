/**
 * WhatsApp Business Cloud API (Meta Graph API): one text message to one number, with the agency's
 * own phone number id and access token (ADR 0053). Tests point `apiUrl` at a loopback stand-in.
 *
 *   POST {apiUrl}/{phoneNumberId}/messages
 *   { messaging_product: "whatsapp", to: "91XXXXXXXXXX", type: "text", text: { body } }
 *   { …, type: "template", template: { name, language, components } }   (sendWhatsappTemplate)
 *   GET {apiUrl}/{phoneNumberId}   (checkWhatsappCredentials, before saving them)
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

const international = (to: string) => (/^\d{10}$/.test(to) ? `91${to}` : to);

export async function sendWhatsappText(opts: { apiUrl: string; timeoutMs?: number }, creds: WhatsappCredentials, to: string, body: string): Promise<string | null> {
  return post(opts, creds, { messaging_product: "whatsapp", recipient_type: "individual", to: international(to), type: "text", text: { preview_url: true, body } });
}

async function post(opts: { apiUrl: string; timeoutMs?: number }, creds: WhatsappCredentials, message: object): Promise<string | null> {
  const res = await fetch(`${opts.apiUrl.replace(/\/$/, "")}/${encodeURIComponent(creds.phoneNumberId)}/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${creds.accessToken}` },
    body: JSON.stringify(message),
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

/**
 * One approved template message (what a business may start a conversation with):
 *   { type: "template", template: { name, language: { code }, components: [{ type: "body", parameters: [{ type: "text", text }] }] } }
 * A parameter may not hold a new line, a tab or more than four spaces in a row: they are folded.
 */
export async function sendWhatsappTemplate(
  opts: { apiUrl: string; timeoutMs?: number },
  creds: WhatsappCredentials,
  to: string,
  template: { name: string; language: string; params: readonly string[] },
): Promise<string | null> {
  const parameters = template.params.map((p) => ({ type: "text", text: p.replace(/\s+/g, " ").trim().slice(0, 1000) || "-" }));
  return post(opts, creds, {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: international(to),
    type: "template",
    template: { name: template.name, language: { code: template.language }, components: parameters.length ? [{ type: "body", parameters }] : [] },
  });
}

/**
 * Checks an agency's credentials before they are saved: GET /{phone-number-id} with the token.
 * Answers the number WhatsApp shows, or why not (a wrong token, an unknown id, no answer).
 */
export async function checkWhatsappCredentials(opts: { apiUrl: string; timeoutMs?: number }, creds: WhatsappCredentials): Promise<{ ok: true; displayPhoneNumber: string | null } | { ok: false; reason: "token" | "number" | "unreachable" }> {
  let res: Response;
  try {
    res = await fetch(`${opts.apiUrl.replace(/\/$/, "")}/${encodeURIComponent(creds.phoneNumberId)}?fields=display_phone_number,verified_name`, {
      headers: { authorization: `Bearer ${creds.accessToken}` },
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
  } catch {
    return { ok: false, reason: "unreachable" };
  }
  if (res.ok) {
    const json = (await res.json().catch(() => null)) as { display_phone_number?: string } | null;
    return { ok: true, displayPhoneNumber: json?.display_phone_number ?? null };
  }
  const detail = await res.text().catch(() => "");
  // Meta: 401 / OAuthException code 190 is the token; 400/404 with code 100 an id it does not know.
  if (res.status === 401 || /"code"\s*:\s*190\b/.test(detail)) return { ok: false, reason: "token" };
  if (res.status >= 400 && res.status < 500) return { ok: false, reason: "number" };
  return { ok: false, reason: "unreachable" };
}
