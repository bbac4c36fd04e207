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

/**
 * A short secret (a sign-in code) sealed for storage with AES-256-GCM under a key derived from
 * the session secret: a database reader without the secret learns nothing, a changed value fails
 * to open. `iv.ciphertext.tag`, base64url.
 */
export function seal(secret: string, plaintext: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", sealKey(secret), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((b) => b.toString("base64url")).join(".");
}

export function unseal(secret: string, sealed: string): string {
  const [iv, body, tag] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
  if (!iv || !body || !tag) throw new Error("Not a sealed value.");
  const decipher = crypto.createDecipheriv("aes-256-gcm", sealKey(secret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}

const sealKey = (secret: string) => crypto.createHash("sha256").update(`seal:${secret}`).digest();
