import { href } from "react-router";
import type { Route } from "./+types/agency-language";
import { languageSchema } from "#contracts/language.ts";
import { LANGUAGES, LANGUAGE_NAMES } from "#contracts/i18n/languages.ts";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { SubmitButton } from "~/components/form";
import { languageOf, pageMessages } from "~/lib/i18n.server";
import { translateMessage } from "#contracts/i18n/messages.ts";
import { fmt } from "~/lib/i18n";

/*
 * The agency's default language (issue 24, ADR 0066): what the panel and its cards show people
 * who chose no language and whose browser asks for none of ours. The agency's admin sets it; the
 * API refuses everyone else (403 → the error dialog). A plain form: works without JavaScript.
 */

export const handle: PanelHandle = { title: "Default language" };
export const meta = () => [{ title: "Default language" }];

const PATH = href("/panel/admin/language");

export async function loader({ context }: Route.LoaderArgs) {
  const t = pageMessages(context, "staffLanguage", "staffCommon");
  return { ...(await getApi(context).get("GET /agency-language")), t, pageTitle: t.staffLanguage.title };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = languageSchema.safeParse({ language: (await request.formData()).get("language") });
  if (!parsed.success) return { error: translateMessage(languageOf(context), parsed.error.issues[0]?.message ?? "Choose one of the languages offered.") };
  const res = await getApi(context).call("PUT /agency-language", { body: parsed.data });
  if (!res.ok) return { error: res.message };
  // In the language of this request (the staff member's own), not necessarily the default just saved.
  const { staffLanguage } = pageMessages(context, "staffLanguage");
  throw await redirectWithToast(PATH, { type: "success", message: fmt(staffLanguage.saved, { language: LANGUAGE_NAMES[res.data.defaultLanguage] }) });
}

export default function AgencyLanguage({ loaderData, actionData }: Route.ComponentProps) {
  const t = loaderData.t.staffLanguage;
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <Card>
        <form method="post" className="space-y-4">
          <fieldset>
            <legend className="font-semibold text-slate-900">{t.legend}</legend>
            <p className="mt-1 text-sm text-slate-600">{t.pitch}</p>
            {actionData?.error ? (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {actionData.error}
              </p>
            ) : null}
            <div className="mt-3 grid grid-cols-2 gap-2">
              {LANGUAGES.map((code) => (
                <label key={code} className="flex items-center gap-2 rounded-lg px-3 py-2 ring-1 ring-slate-200 has-[:checked]:ring-brand">
                  <input type="radio" name="language" value={code} defaultChecked={loaderData.defaultLanguage === code} />
                  <span lang={code}>{LANGUAGE_NAMES[code]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <SubmitButton pendingText={loaderData.t.staffCommon.saving} className="w-auto! min-w-32">
            {loaderData.t.staffCommon.save}
          </SubmitButton>
        </form>
      </Card>
    </div>
  );
}
