import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { testGatewayEntities } from "#server/db/schema/scale-out.ts";
import { TEST_GATEWAY_CHECKOUT_PATH } from "#contracts/payment-texts.ts";
import { checkoutSignature, paymentLinkSignature } from "./signatures.ts";

/**
 * The built-in test gateway (ADR 0034): for a newcomer with no Razorpay keys,
 * in development, tests and `npm start` on localhost only (never in production on a real host:
 * server/config.ts). It answers the Razorpay SDK's order and payment calls in-process, in
 * Razorpay's shapes, and its checkout page (server/api/payments/test-gateway-page.ts) signs a
 * success exactly like Razorpay does, with this published secret. Orders and payments are rows
 * of test_gateway_entities (ADR 0039): any app process on the database serves any order.
 */

export const TEST_GATEWAY_KEY_ID = "rzp_test_builtin_gateway";
/** Published on purpose: it signs test payments only, and this gateway never runs on a real host. */
export const TEST_GATEWAY_SECRET = "builtin-test-gateway-secret-no-money-moves";

type Order = { id: string; entity: "order"; amount: number; amount_paid: number; currency: string; receipt: string | null; status: "created" | "attempted" | "paid"; notes: Record<string, string>; attempts: number; created_at: number };
type Payment = { id: string; entity: "payment"; amount: number; currency: string; status: "captured" | "failed"; order_id: string; method: "test"; captured: boolean; error_code: string | null; error_description: string | null; created_at: number };

/** A payment link and the order its payment lands on (Razorpay makes one order per link). */
type PaymentLink = { id: string; entity: "payment_link"; amount: number; amount_paid: number; currency: string; reference_id: string; description: string; status: "created" | "paid"; short_url: string; callback_url: string | null; order_id: string; notes: Record<string, string>; created_at: number };

/** Where the test gateway's payment link opens: its own checkout page (same host as the panel). */
const TEST_PAYMENT_LINK_PATH = `${TEST_GATEWAY_CHECKOUT_PATH}?payment_link_id=`;

type AxiosLikeConfig = { method?: string; url?: string; params?: Record<string, unknown>; data?: unknown };

const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(7).toString("base64url").replace(/[-_]/g, "x")}`;
const unixNow = () => Math.floor(Date.now() / 1000);

export function createTestGateway(db: Db) {
  const t = testGatewayEntities;
  const orderOf = async (id: string) =>
    ((await db.select({ data: t.data }).from(t).where(and(eq(t.id, id), eq(t.entity, "order"))).limit(1))[0]?.data as Order | undefined) ?? null;
  const paymentOf = async (id: string) =>
    ((await db.select({ data: t.data }).from(t).where(and(eq(t.id, id), eq(t.entity, "payment"))).limit(1))[0]?.data as Payment | undefined) ?? null;
  const linkOf = async (id: string) =>
    ((await db.select({ data: t.data }).from(t).where(and(eq(t.id, id), eq(t.entity, "payment_link"))).limit(1))[0]?.data as PaymentLink | undefined) ?? null;
  const saveOrder = (order: Order) => db.update(t).set({ data: order }).where(eq(t.id, order.id));

  const error = (status: number, description: string) => ({ status, data: { error: { code: "BAD_REQUEST_ERROR", description } } });

  /** Razorpay's HTTP API, the part the SDK calls: POST /v1/orders, GET /v1/payments/:id, POST …/capture, GET /v1/orders/:id/payments. */
  async function handle(method: string, path: string, body: Record<string, unknown>): Promise<{ status: number; data: unknown }> {
    let m: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/orders") {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 100) return error(400, "The amount must be atleast INR 1.00");
      const order: Order = {
        id: randomId("order"),
        entity: "order",
        amount,
        amount_paid: 0,
        currency: String(body.currency ?? "INR"),
        receipt: typeof body.receipt === "string" ? body.receipt : null,
        status: "created",
        notes: (body.notes as Record<string, string>) ?? {},
        attempts: 0,
        created_at: unixNow(),
      };
      await db.insert(t).values({ id: order.id, entity: "order", data: order });
      return { status: 200, data: order };
    }
    if (method === "POST" && path === "/v1/payment_links") {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 100) return error(400, "The amount must be atleast INR 1.00");
      const reference = typeof body.reference_id === "string" ? body.reference_id : "";
      if (!reference || reference.length > 40) return error(400, "reference_id: the length must be between 1 and 40.");
      const [taken] = await db.select({ id: t.id }).from(t).where(and(eq(t.entity, "payment_link"), eq(t.orderId, `ref:${reference}`))).limit(1);
      if (taken) return error(400, `Payment Link with reference id ${reference} already exists`);
      const order: Order = { id: randomId("order"), entity: "order", amount, amount_paid: 0, currency: String(body.currency ?? "INR"), receipt: reference, status: "created", notes: (body.notes as Record<string, string>) ?? {}, attempts: 0, created_at: unixNow() };
      await db.insert(t).values({ id: order.id, entity: "order", data: order });
      const id = randomId("plink");
      const link: PaymentLink = {
        id,
        entity: "payment_link",
        amount,
        amount_paid: 0,
        currency: order.currency,
        reference_id: reference,
        description: String(body.description ?? ""),
        status: "created",
        short_url: TEST_PAYMENT_LINK_PATH + id,
        callback_url: typeof body.callback_url === "string" ? body.callback_url : null,
        order_id: order.id,
        notes: order.notes,
        created_at: unixNow(),
      };
      // The reference rides in order_id's column so a second link with it is refused, as Razorpay does.
      await db.insert(t).values({ id, entity: "payment_link", orderId: `ref:${reference}`, data: link });
      return { status: 200, data: link };
    }
    if (method === "GET" && (m = path.match(/^\/v1\/payment_links\/([\w-]+)$/))) {
      const l = await linkOf(m[1]);
      return l ? { status: 200, data: l } : error(400, "The id provided does not exist");
    }
    if (method === "GET" && (m = path.match(/^\/v1\/payments\/([\w-]+)$/))) {
      const p = await paymentOf(m[1]);
      return p ? { status: 200, data: p } : error(400, "The id provided does not exist");
    }
    if (method === "POST" && (m = path.match(/^\/v1\/payments\/([\w-]+)\/capture$/))) {
      const p = await paymentOf(m[1]);
      if (!p) return error(400, "The id provided does not exist");
      // Test payments are captured when made (auto-capture), as Razorpay's default is.
      return error(400, p.status === "captured" ? "This payment has already been captured" : "Only payments which have been authorized and not yet captured can be captured");
    }
    if (method === "GET" && (m = path.match(/^\/v1\/orders\/([\w-]+)\/payments$/))) {
      if (!(await orderOf(m[1]))) return error(400, "The id provided does not exist");
      const rows = await db.select({ data: t.data }).from(t).where(and(eq(t.orderId, m[1]), eq(t.entity, "payment"))).orderBy(asc(t.createdAt));
      const items = rows.map((r) => r.data as Payment);
      return { status: 200, data: { entity: "collection", count: items.length, items } };
    }
    return error(404, "The requested URL was not found on the server.");
  }

  /** An axios adapter, so the real SDK (its URLs, auth and error handling) talks to `handle`. */
  async function axiosAdapter(config: AxiosLikeConfig) {
    const body = typeof config.data === "string" && config.data ? (JSON.parse(config.data) as Record<string, unknown>) : {};
    const res = await handle((config.method ?? "get").toUpperCase(), (config.url ?? "").split("?")[0], body);
    const response = { data: res.data, status: res.status, statusText: String(res.status), headers: {}, config, request: {} };
    if (res.status >= 400) throw Object.assign(new Error(`Request failed with status code ${res.status}`), { response, config, isAxiosError: true });
    return response;
  }

  /** One payment attempt on an order, stored as Razorpay would show it. */
  async function attempt(order: Order, outcome: Pick<Payment, "status" | "captured" | "error_code" | "error_description">): Promise<Payment> {
    const payment: Payment = {
      id: randomId("pay"),
      entity: "payment",
      amount: order.amount,
      currency: order.currency,
      order_id: order.id,
      method: "test",
      created_at: unixNow(),
      ...outcome,
    };
    await db.insert(t).values({ id: payment.id, entity: "payment", orderId: order.id, data: payment });
    return payment;
  }

  return {
    axiosAdapter,
    order: orderOf,
    paymentLink: linkOf,
    /**
     * "Pay successfully" on a payment link: a captured payment on the link's order, the link paid,
     * and the query Razorpay appends to the callback_url (signed like Razorpay's). Null: no such link.
     * A link already paid answers its first payment again (Razorpay shows "paid" and takes no second).
     */
    async payLink(linkId: string) {
      const link = await linkOf(linkId);
      if (!link) return null;
      let paymentId: string;
      if (link.status === "paid") {
        const [first] = await db.select({ id: t.id }).from(t).where(and(eq(t.orderId, link.order_id), eq(t.entity, "payment"))).orderBy(asc(t.createdAt)).limit(1);
        paymentId = first!.id;
      } else {
        const order = (await orderOf(link.order_id))!;
        const payment = await attempt(order, { status: "captured", captured: true, error_code: null, error_description: null });
        await saveOrder({ ...order, status: "paid", amount_paid: order.amount, attempts: order.attempts + 1 });
        await db.update(t).set({ data: { ...link, status: "paid", amount_paid: link.amount } }).where(eq(t.id, link.id));
        paymentId = payment.id;
      }
      const cb = { paymentId, linkId: link.id, referenceId: link.reference_id, status: "paid" };
      return {
        callbackUrl: link.callback_url,
        query: {
          razorpay_payment_id: cb.paymentId,
          razorpay_payment_link_id: cb.linkId,
          razorpay_payment_link_reference_id: cb.referenceId,
          razorpay_payment_link_status: cb.status,
          razorpay_signature: paymentLinkSignature(cb, TEST_GATEWAY_SECRET),
        },
      };
    },
    /** "Pay successfully": a captured payment and the checkout fields Razorpay would hand back. */
    async pay(orderId: string) {
      const order = await orderOf(orderId);
      if (!order) return null;
      const payment = await attempt(order, { status: "captured", captured: true, error_code: null, error_description: null });
      order.status = "paid";
      order.amount_paid = order.amount;
      order.attempts += 1;
      await saveOrder(order);
      return {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: checkoutSignature(order.id, payment.id, TEST_GATEWAY_SECRET),
      };
    },
    /** "Fail payment": a failed attempt and the error fields Razorpay's callback_url POST carries. */
    async fail(orderId: string, description: string) {
      const order = await orderOf(orderId);
      if (!order) return null;
      const payment = await attempt(order, { status: "failed", captured: false, error_code: "BAD_REQUEST_ERROR", error_description: description });
      order.status = "attempted";
      order.attempts += 1;
      await saveOrder(order);
      return {
        "error[code]": "BAD_REQUEST_ERROR",
        "error[description]": description,
        "error[source]": "customer",
        "error[step]": "payment_authentication",
        "error[reason]": "payment_failed",
        "error[metadata]": JSON.stringify({ payment_id: payment.id, order_id: order.id }),
      };
    },
  };
}

export type TestGateway = ReturnType<typeof createTestGateway>;
