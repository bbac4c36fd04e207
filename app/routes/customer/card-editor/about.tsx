import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type { Route } from "./+types/about";
import { aboutUsFormSchema } from "#contracts/cards.ts";
import { EARLIEST_YEAR, LIMITS } from "#contracts/constants.ts";
import { getApi } from "~/lib/request-context.server";
import { saveSection } from "./card-editor.server";
import { formDefaults } from "~/lib/card-editor";
import { Field, SelectField, TextAreaField } from "~/components/form";
import { useEditor, sectionMeta } from "./editor-context";
import { IntentButton, ListFooter, SectionForm } from "./fields";
import { useSectionForm } from "./use-section-form";
import { fmt } from "#contracts/i18n/fmt.ts";

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "about");

export async function action(args: Route.ActionArgs) {
  return saveSection(args, {
    schema: aboutUsFormSchema,
    message: "savedAbout",
    save: (cardNo, value) => getApi(args.context).call("POST /updateCardAboutUs", { body: { cardNo, ...value } }),
  });
}

type Shape = z.input<typeof aboutUsFormSchema>;

/** This year back to 1950 (SPEC §5, §9: the earliest year). */
function yearOptions(notSet: string) {
  const years = [{ value: "", label: notSet }];
  for (let y = new Date().getFullYear(); y >= EARLIEST_YEAR; y--) years.push({ value: String(y), label: String(y) });
  return years;
}

export default function AboutUs({ actionData }: Route.ComponentProps) {
  const { card } = useEditor();
  return <AboutUsForm key={new Date(card.updatedAt).toISOString()} lastResult={actionData?.result} />;
}

function AboutUsForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { card, t } = useEditor();
  const [form, fields] = useSectionForm<Shape>("about", aboutUsFormSchema, formDefaults(card).about, lastResult);
  const specialities = fields.specialities.getFieldList();
  return (
    <SectionForm form={form}>
      {/* The heading is chosen in Settings; kept here so saving this section does not clear it. */}
      <input type="hidden" name={fields.title.name} value={fields.title.initialValue ?? ""} />
      <TextAreaField field={fields.description} label={t.aboutBusiness} rows={6} hint={t.aboutBusinessHint} />
      <SelectField field={fields.establishedYear as never} label={t.yearEstablished} options={yearOptions(t.notSet)} />

      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold text-slate-900">{t.specialities}</legend>
        <ul className="space-y-2">
          {specialities.map((item, i) => (
            <li key={item.key} className="flex items-end gap-2">
              <div className="min-w-0 flex-1">
                <Field field={item} label={fmt(t.speciality, { n: i + 1 })} />
              </div>
              <IntentButton tone="danger" label={fmt(t.removeSpeciality, { n: i + 1 })} props={form.remove.getButtonProps({ name: fields.specialities.name, index: i })}>
                {t.remove}
              </IntentButton>
            </li>
          ))}
        </ul>
        <ListFooter field={fields.specialities} count={specialities.length} empty={t.noSpecialities} />
        <IntentButton
          tone="primary"
          disabled={specialities.length >= LIMITS.specialities}
          props={form.insert.getButtonProps({ name: fields.specialities.name, defaultValue: "" })}
        >
          {t.addSpeciality}
        </IntentButton>
      </fieldset>
    </SectionForm>
  );
}
