import crypto from "node:crypto";

export const newNonce = () => crypto.randomBytes(16).toString("base64");

/** CSP for panel pages: our own scripts by nonce, plus what Razorpay Checkout, YouTube and Sentry need. */
export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' https://checkout.razorpay.com`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' https://*.razorpay.com https://*.ingest.sentry.io https://*.ingest.de.sentry.io",
    // 'self': the card editor frames the public card as its preview when JavaScript is off.
    "frame-src 'self' https://api.razorpay.com https://checkout.razorpay.com https://www.youtube-nocookie.com https://www.youtube.com",
    "form-action 'self' https://api.razorpay.com",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** Browsers on https keep to https for a year (sent only on https: over http it would be ignored). */
export const HSTS = "max-age=31536000; includeSubDomains";

export function setSecurityHeaders(headers: Headers, opts: { nonce?: string; secure: boolean }) {
  if (opts.nonce) headers.set("content-security-policy", contentSecurityPolicy(opts.nonce));
  headers.set("x-content-type-options", "nosniff");
  headers.set("referrer-policy", "strict-origin-when-cross-origin");
  headers.set("x-frame-options", "SAMEORIGIN");
  headers.set("permissions-policy", 'camera=(), microphone=(), geolocation=(), payment=(self "https://api.razorpay.com")');
  if (opts.secure) headers.set("strict-transport-security", HSTS);
}
