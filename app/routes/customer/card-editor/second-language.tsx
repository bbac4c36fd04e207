import { useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { Route } from "./+types/second-language";
import { secondLanguageFormSchema, type CardSecondLanguage } from "#contracts/card-second-language.ts";
import { LANGUAGES, LANGUAGE_NAMES } from "#contracts/i18n/languages.ts";
import { CARD_SECTIONS, SECTION_TITLE_OPTIONS } from "#contracts/enums.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { getApi } from "~/lib/request-context.server";
import { pageMessages } from "~/lib/i18n.server";
import { Field, SelectField, TextAreaField } from "~/components/form";
import type { EditorCard } from "~/lib/card-editor";
import { loadEditor, saveSection } from "./card-editor.server";
import { sectionMeta, useEditor } from "./editor-context";
import { SectionForm } from "./fields";

/*
 * A card in two languages (issue 24, ADR 0075): the owner's texts again in a second language,
 * each input beside the text it stands for. A plain form: it works with JavaScript off.
 */

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "secondLanguage");

export async function loader({ url, context }: Route.LoaderArgs) {
  const t = pageMessages(context, "cardSecondLanguage");
  const { card } = await loadEditor(context, url);
  if (!card) return { t, stored: null };
  const { secondLanguage } = await getApi(context).get("GET /card/second-language", { query: { cardNo: card.cardNo } });
  return { t, stored: secondLanguage };
}

export async function action(args: Route.ActionArgs) {
  return saveSection(args, {
    schema: secondLanguageFormSchema,
    message: "savedSecondLanguage",
    save: (cardNo, value) => getApi(args.context).call("POST /updateCardSecondLanguage", { body: { cardNo, ...value } }),
  });
}

type Shape = z.input<typeof secondLanguageFormSchema>;

/** The form's values: what is stored, rows lined up with the card's products and links today. */
function defaults(card: EditorCard, stored: CardSecondLanguage | null): Record<string, unknown> {
  const texts = stored?.texts;
  const products = (card.products.items ?? []).map((p) => {
    const t = texts?.products.find((x) => x.key === p.name);
    return { key: p.name, name: t?.name ?? "", description: t?.description ?? "" };
  });
  const links = (card.links.items ?? []).map((l) => ({ key: l.url, label: texts?.links.find((x) => x.key === l.url)?.label ?? "" }));
  return {
    primaryLanguage: stored?.primaryLanguage ?? "en",
    secondLanguage: stored?.secondLanguage ?? "",
    companyName: texts?.companyName ?? "",
    name: texts?.name ?? "",
    designation: texts?.designation ?? "",
    tagline: texts?.tagline ?? "",
    aboutDescription: texts?.aboutDescription ?? "",
    sectionTitles: texts?.sectionTitles ?? {},
    products,
    links,
  };
}

export default function SecondLanguage({ loaderData, actionData }: Route.ComponentProps) {
  const { card } = useEditor();
  return <SecondLanguageForm key={new Date(card.updatedAt).toISOString()} t={loaderData.t.cardSecondLanguage} stored={loaderData.stored} lastResult={actionData?.result} />;
}

function SecondLanguageForm({ t, stored, lastResult }: { t: Route.ComponentProps["loaderData"]["t"]["cardSecondLanguage"]; stored: CardSecondLanguage | null; lastResult?: SubmissionResult<string[]> }) {
  const { card, t: editorText } = useEditor();
  const [form, fields] = useForm<Shape>({
    id: "card-second-language",
    lastResult,
    defaultValue: defaults(card, stored) as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: secondLanguageFormSchema }) as unknown as Submission<Shape>,
  });
  const now = (text: string | undefined | null) => (text ? fmt(t.now, { text }) : undefined);
  const b = card.basicDetails;
  const languages = LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }));
  const titles = fields.sectionTitles.getFieldset();
  const products = fields.products.getFieldList();
  const links = fields.links.getFieldList();
  const ownTitle = (key: (typeof CARD_SECTIONS)[number]) => card.settings.sectionTitles?.[key] || SECTION_TITLE_OPTIONS[key][0];
  return (
    <SectionForm form={form} submitLabel={t.save}>
      <p className="text-sm text-slate-600">{t.intro}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField field={fields.primaryLanguage} label={t.primaryLanguage} options={languages} />
        <SelectField field={fields.secondLanguage} label={t.secondLanguage} options={[{ value: "", label: t.none }, ...languages]} />
      </div>

      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold text-slate-900">{t.basics}</legend>
        <Field field={fields.companyName} label={t.companyName} hint={now(b.companyName)} />
        <Field field={fields.name} label={t.name} hint={now(b.name)} />
        <Field field={fields.designation} label={t.designation} hint={now(b.designation)} />
        <Field field={fields.tagline} label={t.tagline} hint={now(b.tagline)} />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold text-slate-900">{t.aboutUs}</legend>
        <TextAreaField field={fields.aboutDescription} label={t.aboutUs} rows={5} hint={now(card.aboutUs.description)} />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold text-slate-900">{t.sectionTitles}</legend>
        {CARD_SECTIONS.map((key) => (
          <Field key={key} field={titles[key]} label={editorText.cardSectionNames[key]} hint={now(ownTitle(key))} />
        ))}
      </fieldset>

      {products.length ? (
        <fieldset className="space-y-3">
          <legend className="mb-2 font-semibold text-slate-900">{t.products}</legend>
          {products.map((row) => {
            const p = row.getFieldset();
            const own = card.products.items?.find((x) => x.name === p.key.initialValue);
            return (
              <div key={row.key} className="space-y-2 rounded-lg border border-slate-200 p-3">
                <input type="hidden" name={p.key.name} value={p.key.initialValue ?? ""} />
                <Field field={p.name} label={t.productName} hint={now(own?.name)} />
                <TextAreaField field={p.description} label={t.productDescription} rows={2} hint={now(own?.description)} />
              </div>
            );
          })}
        </fieldset>
      ) : null}

      {links.length ? (
        <fieldset className="space-y-3">
          <legend className="mb-2 font-semibold text-slate-900">{t.links}</legend>
          {links.map((row) => {
            const l = row.getFieldset();
            const own = card.links.items?.find((x) => x.url === l.key.initialValue);
            return (
              <div key={row.key}>
                <input type="hidden" name={l.key.name} value={l.key.initialValue ?? ""} />
                <Field field={l.label} label={t.linkLabel} hint={now(own?.label)} />
              </div>
            );
          })}
        </fieldset>
      ) : null}
    </SectionForm>
  );
}
