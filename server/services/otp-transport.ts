import fs from "node:fs";
import path from "node:path";
import type { Logger } from "./logger.ts";
import { ProviderBusy, retryAfterSeconds } from "./send-pace.ts";

/** `subject`: an e-mail's subject line (a sign-in code's when absent). */
export type OutgoingMessage = { channel: "sms" | "email"; to: string; text: string; subject?: string };

/** Sends one-time codes. Real transports in production; an outbox file in development and tests. */
export interface OtpTransport {
  send(message: OutgoingMessage): Promise<void>;
}

/** Appends `{channel, to, text, createdAt}` as one JSON line to DATA_DIR/outbox.jsonl. */
export function outboxTransport(dataDir: string, logger: Logger): OtpTransport {
  const file = path.join(dataDir, "outbox.jsonl");
  return {
    async send(message) {
      await fs.promises.mkdir(dataDir, { recursive: true });
      const line = JSON.stringify({ ...message, createdAt: new Date().toISOString() });
      await fs.promises.appendFile(file, line + "\n");
      logger.info(`[outbox] ${message.channel} to ${message.to}: ${message.text}`);
    },
  };
}

/** Email over SMTP (nodemailer). */
export async function smtpTransport(smtpUrl: string, from: string): Promise<OtpTransport> {
  const nodemailer = await import("nodemailer");
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject ?? "Your sign-in code", text: message.text });
    },
  };
}

/**
 * SMS through an HTTP provider: POST JSON `{to, message, sender}` with a bearer key. A 429 is
 * ProviderBusy (nothing was sent; the outbox waits its Retry-After and tries again).
 * Indian DLT-registered providers (MSG91, Gupshup…) take this shape behind a small adapter.
 */
export function httpSmsTransport(opts: { url: string; apiKey?: string; senderId: string; timeoutMs?: number }): OtpTransport {
  return {
    async send(message) {
      const res = await fetch(opts.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
        },
        body: JSON.stringify({ to: `+91${message.to}`, message: message.text, sender: opts.senderId }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      if (res.status === 429) throw new ProviderBusy("SMS provider answered 429 (too many requests)", retryAfterSeconds(res.headers.get("retry-after")));
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
    },
  };
}

/** Routes each message to the transport for its channel. */
export function channelRouter(transports: { sms: OtpTransport; email: OtpTransport }): OtpTransport {
  return { send: (m) => transports[m.channel].send(m) };
}
