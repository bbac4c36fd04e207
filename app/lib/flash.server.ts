/**
 * One-shot messages across a redirect (the success snackbar), in a short-lived cookie.
 * Only our own text goes in; it is read and cleared on the next document request.
 */
const NAME = "cp_flash";

export type Flash = { id: string; message: string };

export function flashCookie(message: string) {
  const value = encodeURIComponent(JSON.stringify({ id: Date.now().toString(36), message }));
  return `${NAME}=${value}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

export function readFlash(request: Request): { flash: Flash | null; headers: HeadersInit } {
  const match = (request.headers.get("cookie") ?? "").match(new RegExp(`(?:^|; )${NAME}=([^;]*)`));
  if (!match) return { flash: null, headers: {} };
  let flash: Flash | null = null;
  try {
    const parsed = JSON.parse(decodeURIComponent(match[1])) as Flash;
    if (typeof parsed.message === "string") flash = { id: String(parsed.id), message: parsed.message.slice(0, 200) };
  } catch {
    /* ignore a mangled cookie */
  }
  return { flash, headers: { "set-cookie": `${NAME}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` } };
}
