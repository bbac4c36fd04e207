import { href } from "react-router";
import type { Route } from "./+types/card-themes";
import { agencyCardThemesSchema } from "#contracts/card-theme-settings.ts";
import { getApi } from "~/lib/request-context.server";
import { pageMessages } from "~/lib/i18n.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { SubmitButton } from "~/components/form";

/*
 * The agency's card themes (issue 26, ADR 0070): which themes its customers see in the card
 * editor, and the one new cards start with. The agency's admin sets them; the API refuses
 * everyone else (403). A plain form: works without JavaScript.
 */

export const handle: PanelHandle = { title: "Card themes" };
export const meta = () => [{ title: "Card themes" }];

const PATH = href("/panel/admin/card-themes");

export async function loader({ context }: Route.LoaderArgs) {
  const list = await getApi(context).get("GET /card-themes");
  return { ...list, t: pageMessages(context, "cardThemes") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = agencyCardThemesSchema.safeParse({ allowed: form.getAll("allowed"), defaultTheme: form.get("defaultTheme") });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Please correct the highlighted fields." };
  const res = await getApi(context).call("PUT /agency/card-themes", { body: parsed.data });
  if (!res.ok) return { error: res.message };
  throw await redirectWithToast(PATH, { type: "success", message: `Card themes saved: ${res.data.allowed.length} offered.` });
}

export default function CardThemes({ loaderData, actionData }: Route.ComponentProps) {
  const t = loaderData.t.cardThemes;
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <Card>
        <form method="post" className="space-y-4">
          <p className="text-sm text-slate-600">
            Your customers choose among the themes you tick in their card editor. New cards start in the default theme; a card keeps its theme if
            you stop offering it.
          </p>
          {actionData?.error ? (
            <p role="alert" className="text-sm text-red-700">
              {actionData.error}
            </p>
          ) : null}
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2 pr-2 font-medium">
                  Theme
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Offered
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Default
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.themes.map(({ id, allowed }) => (
                <tr key={id} className="border-b border-slate-100">
                  <th scope="row" className="py-2 pr-2 font-normal">
                    <span className="block font-semibold text-slate-900">{t.names[id]}</span>
                    <span className="block text-xs text-slate-600">{t.hints[id]}</span>
                  </th>
                  <td className="px-2 py-2">
                    <input type="checkbox" name="allowed" value={id} defaultChecked={allowed} aria-label={`Offer ${t.names[id]}`} className="size-5" />
                  </td>
                  <td className="px-2 py-2">
                    <input
                      type="radio"
                      name="defaultTheme"
                      value={id}
                      defaultChecked={loaderData.defaultTheme === id}
                      aria-label={`${t.names[id]} as the default`}
                      className="size-5"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <SubmitButton pendingText="Saving…" className="w-auto! min-w-32">
            Save
          </SubmitButton>
        </form>
      </Card>
    </div>
  );
}
