import type { Context } from "hono";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { AgencyRow, otpChallenges } from "#server/db/schema/core.ts";
import type { Actor } from "#server/auth/roles.ts";
import type { AccountLoader, SessionCache } from "#server/auth/session.ts";
import type { OtpTransport } from "#server/services/otp-transport.ts";
import type { Logger } from "#server/services/logger.ts";
import type { Storage } from "#server/services/storage/index.ts";
import type { PaymentGateway } from "#server/services/payment-gateway/index.ts";
import type { DomainProbe } from "#server/services/domain-probe.ts";
import type { JobQueue } from "#server/services/queue/index.ts";
import type { PasswordHasher } from "#server/auth/password.ts";

/** A pending sign-in (server/api/lib/pending-signin.ts); declared here so the context type needs no import back. */
export type Challenge = typeof otpChallenges.$inferSelect;

export type { AgencyRow };

/** What every handler can reach: created once at start (tests create their own). */
export type Deps = {
  db: Db;
  config: Config;
  otpTransport: OtpTransport;
  logger: Logger;
  now: () => Date;
  /** Argon2id at production cost; tests inject a cheap cost, as they inject the clock. */
  passwords: PasswordHasher;
  /** Uploaded files (local disk or S3-compatible). */
  storage: Storage;
  /** Razorpay, or the built-in test gateway; null when online payment is unavailable (ADR 0015). */
  paymentGateway: PaymentGateway | null;
  /** DNS and HTTP for the custom-domain check (ADR 0018); tests point it at a loopback stand-in. */
  domainProbe: DomainProbe;
  /** Background jobs (ADR 0022); null where no queue runs (scripts, benches). */
  queue: JobQueue | null;
  /** Report 5xx errors (Sentry when configured). */
  onServerError?: (err: unknown) => void;
};

export type ApiEnv = {
  Variables: {
    deps: Deps;
    agency: AgencyRow;
    actor: Actor;
    /** The signed-in account's row, read at most once per request. */
    account: AccountLoader;
    sessionCache: SessionCache;
    /** This browser's pending sign-in, on routes with `access.pending` (set by registerRoutes). */
    challenge: Challenge;
    /** Browser is on https (directly or behind a trusted proxy): pick __Host- cookies. */
    secure: boolean;
    clientIp: string;
    /** Names this request in logs and in a 500's body (x-request-id). */
    requestId: string;
  };
};

export type ApiContext = Context<ApiEnv>;
