import { getInputProps, type SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/settings";
import { SECTION_TITLE_OPTIONS, type CardSection } from "#contracts/enums.ts";
import { getApi } from "~/lib/request-context.server";
import { saveSection } from "./card-editor.server";
import { formDefaults, settingsEditorSchema } from "~/lib/card-editor";
import { fmt } from "#contracts/i18n/fmt.ts";
import { CheckboxField, ErrorList, Field } from "~/components/form";
import { useEditor, sectionMeta } from "./editor-context";
import { IntentButton, SectionForm } from "./fields";
import { useSectionForm } from "./use-section-form";

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "settings");

export async function action(args: Route.ActionArgs) {
  return saveSection(args, {
    schema: settingsEditorSchema,
    message: "savedSettings",
    save: (cardNo, value) => getApi(args.context).call("POST /updateCardSettings", { body: { cardNo, ...value } }),
  });
}

type Shape = {
  sectionTitles: Partial<Record<CardSection, string>>;
  show: Partial<Record<CardSection, string>>;
  sectionOrder: CardSection[];
  themeColor: string;
  showSaveContact: string;
  showShareButton: string;
};

export default function Settings({ actionData }: Route.ComponentProps) {
  const { card } = useEditor();
  return <SettingsForm key={new Date(card.updatedAt).toISOString()} lastResult={actionData?.result} />;
}

function HiddenInput({ props: { key: _key, ...props } }: { props: ReturnType<typeof getInputProps> }) {
  return <input {...props} />;
}

function SettingsForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { card, t } = useEditor();
  const [form, fields] = useSectionForm<Shape>("settings", settingsEditorSchema, formDefaults(card).settings, lastResult);
  const order = fields.sectionOrder.getFieldList();
  const titles = fields.sectionTitles.getFieldset();
  const show = fields.show.getFieldset();
  const colour = getInputProps(fields.themeColor, { type: "color" });

  return (
    <SectionForm form={form}>
      <fieldset className="space-y-3">
        <legend className="mb-1 font-semibold text-slate-900">{t.sectionsLegend}</legend>
        <p className="text-sm text-slate-600">{t.sectionsIntro}</p>
        <ol className="space-y-3">
          {order.map((item, i) => {
            const key = item.value as CardSection;
            const section = t.cardSectionNames[key];
            return (
              <li key={item.key} className="space-y-3 rounded-xl border border-slate-200 bg-slate-50/60 p-3">
                <HiddenInput props={getInputProps(item, { type: "hidden" })} />
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold text-slate-800">{section}</h3>
                  <div className="flex gap-2">
                    <IntentButton
                      label={fmt(t.moveUp, { section })}
                      disabled={i === 0}
                      props={form.reorder.getButtonProps({ name: fields.sectionOrder.name, from: i, to: i - 1 })}
                    >
                      {t.up}
                    </IntentButton>
                    <IntentButton
                      label={fmt(t.moveDown, { section })}
                      disabled={i === order.length - 1}
                      props={form.reorder.getButtonProps({ name: fields.sectionOrder.name, from: i, to: i + 1 })}
                    >
                      {t.down}
                    </IntentButton>
                  </div>
                </div>
                <CheckboxField field={show[key]} label={fmt(t.showOnCard, { section })} />
                <datalist id={`titles-${key}`}>
                  {SECTION_TITLE_OPTIONS[key].map((t) => (
                    <option key={t} value={t} />
                  ))}
                </datalist>
                <Field
                  field={titles[key]}
                  label={fmt(t.sectionHeading, { section })}
                  list={`titles-${key}`}
                  placeholder={SECTION_TITLE_OPTIONS[key][0]}
                  hint={fmt(t.headingHint, { options: SECTION_TITLE_OPTIONS[key].join(", ") })}
                />
              </li>
            );
          })}
        </ol>
        <ErrorList id={fields.sectionOrder.errorId} errors={fields.sectionOrder.errors} />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-1 font-semibold text-slate-900">{t.lookAndButtons}</legend>
        <div className="flex items-center gap-3">
          <input {...colour} key={colour.key} className="h-10 w-16 cursor-pointer rounded border border-slate-300 bg-white" />
          <label htmlFor={fields.themeColor.id} className="text-sm font-medium text-slate-700">
            {t.themeColour}
          </label>
        </div>
        <ErrorList id={fields.themeColor.errorId} errors={fields.themeColor.errors} />
        <CheckboxField field={fields.showSaveContact} label={t.showSaveContact} />
        <CheckboxField field={fields.showShareButton} label={t.showShareButton} />
      </fieldset>
    </SectionForm>
  );
}
