import { getCollectionProps, type SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type { Route } from "./+types/template";
import { templateFormSchema } from "#contracts/cards.ts";
import type { CardTemplate } from "#contracts/enums.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { getApi } from "~/lib/request-context.server";
import { pageMessages } from "~/lib/i18n.server";
import { apiUrl } from "~/lib/api-url";
import { saveSection } from "./card-editor.server";
import { formDefaults } from "~/lib/card-editor";
import { ErrorList } from "~/components/form";
import { useEditor, sectionMeta } from "./editor-context";
import { SectionForm } from "./fields";
import { useSectionForm } from "./use-section-form";

/*
 * The card's theme (issue 26, ADR 0070): the themes the agency offers, each shown as a picture
 * of the owner's own card drawn by the server (cached by the card's version), with the agency's
 * suggestion marked. Radio buttons in a plain form: works without JavaScript; with it, the live
 * preview beside the form shows the whole card in the theme being picked.
 */

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "template");

export async function loader({ context }: Route.LoaderArgs) {
  const { themes, defaultTheme } = await getApi(context).get("GET /card-themes");
  return { themes: themes.map((theme) => theme.id), defaultTheme, t: pageMessages(context, "cardThemes") };
}

export async function action(args: Route.ActionArgs) {
  return saveSection(args, {
    schema: templateFormSchema,
    message: "savedTemplate",
    save: (cardNo, value) => getApi(args.context).call("POST /updateCardTemplate", { body: { cardNo, ...value } }),
  });
}

type Shape = z.input<typeof templateFormSchema>;
type Data = Route.ComponentProps["loaderData"];

export default function Template({ loaderData, actionData }: Route.ComponentProps) {
  const { card } = useEditor();
  return <TemplateForm key={new Date(card.updatedAt).toISOString()} data={loaderData} lastResult={actionData?.result} />;
}

function TemplateForm({ data, lastResult }: { data: Data; lastResult?: SubmissionResult<string[]> }) {
  const { card, publicUrl } = useEditor();
  const t = data.t.cardThemes;
  const [form, fields] = useSectionForm<Shape>("template", templateFormSchema, formDefaults(card).template, lastResult);
  // The card's own theme stays listed even when the agency no longer offers it.
  const ids: CardTemplate[] = data.themes.includes(card.template) ? data.themes : [card.template, ...data.themes];
  const options = getCollectionProps(fields.template, { type: "radio", options: ids });
  const version = String(new Date(card.updatedAt).getTime());
  return (
    <SectionForm form={form}>
      <fieldset>
        <legend className="mb-1 font-semibold text-slate-900">{t.legend}</legend>
        <p className="mb-3 text-sm text-slate-600">
          {t.intro}{" "}
          <a href={publicUrl} target="_blank" rel="noreferrer" className="font-medium text-brand-dark underline">
            {t.openCard}
          </a>
        </p>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="theme-list">
          {options.map(({ key, ...props }) => {
            const id = props.value as CardTemplate;
            const name = t.names[id];
            return (
              <li key={key}>
                <label className="block h-full cursor-pointer rounded-2xl bg-white p-2 ring-1 ring-slate-300 has-[:checked]:ring-2 has-[:checked]:ring-brand-dark">
                  <img
                    src={apiUrl("GET /card-themes/{theme}/thumbnail.png", { params: { theme: id }, query: { cardNo: card.cardNo, v: version } })}
                    alt={fmt(t.thumbAlt, { name })}
                    width={240}
                    height={360}
                    loading="lazy"
                    className="mx-auto aspect-[2/3] w-full max-w-40 rounded-xl bg-slate-100 ring-1 ring-slate-200"
                  />
                  <span className="mt-2 flex items-center gap-2">
                    <input {...props} className="size-4 accent-brand-dark" />
                    <span className="font-semibold text-slate-900">{name}</span>
                  </span>
                  <span className="mt-1 block text-xs text-slate-600">{t.hints[id]}</span>
                  {id === card.template ? <span className="mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{t.inUse}</span> : null}
                  {id === data.defaultTheme && id !== card.template ? (
                    <span className="mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{t.suggested}</span>
                  ) : null}
                </label>
              </li>
            );
          })}
        </ul>
        <ErrorList id={fields.template.errorId} errors={fields.template.errors} />
      </fieldset>
    </SectionForm>
  );
}
