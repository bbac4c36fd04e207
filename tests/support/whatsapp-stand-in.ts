/**
 * A stand-in for the WhatsApp Business Cloud API (Meta Graph API) on loopback: the one call we
 * make, POST /{phone-number-id}/messages with a bearer token, in Meta's shapes and error bodies.
 *
 *   const wa = await startWhatsappStandIn();
 *   const t = await createTestApi({ env: wa.env });
 *   wa.failNext(1, 500);   // the next call answers 500 (429: Meta's rate limit, Retry-After: 30)
 *   wa.sent               // what reached "WhatsApp"
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export const WA_PHONE_NUMBER_ID = "106540352242922";
export const WA_TOKEN = "EAAstandin0001tokenforthetests";
export const WA_DISPLAY_NUMBER = "+91 98765 43210";

export async function startWhatsappStandIn(opts: { port?: number } = {}) {
  /** body: a text message's; template: a template message's name, language and body parameters. */
  const sent: { phoneNumberId: string; to: string; body: string | null; template?: { name: string; language: string; params: string[] } }[] = [];
  let failures = { count: 0, status: 500 };
  let seq = 0;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const number = /^\/v21\.0\/([^/?]+)(\?.*)?$/.exec(req.url ?? "");
      if (req.method === "GET" && number) {
        // The credentials check: the number's details, for its own token only.
        if (req.headers.authorization !== `Bearer ${WA_TOKEN}`) return answer(401, { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } });
        if (decodeURIComponent(number[1]!) !== WA_PHONE_NUMBER_ID)
          return answer(400, { error: { message: `Unsupported get request. Object with ID '${number[1]}' does not exist`, type: "GraphMethodException", code: 100 } });
        return answer(200, { display_phone_number: WA_DISPLAY_NUMBER, verified_name: "Card Panel Demo", id: WA_PHONE_NUMBER_ID });
      }
      const m = /^\/v21\.0\/([^/]+)\/messages$/.exec(req.url ?? "");
      if (req.method !== "POST" || !m) return answer(404, { error: { message: "Unknown path", type: "OAuthException", code: 803 } });
      if (failures.count > 0) {
        failures.count--;
        if (failures.status === 429) {
          res.setHeader("retry-after", "30");
          return answer(429, { error: { message: "(#130429) Rate limit hit", type: "OAuthException", code: 130429 } });
        }
        return answer(failures.status, { error: { message: "Service temporarily unavailable", type: "OAuthException", code: 2 } });
      }
      if (req.headers.authorization !== `Bearer ${WA_TOKEN}`) return answer(401, { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } });
      const body = JSON.parse(raw || "{}") as {
        messaging_product?: string;
        to?: string;
        type?: string;
        text?: { body?: string };
        template?: { name?: string; language?: { code?: string }; components?: { type: string; parameters?: { type: string; text?: string }[] }[] };
      };
      const invalid = () => answer(400, { error: { message: "(#100) Invalid parameter", type: "OAuthException", code: 100 } });
      if (body.messaging_product !== "whatsapp" || !body.to) return invalid();
      if (body.type === "template") {
        const params = body.template?.components?.find((c) => c.type === "body")?.parameters?.map((p) => p.text ?? "") ?? [];
        // Meta refuses a parameter with a new line, a tab or more than four spaces in a row.
        if (!body.template?.name || !body.template.language?.code || params.some((p) => /[\n\t]| {5,}/.test(p) || !p)) return invalid();
        sent.push({ phoneNumberId: decodeURIComponent(m[1]!), to: body.to, body: null, template: { name: body.template.name, language: body.template.language.code, params } });
      } else {
        if (body.type !== "text" || !body.text?.body) return invalid();
        sent.push({ phoneNumberId: decodeURIComponent(m[1]!), to: body.to, body: body.text.body });
      }
      answer(200, { messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.SI${++seq}` }] });
    });
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  return {
    url,
    env: { WHATSAPP_API_URL: url },
    sent,
    failNext(count: number, status = 500) {
      failures = { count, status };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
