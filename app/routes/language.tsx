import { href, redirect } from "react-router";
import type { Route } from "./+types/language";
import { languageSchema } from "#contracts/language.ts";
import { safeReturnPath } from "#contracts/return-path.ts";
import { getApi } from "~/lib/request-context.server";

/** Only POST switches (a link could be followed by anyone's page); a GET goes home. */
export async function loader() {
  throw redirect(href("/panel"));
}

/**
 * The language switch of the sign-in pages and the drawer (ADR 0066): a plain form, so it works
 * without JavaScript. The API keeps the choice (this browser's cookie; a customer's account) and
 * the page it came from is shown again, now in that language. An unknown language changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safeReturnPath(form.get("returnTo"), ["/panel"]) ?? href("/panel");
  const parsed = languageSchema.safeParse({ language: form.get("language") });
  if (parsed.success) await getApi(context).call("POST /language", { body: parsed.data }, { authErrors: "return" });
  throw redirect(back, 303);
}
