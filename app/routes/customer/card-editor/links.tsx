import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type { Route } from "./+types/links";
import { linksFormSchema } from "#contracts/cards.ts";
import { LIMITS } from "#contracts/constants.ts";
import { getApi } from "~/lib/request-context.server";
import { saveSection } from "~/lib/card-editor.server";
import { formDefaults } from "~/lib/card-editor";
import { Field } from "~/components/form";
import { useEditor } from "~/components/card-editor/editor-context";
import { IntentButton, ListFooter, ListRow, SectionForm } from "~/components/card-editor/fields";
import { useSectionForm } from "~/components/card-editor/use-section-form";

export const meta = () => [{ title: "Links · Digital business card" }];

export async function action(args: Route.ActionArgs) {
  return saveSection(args, {
    schema: linksFormSchema,
    message: "Links saved.",
    save: (cardNo, value) => getApi(args.context).call("POST /updateCardLinks", { body: { cardNo, ...value } }),
  });
}

type Shape = z.input<typeof linksFormSchema>;
const LABEL_SUGGESTIONS = ["Instagram", "Facebook", "YouTube", "X (Twitter)", "LinkedIn", "Website", "Google Reviews", "Justdial", "IndiaMART"];

export default function Links({ actionData }: Route.ComponentProps) {
  const { card } = useEditor();
  return <LinksForm key={String(card.updatedAt)} lastResult={actionData?.result} />;
}

function LinksForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { card } = useEditor();
  const [form, fields] = useSectionForm<Shape>("links", linksFormSchema, formDefaults(card).links, lastResult);
  const items = fields.items.getFieldList();
  return (
    <SectionForm form={form}>
      {/* The heading is chosen in Settings; kept here so saving links does not clear it. */}
      <input type="hidden" name={fields.title.name} value={fields.title.initialValue ?? ""} />
      <datalist id="link-labels">
        {LABEL_SUGGESTIONS.map((l) => (
          <option key={l} value={l} />
        ))}
      </datalist>
      <ul className="space-y-3">
        {items.map((item, i) => {
          const f = item.getFieldset();
          return (
            <ListRow
              key={item.key}
              title={`Link ${i + 1}`}
              remove={
                <IntentButton tone="danger" label={`Remove link ${i + 1}`} props={form.remove.getButtonProps({ name: fields.items.name, index: i })}>
                  Remove
                </IntentButton>
              }
            >
              {f.linkTypeId.initialValue ? <input type="hidden" name={f.linkTypeId.name} value={String(f.linkTypeId.initialValue)} /> : null}
              <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
                <Field field={f.label} label="Label" list="link-labels" placeholder="Instagram" />
                <Field field={f.url} label="Link" type="url" inputMode="url" placeholder="https://instagram.com/yourshop" />
              </div>
            </ListRow>
          );
        })}
      </ul>
      <ListFooter field={fields.items} count={items.length} empty="No links yet." />
      <IntentButton
        tone="primary"
        disabled={items.length >= LIMITS.links}
        props={form.insert.getButtonProps({ name: fields.items.name, defaultValue: { label: "", url: "" } })}
      >
        + Add link
      </IntentButton>
    </SectionForm>
  );
}
