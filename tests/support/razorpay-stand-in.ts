/**
 * A stand-in for Razorpay's HTTP API on loopback (the network edge; our own code is never mocked):
 * the calls the official SDK makes for us, with Basic auth, Razorpay's shapes and error bodies.
 *
 *   const rzp = await startRazorpayStandIn();
 *   const t = await createTestApi({ env: rzp.env });
 *   const { razorpay_payment_id, razorpay_signature } = rzp.pay(orderId);            // captured
 *   rzp.pay(orderId, { status: "authorized" });                                      // capture left to us
 *   rzp.failNext(2, 503);                                                            // the next 2 calls answer 503
 *   const { body, headers } = rzp.webhook("payment.captured", paymentId);            // signed like Razorpay's
 *   const { query } = rzp.payLink(linkId);                                           // a Payment Link paid: callback query
 *   rzp.webhook("payment_link.paid", query.razorpay_payment_id);                     // its webhook
 *
 * As its own process for the browser tests (tests/support/razorpay-stand-in-cli.ts): a fixed
 * `port`, and `controlRoutes` adds test-only routes under /__stand-in/ (no Razorpay API has them):
 * GET /__stand-in/health, and POST /__stand-in/pay { order_id, status? } → `pay()`'s fields,
 * which is what the browser test's stand-in checkout.js hands to our handler.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export const STAND_IN_KEY_ID = "rzp_test_standin0001";
export const STAND_IN_KEY_SECRET = "stand-in-key-secret-0001";
export const STAND_IN_WEBHOOK_SECRET = "stand-in-webhook-secret-0001";

type Order = { id: string; entity: "order"; amount: number; amount_paid: number; currency: string; receipt: string | null; status: string; notes: Record<string, string>; created_at: number };
type Payment = {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "authorized" | "captured" | "failed";
  order_id: string;
  captured: boolean;
  method: string;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
};

type PaymentLink = {
  id: string;
  entity: "payment_link";
  amount: number;
  amount_paid: number;
  currency: string;
  reference_id: string;
  description: string;
  status: "created" | "paid";
  short_url: string;
  callback_url: string | null;
  callback_method: string | null;
  customer: Record<string, string>;
  notify: Record<string, boolean>;
  expire_by: number;
  notes: Record<string, string>;
  order_id: string;
  created_at: number;
};

const hmac = (data: string, secret: string) => crypto.createHmac("sha256", secret).update(data).digest("hex");
let seq = 0;
const newId = (prefix: string) => `${prefix}_SI${Date.now().toString(36)}${(++seq).toString(36).padStart(4, "0")}`;

export async function startRazorpayStandIn(opts: { port?: number; controlRoutes?: boolean } = {}) {
  const orders = new Map<string, Order>();
  const payments = new Map<string, Payment>();
  const paymentLinks = new Map<string, PaymentLink>();
  const requests: { method: string; path: string; body: Record<string, unknown>; auth: boolean }[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 500 };

  const expectedAuth = `Basic ${Buffer.from(`${STAND_IN_KEY_ID}:${STAND_IN_KEY_SECRET}`).toString("base64")}`;
  const error = (status: number, description: string, code = "BAD_REQUEST_ERROR") => ({ status, body: { error: { code, description } } });

  function route(method: string, path: string, body: Record<string, unknown>): { status: number; body: unknown } {
    let m: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/orders") {
      const amount = body.amount;
      if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) return error(400, "The amount must be atleast INR 1.00");
      if (typeof body.receipt === "string" && body.receipt.length > 40) return error(400, "receipt: the length must be no more than 40.");
      const order: Order = {
        id: newId("order"),
        entity: "order",
        amount,
        amount_paid: 0,
        currency: String(body.currency ?? "INR"),
        receipt: (body.receipt as string) ?? null,
        status: "created",
        notes: (body.notes as Record<string, string>) ?? {},
        created_at: Math.floor(Date.now() / 1000),
      };
      orders.set(order.id, order);
      return { status: 200, body: order };
    }
    if (method === "POST" && path === "/v1/payment_links") {
      const amount = body.amount;
      if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) return error(400, "The amount must be atleast INR 1.00");
      const reference = body.reference_id;
      if (typeof reference !== "string" || reference.length > 40) return error(400, "reference_id: the length must be no more than 40.");
      if ([...paymentLinks.values()].some((l) => l.reference_id === reference)) return error(400, `Payment Link with reference id ${reference} already exists`);
      // Razorpay makes the link's order itself; a payment on the link is a payment on that order.
      const order: Order = { id: newId("order"), entity: "order", amount, amount_paid: 0, currency: String(body.currency ?? "INR"), receipt: reference, status: "created", notes: {}, created_at: Math.floor(Date.now() / 1000) };
      orders.set(order.id, order);
      const id = newId("plink");
      const link: PaymentLink = {
        id,
        entity: "payment_link",
        amount,
        amount_paid: 0,
        currency: order.currency,
        reference_id: reference,
        description: String(body.description ?? ""),
        status: "created",
        short_url: `https://rzp.io/i/${id.slice(-8)}`,
        callback_url: (body.callback_url as string) ?? null,
        callback_method: (body.callback_method as string) ?? null,
        customer: (body.customer as Record<string, string>) ?? {},
        notify: (body.notify as Record<string, boolean>) ?? { sms: true, email: true },
        expire_by: Number(body.expire_by ?? 0),
        notes: (body.notes as Record<string, string>) ?? {},
        order_id: order.id,
        created_at: Math.floor(Date.now() / 1000),
      };
      paymentLinks.set(id, link);
      return { status: 200, body: link };
    }
    if (method === "GET" && (m = path.match(/^\/v1\/payment_links\/([\w-]+)$/))) {
      const l = paymentLinks.get(m[1]);
      return l ? { status: 200, body: l } : error(400, "The id provided does not exist");
    }
    if (method === "GET" && (m = path.match(/^\/v1\/payments\/([\w-]+)$/))) {
      const p = payments.get(m[1]);
      return p ? { status: 200, body: p } : error(400, "The id provided does not exist");
    }
    if (method === "POST" && (m = path.match(/^\/v1\/payments\/([\w-]+)\/capture$/))) {
      const p = payments.get(m[1]);
      if (!p) return error(400, "The id provided does not exist");
      if (p.status !== "authorized") return error(400, "This payment has already been captured");
      if (body.amount !== p.amount) return error(400, "Capture amount must be equal to the amount authorized");
      p.status = "captured";
      p.captured = true;
      const order = orders.get(p.order_id);
      if (order) Object.assign(order, { status: "paid", amount_paid: p.amount });
      return { status: 200, body: p };
    }
    if (method === "GET" && (m = path.match(/^\/v1\/orders\/([\w-]+)\/payments$/))) {
      if (!orders.has(m[1])) return error(400, "The id provided does not exist");
      const items = [...payments.values()].filter((p) => p.order_id === m![1]);
      return { status: 200, body: { entity: "collection", count: items.length, items } };
    }
    return error(404, "The requested URL was not found on the server.", "NOT_FOUND");
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      const path = (req.url ?? "/").split("?")[0];
      const auth = req.headers.authorization === expectedAuth;
      requests.push({ method: req.method ?? "GET", path, body, auth });
      let out: { status: number; body: unknown };
      if (opts.controlRoutes && path.startsWith("/__stand-in/")) out = control(req.method ?? "GET", path, body);
      else if (failures.count > 0) {
        failures.count -= 1;
        out = error(failures.status, "The server encountered an error. The incident has been reported to admins.", "SERVER_ERROR");
      } else if (!auth) out = error(401, "Authentication failed");
      else out = route(req.method ?? "GET", path, body);
      res.writeHead(out.status, { "content-type": "application/json" });
      res.end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function makePayment(orderId: string, o: { status?: Payment["status"]; amount?: number; description?: string } = {}) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`stand-in: no order ${orderId}`);
    const status = o.status ?? "captured";
    const payment: Payment = {
      id: newId("pay"),
      entity: "payment",
      amount: o.amount ?? order.amount,
      currency: order.currency,
      status,
      order_id: orderId,
      captured: status === "captured",
      method: "upi",
      error_code: status === "failed" ? "BAD_REQUEST_ERROR" : null,
      error_description: status === "failed" ? (o.description ?? "Payment failed because the bank declined it.") : null,
      created_at: Math.floor(Date.now() / 1000),
    };
    payments.set(payment.id, payment);
    if (status === "captured") Object.assign(order, { status: "paid", amount_paid: payment.amount });
    else order.status = "attempted";
    return payment;
  }

  /** Test-only routes (the browser test's checkout.js stand-in cannot reach this process's memory otherwise). */
  function control(method: string, path: string, body: Record<string, unknown>): { status: number; body: unknown } {
    if (method === "GET" && path === "/__stand-in/health") return { status: 200, body: { ok: true } };
    if (method === "POST" && path === "/__stand-in/pay") {
      const orderId = String(body.order_id ?? "");
      if (!orders.has(orderId)) return error(400, "The id provided does not exist");
      return { status: 200, body: signedPayment(orderId, { status: body.status as Payment["status"] | undefined }) };
    }
    return error(404, "The requested URL was not found on the server.", "NOT_FOUND");
  }

  function signedPayment(orderId: string, o: { status?: Payment["status"]; amount?: number; description?: string } = {}) {
    const p = makePayment(orderId, o);
    return { razorpay_payment_id: p.id, razorpay_order_id: orderId, razorpay_signature: hmac(`${orderId}|${p.id}`, STAND_IN_KEY_SECRET) };
  }

  return {
    url,
    /** The settings that point the API under test here. */
    env: {
      RAZORPAY_KEY_ID: STAND_IN_KEY_ID,
      RAZORPAY_KEY_SECRET: STAND_IN_KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
      RAZORPAY_API_URL: url,
    },
    requests,
    orders,
    payments,
    paymentLinks,
    /**
     * The payer pays a Payment Link on Razorpay's page: a captured payment on its order, the link
     * paid, and the query Razorpay adds to the callback_url, signed with the key secret.
     */
    payLink(linkId: string) {
      const link = paymentLinks.get(linkId);
      if (!link) throw new Error(`stand-in: no payment link ${linkId}`);
      const p = makePayment(link.order_id);
      Object.assign(link, { status: "paid", amount_paid: link.amount });
      const query = {
        razorpay_payment_id: p.id,
        razorpay_payment_link_id: link.id,
        razorpay_payment_link_reference_id: link.reference_id,
        razorpay_payment_link_status: "paid",
        razorpay_signature: hmac(`${link.id}|${link.reference_id}|paid|${p.id}`, STAND_IN_KEY_SECRET),
      };
      return { payment: p, query };
    },
    /** The customer pays in checkout: a payment on the order and the fields checkout hands back, signed with the key secret. */
    pay: signedPayment,
    /** The next `count` requests answer `status` (5xx: Razorpay is down). */
    failNext(count: number, status = 500) {
      failures = { count, status };
    },
    /** A webhook delivery for a payment, signed with the webhook secret over these exact bytes. */
    webhook(event: "payment.captured" | "payment.authorized" | "payment.failed" | "order.paid" | "payment_link.paid", paymentId: string, o: { eventId?: string } = {}) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`stand-in: no payment ${paymentId}`);
      const order = orders.get(payment.order_id);
      const payload: Record<string, unknown> = { payment: { entity: payment } };
      if (event === "order.paid") payload.order = { entity: order };
      if (event === "payment_link.paid") {
        // Razorpay's payment_link.paid carries the link, its order and the payment.
        payload.payment_link = { entity: [...paymentLinks.values()].find((l) => l.order_id === payment.order_id) };
        payload.order = { entity: order };
      }
      const body = JSON.stringify({ entity: "event", account_id: "acc_standin", event, contains: Object.keys(payload), payload, created_at: Math.floor(Date.now() / 1000) });
      const headers = {
        "content-type": "application/json",
        "x-razorpay-signature": hmac(body, STAND_IN_WEBHOOK_SECRET),
        "x-razorpay-event-id": o.eventId ?? newId("evt"),
      };
      return { body, headers };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type RazorpayStandIn = Awaited<ReturnType<typeof startRazorpayStandIn>>;
