import { z } from "zod";
import net from "node:net";
import path from "node:path";

/**
 * Configuration comes only from the environment and is validated once at start.
 * Development and `npm start` on localhost need no settings; production refuses to
 * run without a session secret or a real OTP transport.
 */
const bool = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1");

export const LOCAL_HOSTS = ["localhost", "127.0.0.1", "::1", "[::1]"];

/**
 * Could people on the internet reach a server listening here? All interfaces (0.0.0.0, ::) and
 * any name or address outside loopback and private ranges (LAN, link-local) count as public.
 */
export function isPublicAddress(host: string) {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");
  if (h === "localhost" || h.endsWith(".localhost")) return false;
  if (net.isIPv4(h)) {
    const [a, b] = h.split(".").map(Number);
    const loopbackOrPrivate = a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
    return !loopbackOrPrivate;
  }
  if (net.isIPv6(h)) return !(h === "::1" || /^f[cd]/.test(h) || /^fe[89ab]/.test(h));
  return true; // a name: it may resolve to anything
}

/** Loopback only: `localhost`, `*.localhost`, 127.0.0.0/8, ::1. A LAN address is not loopback. */
export function isLoopbackHost(host: string) {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");
  if (h === "localhost" || h.endsWith(".localhost")) return true;
  if (net.isIPv4(h)) return h.startsWith("127.");
  return h === "::1";
}

/**
 * Production-like (issue 22 L10): production on a real MAIN_HOST, or listening anywhere beyond
 * loopback unless DEMO_MODE asks for the demo explicitly. Production-like needs a session secret
 * and real OTP transports, and has no built-in test gateway.
 */
function isProductionLike(e: { NODE_ENV: string; MAIN_HOST: string; HOST?: string; DEMO_MODE?: boolean }) {
  const realHost = e.NODE_ENV === "production" && !LOCAL_HOSTS.includes(e.MAIN_HOST);
  return realHost || (e.HOST !== undefined && !isLoopbackHost(e.HOST) && !e.DEMO_MODE);
}

/** The fields of a Google service account's JSON key that signing needs. */
const walletKeySchema = z.object({
  client_email: z.string().email(),
  private_key: z.string().includes("PRIVATE KEY"),
});

const DATABASE_URL_MESSAGE = "DATABASE_URL must be a postgres:// or postgresql:// URL, like postgres://user:password@host:5432/cardpanel.";

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Where to listen. Default: 127.0.0.1 with demo data, all interfaces (0.0.0.0) without. */
    HOST: z.string().min(1).optional(),
    /** The demo (development session secret, test gateway, OTP outbox) on a non-loopback HOST: only when asked for. */
    DEMO_MODE: bool.default(false),
    DATA_DIR: z.string().default("./data"),
    /** PostgreSQL only (issue 22 L5: mysql:// was taken for PostgreSQL and failed later with a stack). */
    DATABASE_URL: z
      .string()
      .refine((v) => /^postgres(ql)?:\/\/[^\s]+$/.test(v) && URL.canParse(v), DATABASE_URL_MESSAGE)
      .optional(),
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
    MAIN_HOST: z.string().default("localhost"),
    /** Public origin used in links (defaults to http://MAIN_HOST:PORT). */
    PUBLIC_URL: z.string().url().optional(),
    /** Trust X-Forwarded-Proto / X-Forwarded-For from a reverse proxy. */
    TRUST_PROXY: bool.default(false),
    /** On SIGTERM, seconds of answering 503 on /readyz (while still serving) before closing; default 5 behind a proxy, else 0. */
    DRAIN_SECONDS: z.coerce.number().int("DRAIN_SECONDS must be a whole number of seconds").min(0).max(120).optional(),
    /** What one customer may add themselves (ADR 0041; defaults 20 an hour, 100 in all). */
    CUSTOMER_BUSINESSES_PER_HOUR: z.coerce.number().int().min(1).optional(),
    CUSTOMER_BUSINESSES_TOTAL: z.coerce.number().int().min(1).optional(),
    /** The panel reaches the API over the network instead of in-process (needs PANEL_API_SECRET). */
    API_URL: z.string().url().optional(),
    /** Shared by panel and API when split: the API trusts the panel's x-panel-* headers only with it. */
    PANEL_API_SECRET: z.string().min(32, "PANEL_API_SECRET must be at least 32 characters").optional(),
    SENTRY_DSN: z.string().url().optional(),
    RAZORPAY_KEY_ID: z.string().optional(),
    RAZORPAY_KEY_SECRET: z.string().optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
    /** Where the Razorpay SDK sends its calls (it adds /v1): a sandbox, a proxy, or a stand-in in tests. */
    RAZORPAY_API_URL: z.string().url("RAZORPAY_API_URL must be a URL like https://api.razorpay.com").default("https://api.razorpay.com"),
    SMTP_URL: z.string().url("SMTP_URL must look like smtp://user:pass@host:587").optional(),
    SMTP_FROM: z.string().default("Card Panel <no-reply@localhost>"),
    SMS_API_URL: z.string().url().optional(),
    SMS_API_KEY: z.string().optional(),
    SMS_SENDER_ID: z.string().default("CARDPN"),
    /**
     * Sends per second per channel in each server process (server/services/send-pace.ts): the
     * provider account's rate (divided by the number of processes). 0 = unpaced.
     */
    SMS_SENDS_PER_SECOND: z.coerce.number().min(0).default(20),
    EMAIL_SENDS_PER_SECOND: z.coerce.number().min(0).default(10),
    WHATSAPP_SENDS_PER_SECOND: z.coerce.number().min(0).default(20),
    /** WhatsApp Business Cloud API (Graph API) base, version included; agencies set their own number and token (ADR 0053). */
    WHATSAPP_API_URL: z.string().url("WHATSAPP_API_URL must be a URL like https://graph.facebook.com/v21.0").default("https://graph.facebook.com/v21.0"),
    /** Development/test only: write OTP messages to DATA_DIR/outbox.jsonl. */
    OTP_OUTBOX: bool.optional(),
    /** Demo data on an empty database: on by default except in production on a real host. */
    SEED_ON_EMPTY: bool.optional(),
    /** Production's first start: the platform agency's first admin (signs in with an OTP). */
    BOOTSTRAP_ADMIN_PHONE: z.string().regex(/^[6-9]\d{9}$/, "BOOTSTRAP_ADMIN_PHONE must be a 10-digit Indian mobile number").optional(),
    BOOTSTRAP_AGENCY_NAME: z.string().min(1).default("Card Panel"),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
    /** Uploaded files: DATA_DIR/uploads (local) or an S3-compatible bucket (s3, needs the S3_* settings). */
    STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
    S3_ENDPOINT: z.string().url("S3_ENDPOINT must be a URL like https://s3.ap-south-1.amazonaws.com").optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Public base URL of the bucket or its CDN; without it files are served through /uploads. */
    S3_PUBLIC_URL: z.string().url("S3_PUBLIC_URL must be a URL").optional(),
    S3_FORCE_PATH_STYLE: bool.default(true),
    /** "Save to Google Wallet" (ADR 0064): the Wallet issuer id and the service account's JSON key; both or neither (the link is hidden without them). */
    GOOGLE_WALLET_ISSUER_ID: z.string().regex(/^\d{10,25}$/, "GOOGLE_WALLET_ISSUER_ID must be the issuer's number from the Google Pay & Wallet console").optional(),
    GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: z
      .string()
      .transform((v, ctx) => {
        const key = walletKeySchema.safeParse((() => { try { return JSON.parse(v) as unknown; } catch { return null; } })());
        if (key.success) return key.data;
        ctx.addIssue({ code: "custom", message: "GOOGLE_WALLET_SERVICE_ACCOUNT_KEY must be the service account's JSON key (with client_email and private_key)." });
        return z.NEVER;
      })
      .optional(),
    /** The ffmpeg to brand greeting videos with; default: the system's on PATH, else the npm package's (ADR 0022). */
    FFMPEG_PATH: z.string().min(1).optional(),
    /**
     * Draw the greeting starter library (84 posts) on the queue at the first start (issue 26, ADR
     * 0073). "off" leaves it for a later start: the browser suites' servers, which test the
     * library through the API suite and would otherwise share their cores with its drawing.
     */
    STARTER_LIBRARY: z.enum(["on", "off"]).default("on"),
    /**
     * Draw the previews of video templates that have none (the seeded ones) at start (issue 26,
     * ADR 0073). "off" leaves them for a later start; a saved template still gets its preview.
     * For servers whose tests never look at them (the scale-out cluster, the PostgreSQL flows),
     * where two ffmpeg renders would share the cores with every request for the first half minute.
     */
    TEMPLATE_PREVIEWS: z.enum(["on", "off"]).default("on"),
  })
  .superRefine((env, ctx) => {
    if (env.API_URL && !env.PANEL_API_SECRET) {
      ctx.addIssue({ code: "custom", path: ["PANEL_API_SECRET"], message: "API_URL needs PANEL_API_SECRET (the same value on panel and API)." });
    }
    if (env.STORAGE_DRIVER === "s3") {
      for (const k of ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[k]) ctx.addIssue({ code: "custom", path: [k], message: `STORAGE_DRIVER=s3 needs ${k}.` });
      }
    }
    if (env.SEED_ON_EMPTY && env.HOST && isPublicAddress(env.HOST)) {
      ctx.addIssue({ code: "custom", path: ["SEED_ON_EMPTY"], message: `SEED_ON_EMPTY would create demo accounts with a published password on a public address (HOST=${env.HOST}). Listen on 127.0.0.1 or a private address, or use BOOTSTRAP_ADMIN_PHONE.` });
    }
    if (!env.GOOGLE_WALLET_ISSUER_ID !== !env.GOOGLE_WALLET_SERVICE_ACCOUNT_KEY) {
      ctx.addIssue({ code: "custom", path: ["GOOGLE_WALLET_ISSUER_ID"], message: "Set GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT_KEY together (or neither)." });
    }
    if (!env.RAZORPAY_KEY_ID !== !env.RAZORPAY_KEY_SECRET) {
      ctx.addIssue({ code: "custom", path: ["RAZORPAY_KEY_SECRET"], message: "Set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET together (or neither)." });
    }
    // `npm start` on a laptop runs in production mode on localhost: not production-like.
    if (!isProductionLike(env)) return;
    if (!env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "SESSION_SECRET is required in production (32+ random characters)." });
    }
    if (env.SEED_ON_EMPTY) {
      ctx.addIssue({ code: "custom", path: ["SEED_ON_EMPTY"], message: "SEED_ON_EMPTY would create demo accounts with a published password: not in production. Use BOOTSTRAP_ADMIN_PHONE." });
    }
    if (env.OTP_OUTBOX || !(env.SMTP_URL && env.SMS_API_URL)) {
      ctx.addIssue({ code: "custom", path: ["SMS_API_URL"], message: "Production needs real OTP transports: set SMS_API_URL (+ SMS_API_KEY) and SMTP_URL, and unset OTP_OUTBOX." });
    }
    // A payment whose tab closed is granted only by the webhook: keys without its secret lose money.
    if (env.RAZORPAY_KEY_ID && !env.RAZORPAY_WEBHOOK_SECRET) {
      ctx.addIssue({ code: "custom", path: ["RAZORPAY_WEBHOOK_SECRET"], message: "RAZORPAY_WEBHOOK_SECRET is required in production with Razorpay keys (Dashboard → Webhooks, URL /api/v1/razorpay/webhook)." });
    }
  });

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`);
    // One problem, one line; several, one line each.
    throw new Error(lines.length === 1 ? `Invalid configuration: ${lines[0]}` : `Invalid configuration:\n${lines.map((l) => `  - ${l}`).join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const productionLike = isProductionLike(e);
  // Demo accounts have a published password: never on their own on a public address.
  const seedDemoData = e.SEED_ON_EMPTY ?? (!productionLike && !(e.HOST && isPublicAddress(e.HOST)));
  return {
    ...e,
    dataDir,
    isProduction: e.NODE_ENV === "production",
    productionLike,
    seedDemoData,
    /** "demo": demo data, loopback only unless HOST says otherwise; "production": real accounts only. */
    mode: seedDemoData ? ("demo" as const) : ("production" as const),
    listenHost: e.HOST ?? (seedDemoData ? "127.0.0.1" : "0.0.0.0"),
    publicUrl: e.PUBLIC_URL ?? `http://${e.MAIN_HOST}:${e.PORT}`,
    // Outbox is the default wherever no real transport is configured (never in real production: refused above).
    useOutbox: e.OTP_OUTBOX ?? !(e.SMTP_URL || e.SMS_API_URL),
    // Development needs a stable secret too; it only signs nothing security-critical on localhost.
    sessionSecret: e.SESSION_SECRET ?? "dev-only-session-secret-change-me-000000",
    /**
     * Which gateway takes online payments (ADR 0034): Razorpay with keys; the
     * built-in test gateway without keys wherever the OTP outbox may be used (development, tests,
     * `npm start` on localhost); none in production on a real host (online payment then refuses,
     * and the server refuses to start while an agency has it enabled: server/api/payments/startup.ts).
     */
    /** "Save to Google Wallet" signing (ADR 0064), or null: the link is hidden. */
    googleWallet:
      e.GOOGLE_WALLET_ISSUER_ID && e.GOOGLE_WALLET_SERVICE_ACCOUNT_KEY
        ? { issuerId: e.GOOGLE_WALLET_ISSUER_ID, clientEmail: e.GOOGLE_WALLET_SERVICE_ACCOUNT_KEY.client_email, privateKey: e.GOOGLE_WALLET_SERVICE_ACCOUNT_KEY.private_key }
        : null,
    paymentGateway: e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET ? ("razorpay" as const) : productionLike ? null : ("test" as const),
  };
}

/** For the commands (server, migrate, seed): a bad setting is one message and exit code 1, never a stack. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
