import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { Deps } from "./api/lib/env.ts";
import type { Logger } from "./services/logger.ts";
import { createPasswordHasher } from "./auth/password.ts";
import { createStorage } from "./services/storage/create.ts";
import { createPaymentGateway } from "./services/payment-gateway/index.ts";
import { httpDomainProbe, isLoopbackName } from "./services/domain-probe.ts";
import { channelRouter, httpSmsTransport, outboxTransport, smtpTransport, type OtpTransport } from "./services/otp-transport.ts";

/** Pick the OTP transport: the outbox file in development/tests, SMTP + HTTP SMS when configured. */
export async function createOtpTransport(config: Config, logger: Logger): Promise<OtpTransport> {
  const outbox = outboxTransport(config.dataDir, logger);
  if (config.useOutbox) return outbox;
  const email = config.SMTP_URL ? await smtpTransport(config.SMTP_URL, config.SMTP_FROM) : outbox;
  const sms = config.SMS_API_URL
    ? httpSmsTransport({ url: config.SMS_API_URL, apiKey: config.SMS_API_KEY, senderId: config.SMS_SENDER_ID })
    : outbox;
  return channelRouter({ sms, email });
}

export async function createDeps(config: Config, db: Db, logger: Logger, extra: Partial<Deps> = {}): Promise<Deps> {
  return {
    db,
    config,
    logger,
    otpTransport: await createOtpTransport(config, logger),
    now: () => new Date(),
    passwords: createPasswordHasher(),
    storage: createStorage(config),
    paymentGateway: createPaymentGateway(config, db),
    // A *.localhost agency is this machine: its domain check reaches our own port (ADR 0018).
    domainProbe: httpDomainProbe({ port: (host) => (isLoopbackName(host) ? config.PORT : 80), allowLoopbackNames: !config.productionLike }),
    queue: null,
    ...extra,
  };
}
