import crypto from "node:crypto";

/** 256-bit random token for cookies; only its SHA-256 is stored. */
export const newToken = () => crypto.randomBytes(32).toString("base64url");
export const tokenHash = (token: string) => crypto.createHash("sha256").update(token).digest("base64url");

/** 6 digits from a CSPRNG. */
export const newOtpCode = () => crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");

export const hmac = (secret: string, value: string) =>
  crypto.createHmac("sha256", secret).update(value).digest("base64url");

export function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
