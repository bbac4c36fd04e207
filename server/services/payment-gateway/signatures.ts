import crypto from "node:crypto";

/**
 * Razorpay's two signatures (REFERENCE.md, Razorpay): checkout hands back
 * HMAC_SHA256(order_id + "|" + payment_id, key_secret); a webhook carries HMAC_SHA256(raw body,
 * webhook_secret) in X-Razorpay-Signature. Both hex. Compared in constant time.
 */
export function hmacHex(data: string | Uint8Array, secret: string): string {
  return crypto.createHmac("sha256", secret).update(data).digest("hex");
}

export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(`${orderId}|${paymentId}`, keySecret);
}

/** Constant-time comparison of two hex strings (a wrong length is simply false). */
export function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given, "utf8");
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** The checkout signature, checked against the order id WE stored (never the one the browser sent back). */
export function isValidCheckoutSignature(storedOrderId: string, paymentId: string, signature: string, keySecret: string): boolean {
  return sameHex(checkoutSignature(storedOrderId, paymentId, keySecret), signature);
}

/**
 * The webhook signature over the exact bytes received. Same computation as the SDK's
 * `Razorpay.validateWebhookSignature` (which compares with `===`), in constant time.
 */
export function isValidWebhookSignature(rawBody: string | Uint8Array, signature: string | undefined, webhookSecret: string): boolean {
  if (!signature) return false;
  return sameHex(hmacHex(rawBody, webhookSecret), signature);
}

/** A payment link's callback: HMAC(link id | reference id | status | payment id, key secret) (the SDK's validatePaymentVerification). */
export function paymentLinkSignature(cb: { paymentId: string; linkId: string; referenceId: string; status: string }, keySecret: string): string {
  return hmacHex(`${cb.linkId}|${cb.referenceId}|${cb.status}|${cb.paymentId}`, keySecret);
}

export function isValidPaymentLinkSignature(cb: { paymentId: string; linkId: string; referenceId: string; status: string }, signature: string, keySecret: string): boolean {
  return sameHex(paymentLinkSignature(cb, keySecret), signature);
}
