import Razorpay from "razorpay";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { isValidCheckoutSignature, isValidPaymentLinkSignature, isValidWebhookSignature } from "./signatures.ts";
import { createTestGateway, TEST_GATEWAY_KEY_ID, TEST_GATEWAY_SECRET, type TestGateway } from "./test-gateway.ts";

/**
 * The one door to the payment provider (ADR 0034): the official `razorpay`
 * SDK, pointed at RAZORPAY_API_URL (the SDK adds /v1). Without keys, outside real production, the
 * built-in test gateway answers the same SDK calls in-process (an axios adapter), so the same
 * order, verify, capture and grant code runs either way.
 */

export type GatewayOrder = { id: string; amount: number; currency: string; receipt?: string | null; status: string };
export type GatewayPaymentStatus = "created" | "authorized" | "captured" | "refunded" | "failed";
export type GatewayPayment = {
  id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  status: GatewayPaymentStatus;
  error_description?: string | null;
};

/** A Razorpay Payment Link (POST /v1/payment_links): a page of Razorpay's the payer opens without signing in. */
export type GatewayPaymentLink = {
  id: string;
  amount: number;
  currency: string;
  reference_id: string;
  short_url: string;
  /** created, partially_paid, paid, expired, cancelled. */
  status: string;
  /** The order Razorpay made for the link: its payments are the link's. */
  order_id?: string | null;
};
export type PaymentLinkInput = {
  amount: number;
  currency: string;
  /** Unique per Razorpay account, at most 40 characters. */
  reference_id: string;
  description: string;
  customer: { name?: string; contact?: string; email?: string };
  callback_url: string;
  /** Unix seconds; Razorpay allows at most six months ahead. */
  expire_by?: number;
  notes: Record<string, string>;
};
/** What Razorpay appends to a payment link's callback_url (GET). */
export type PaymentLinkCallback = { paymentId: string; linkId: string; referenceId: string; status: string };

/** The provider answered with an error (status) or did not answer at all (no status). */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export type PaymentGateway = {
  kind: "razorpay" | "test";
  /** The only key the browser gets. */
  keyId: string;
  createOrder(input: { amount: number; currency: string; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  capturePayment(paymentId: string, amount: number, currency: string): Promise<GatewayPayment>;
  orderPayments(orderId: string): Promise<GatewayPayment[]>;
  /** Our own messages carry the link, so Razorpay is told not to send its own (notify off). */
  createPaymentLink(input: PaymentLinkInput): Promise<GatewayPaymentLink>;
  /** GET /v1/payment_links/{id}: its status and order (reconciliation, ADR 0067). */
  fetchPaymentLink(linkId: string): Promise<GatewayPaymentLink>;
  /** HMAC(link id | reference id | status | payment id, key secret), as the SDK's validatePaymentVerification. */
  verifyPaymentLink(callback: PaymentLinkCallback, signature: string): boolean;
  verifyCheckout(storedOrderId: string, paymentId: string, signature: string): boolean;
  /** False also when no webhook secret is configured. */
  verifyWebhook(rawBody: string, signature: string | undefined): boolean;
  /** Only in test-gateway mode: its checkout page's store. */
  testGateway: TestGateway | null;
};

const TIMEOUT_MS = 10_000;

type SdkError = { statusCode?: number; error?: { description?: string } };

/** SDK errors are plain objects `{ statusCode, error }` (or a TypeError when nothing answered). */
function gatewayError(err: unknown): GatewayError {
  const e = err as SdkError;
  if (e && typeof e.statusCode === "number") return new GatewayError(e.error?.description ?? `Razorpay answered ${e.statusCode}.`, e.statusCode);
  return new GatewayError("Razorpay did not answer.");
}

async function call<T>(p: PromiseLike<unknown>): Promise<T> {
  try {
    return (await p) as T;
  } catch (err) {
    throw gatewayError(err);
  }
}

export function createPaymentGateway(
  config: Pick<Config, "paymentGateway" | "RAZORPAY_KEY_ID" | "RAZORPAY_KEY_SECRET" | "RAZORPAY_WEBHOOK_SECRET" | "RAZORPAY_API_URL">,
  db: Db,
): PaymentGateway | null {
  if (!config.paymentGateway) return null;
  // The test gateway keeps its orders in the database: every app process sees them (ADR 0039).
  const test = config.paymentGateway === "test" ? createTestGateway(db) : null;
  const keyId = test ? TEST_GATEWAY_KEY_ID : config.RAZORPAY_KEY_ID!;
  const keySecret = test ? TEST_GATEWAY_SECRET : config.RAZORPAY_KEY_SECRET!;
  const webhookSecret = test ? TEST_GATEWAY_SECRET : config.RAZORPAY_WEBHOOK_SECRET;

  const sdk = new Razorpay({ key_id: keyId, key_secret: keySecret });
  // The SDK's host is not a constructor option; its axios instance carries it (REFERENCE.md).
  const rq = (sdk.api as unknown as { rq: { defaults: { baseURL?: string; timeout?: number; adapter?: unknown } } }).rq;
  // The SDK adds /v1 itself: a URL given with it would call /v1/v1/….
  rq.defaults.baseURL = config.RAZORPAY_API_URL.replace(/\/+$/, "").replace(/\/v1$/, "");
  rq.defaults.timeout = TIMEOUT_MS;
  if (test) rq.defaults.adapter = test.axiosAdapter;

  return {
    kind: test ? "test" : "razorpay",
    keyId,
    createOrder: (input) => call(sdk.orders.create(input)),
    fetchPayment: (id) => call(sdk.payments.fetch(id)),
    capturePayment: (id, amount, currency) => call(sdk.payments.capture(id, amount, currency)),
    orderPayments: async (orderId) => (await call<{ items: GatewayPayment[] }>(sdk.orders.fetchPayments(orderId))).items,
    createPaymentLink: (input) =>
      call(
        sdk.paymentLink.create({
          ...input,
          accept_partial: false,
          notify: { sms: false, email: false },
          reminder_enable: false,
          callback_method: "get",
        } as Parameters<typeof sdk.paymentLink.create>[0]),
      ),
    fetchPaymentLink: (id) => call(sdk.paymentLink.fetch(id)),
    verifyPaymentLink: (cb, signature) => isValidPaymentLinkSignature(cb, signature, keySecret),
    verifyCheckout: (orderId, paymentId, signature) => isValidCheckoutSignature(orderId, paymentId, signature, keySecret),
    verifyWebhook: (rawBody, signature) => !!webhookSecret && isValidWebhookSignature(rawBody, signature, webhookSecret),
    testGateway: test,
  };
}
