import crypto from "node:crypto";
import { createCookieSessionStorage, redirect } from "react-router";

/**
 * One-shot messages across a redirect (the snackbar), in a short-lived signed cookie: only our
 * own text, read and cleared on the next document request. Works without JavaScript.
 */
export type ToastType = "success" | "error" | "info";
export type Toast = { id: string; type: ToastType; message: string };

// Signed with SESSION_SECRET; without one (development, tests) a per-process key is enough for a 60 s cookie.
const secret = process.env.SESSION_SECRET ?? crypto.randomBytes(32).toString("hex");

const storage = createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
  cookie: { name: "cp_toast", path: "/", httpOnly: true, sameSite: "lax", maxAge: 60, secrets: [secret] },
});

/** A redirect that shows `toast` on the page it lands on. */
export async function redirectWithToast(url: string, toast: Omit<Toast, "id">, init?: ResponseInit) {
  const session = await storage.getSession();
  session.flash("toast", { id: crypto.randomUUID(), type: toast.type, message: toast.message });
  const headers = new Headers(init?.headers);
  headers.append("set-cookie", await storage.commitSession(session));
  return redirect(url, { ...init, headers });
}

/** The toast a redirect left for this request, and the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await storage.getSession(request.headers.get("cookie"));
  const toast = session.get("toast") ?? null;
  if (!toast) return { toast: null, headers: null };
  return { toast, headers: new Headers({ "set-cookie": await storage.destroySession(session) }) };
}
