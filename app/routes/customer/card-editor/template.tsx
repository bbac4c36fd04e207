import { getCollectionProps, type SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type { Route } from "./+types/template";
import { templateFormSchema } from "#contracts/cards.ts";
import { CARD_TEMPLATES } from "#contracts/enums.ts";
import { getApi } from "~/lib/request-context.server";
import { saveSection } from "./card-editor.server";
import { formDefaults } from "~/lib/card-editor";
import { ErrorList } from "~/components/form";
import { useEditor, sectionMeta, type EditorText } from "./editor-context";
import { SectionForm } from "./fields";
import { TemplateThumbnail } from "./template-thumbnail";
import { useSectionForm } from "./use-section-form";

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "template");

export async function action(args: Route.ActionArgs) {
  return saveSection(args, {
    schema: templateFormSchema,
    message: "savedTemplate",
    save: (cardNo, value) => getApi(args.context).call("POST /updateCardTemplate", { body: { cardNo, ...value } }),
  });
}

type Shape = z.input<typeof templateFormSchema>;
const NAMES = {
  "style-1": { label: "style1", hint: "style1Hint" },
  "style-2": { label: "style2", hint: "style2Hint" },
} as const satisfies Record<(typeof CARD_TEMPLATES)[number], { label: keyof EditorText; hint: keyof EditorText }>;

export default function Template({ actionData }: Route.ComponentProps) {
  const { card } = useEditor();
  return <TemplateForm key={new Date(card.updatedAt).toISOString()} lastResult={actionData?.result} />;
}

function TemplateForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { card, t } = useEditor();
  const [form, fields] = useSectionForm<Shape>("template", templateFormSchema, formDefaults(card).template, lastResult);
  const options = getCollectionProps(fields.template, { type: "radio", options: [...CARD_TEMPLATES] });
  return (
    <SectionForm form={form}>
      <fieldset>
        <legend className="mb-3 font-semibold text-slate-900">{t.cardStyle}</legend>
        <div className="grid grid-cols-2 gap-3">
          {options.map(({ key, ...props }) => {
            const name = NAMES[props.value as keyof typeof NAMES];
            return (
              <label
                key={key}
                className="cursor-pointer rounded-2xl bg-white p-3 ring-1 ring-slate-300 has-[:checked]:ring-2 has-[:checked]:ring-brand"
              >
                <TemplateThumbnail template={props.value as (typeof CARD_TEMPLATES)[number]} color={card.settings.themeColor} />
                <span className="mt-2 flex items-center gap-2">
                  <input {...props} className="size-4 accent-brand" />
                  <span className="font-semibold text-slate-900">{t[name.label]}</span>
                </span>
                <span className="mt-1 block text-xs text-slate-600">{t[name.hint]}</span>
              </label>
            );
          })}
        </div>
        <ErrorList id={fields.template.errorId} errors={fields.template.errors} />
      </fieldset>
    </SectionForm>
  );
}
