/**
 * What the user typed survives a session that ended mid-edit (ADR 0012), with JavaScript:
 * every panel form post is remembered in memory; only when the 'Failed to authenticate user'
 * dialog appears is it kept in sessionStorage (this tab only), and after signing in again the
 * same page fills its fields back in. Passwords and files are never kept. Without JavaScript
 * the dialog still shows and sign-in still comes back to the page; the typed values are lost.
 */
type Draft = { page: string; at: number; fields: [string, string][] };

const KEY = "cp_form_draft";
const MAX_AGE_MS = 60 * 60 * 1000;
let lastPost: Draft | null = null;

const here = () => `${location.pathname}${location.search}`;

/** Remembers each panel form the user posts (not sign-out). Returns the uninstaller. */
export function rememberFormPosts() {
  const onSubmit = (e: SubmitEvent) => {
    const form = e.target;
    if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== "post") return;
    if (new URL(form.action, location.href).pathname === "/panel/logout") return;
    const secret = new Set([...form.querySelectorAll<HTMLInputElement>('input[type="password"]')].map((i) => i.name));
    const fields: [string, string][] = [];
    for (const [name, value] of new FormData(form)) if (typeof value === "string" && !secret.has(name)) fields.push([name, value]);
    lastPost = { page: here(), at: Date.now(), fields };
  };
  document.addEventListener("submit", onSubmit, true);
  return () => document.removeEventListener("submit", onSubmit, true);
}

/** The dialog is showing: keep the post that met it for after sign-in. */
export function keepDraftForSignIn() {
  if (!lastPost || Date.now() - lastPost.at > MAX_AGE_MS) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(lastPost));
  } catch {
    /* storage full or blocked: nothing to restore */
  }
}

const setters = {
  input: Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!,
  textarea: Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!,
  select: Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value")!.set!,
};

/**
 * On the page a kept draft came from: put its values back into the fields that exist (rows the
 * user had added are not recreated) and forget it. True when something was filled in.
 */
export function restoreDraft(): boolean {
  let draft: Draft | null = null;
  try {
    draft = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Draft | null;
  } catch {
    draft = null;
  }
  if (!draft || draft.page !== here()) return false;
  sessionStorage.removeItem(KEY);
  if (Date.now() - draft.at > MAX_AGE_MS) return false;
  let filled = 0;
  const seen = new Map<string, number>();
  for (const [name, value] of draft.fields) {
    const n = seen.get(name) ?? 0;
    seen.set(name, n + 1);
    const elements = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(`main form [name="${CSS.escape(name)}"]`)];
    if (!elements.length) continue;
    const first = elements[0];
    if (first instanceof HTMLInputElement && (first.type === "checkbox" || first.type === "radio")) {
      for (const el of elements as HTMLInputElement[]) if (el.value === value && !el.checked) el.click();
      filled++;
      continue;
    }
    const el = elements[n];
    if (!el || el.type === "hidden" || el.type === "file" || el.type === "password" || el.value === value) continue;
    const set = el instanceof HTMLTextAreaElement ? setters.textarea : el instanceof HTMLSelectElement ? setters.select : setters.input;
    set.call(el, value);
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
    filled++;
  }
  return filled > 0;
}
