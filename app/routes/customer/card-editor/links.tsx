import { getSelectProps, type SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type { Route } from "./+types/links";
import { linksFormSchema } from "#contracts/cards.ts";
import { LIMITS } from "#contracts/constants.ts";
import { composeLinkUrl, linkInputFromUrl } from "#contracts/link-store-constants.ts";
import type { LinkType } from "#contracts/link-store.ts";
import { getApi } from "~/lib/request-context.server";
import { saveSection } from "./card-editor.server";
import { formDefaults } from "~/lib/card-editor";
import { ErrorList, Field, inputClass } from "~/components/form";
import { useEditor, sectionMeta } from "./editor-context";
import { IntentButton, ListFooter, ListRow, SectionForm } from "./fields";
import { useSectionForm } from "./use-section-form";
import { fmt } from "#contracts/i18n/fmt.ts";

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "links");

/** The Link Store's types (ADR 0020): the picker's options, grouped by category. */
export async function loader({ context }: Route.LoaderArgs) {
  const { list } = await getApi(context).get("GET /link-store/link-type");
  return { linkTypes: list };
}

/** The API names a list's fields `items.0.url`; Conform's inputs are `items[0].url`. */
const conformName = (path: string) => path.replace(/\.(\d+)(?=\.|$)/g, "[$1]");

export async function action(args: Route.ActionArgs) {
  return saveSection(args, {
    schema: linksFormSchema,
    message: "savedLinks",
    save: async (cardNo, value) => {
      const res = await getApi(args.context).call("POST /updateCardLinks", { body: { cardNo, ...value } });
      if (res.ok || !res.fieldErrors) return res;
      return { ...res, fieldErrors: Object.fromEntries(Object.entries(res.fieldErrors).map(([k, v]) => [conformName(k), v])) };
    },
  });
}

type Shape = z.input<typeof linksFormSchema>;

export default function Links({ loaderData, actionData }: Route.ComponentProps) {
  const { card } = useEditor();
  return <LinksForm key={new Date(card.updatedAt).toISOString()} linkTypes={loaderData.linkTypes} lastResult={actionData?.result} />;
}

/** Types grouped by category, in the store's order. */
function groups(types: LinkType[]) {
  const out = new Map<string, LinkType[]>();
  for (const type of types) out.set(type.categoryName, [...(out.get(type.categoryName) ?? []), type]);
  return [...out];
}

function LinksForm({ linkTypes, lastResult }: { linkTypes: LinkType[]; lastResult?: SubmissionResult<string[]> }) {
  const { card, t } = useEditor();
  const byId = new Map(linkTypes.map((type) => [String(type.linkTypeId), type]));
  // A typed link shows what the customer typed (the handle or number), not the whole link.
  const saved = formDefaults(card).links;
  const defaults = { ...saved, items: saved.items.map((l) => ({ ...l, url: linkInputFromUrl(byId.get(l.linkTypeId ?? ""), l.url) })) };
  // The preview shows each typed link as the API will store it: the prefix, and the type's name as label.
  const toDraft = (value: unknown) => {
    const v = (value ?? {}) as { items?: { linkTypeId?: string; label?: string; url?: string }[] };
    const items = (v.items ?? []).map((item) => {
      const type = byId.get(String(item?.linkTypeId ?? ""));
      if (!type || !item?.url) return item;
      return { ...item, label: item.label || type.name, url: composeLinkUrl(type, item.url) ?? item.url };
    });
    return { ...v, items };
  };
  const [form, fields] = useSectionForm<Shape>("links", linksFormSchema, defaults, lastResult, toDraft);
  const items = fields.items.getFieldList();
  const options = groups(linkTypes);
  const [introBefore, introAfter = ""] = t.linksIntro.split("{example}");
  return (
    <SectionForm form={form}>
      {/* The heading is chosen in Settings; kept here so saving links does not clear it. */}
      <input type="hidden" name={fields.title.name} value={fields.title.initialValue ?? ""} />
      <p className="text-sm text-slate-600">
        {introBefore}
        <span className="font-medium">sharmasweets</span>
        {introAfter}
      </p>
      <ul className="space-y-3">
        {items.map((item, i) => {
          const f = item.getFieldset();
          const type = byId.get(String(f.linkTypeId.value ?? f.linkTypeId.initialValue ?? ""));
          const select = getSelectProps(f.linkTypeId);
          return (
            <ListRow
              key={item.key}
              title={fmt(t.link, { n: i + 1 })}
              remove={
                <IntentButton tone="danger" label={fmt(t.removeLink, { n: i + 1 })} props={form.remove.getButtonProps({ name: fields.items.name, index: i })}>
                  {t.remove}
                </IntentButton>
              }
            >
              <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
                <div className="space-y-1">
                  <label htmlFor={f.linkTypeId.id} className="block text-sm font-medium text-slate-700">
                    {t.type}
                  </label>
                  <div className="flex items-center gap-2">
                    {type?.iconUrl ? <img src={type.iconUrl} alt="" width={24} height={24} className="size-6 shrink-0 object-contain" /> : null}
                    <select {...select} key={select.key} className={inputClass}>
                      <option value="">{t.otherLink}</option>
                      {options.map(([category, list]) => (
                        <optgroup key={category} label={category}>
                          {list.map((option) => (
                            <option key={option.linkTypeId} value={option.linkTypeId}>
                              {option.name}
                            </option>
                          ))}
                        </optgroup>
                      ))}
                    </select>
                  </div>
                  <ErrorList id={f.linkTypeId.errorId} errors={f.linkTypeId.errors} />
                </div>
                <Field
                  field={f.url}
                  label={type ? fmt(type.fieldType === "tel" ? t.linkNumber : t.linkUsername, { name: type.name }) : t.linkField}
                  inputMode={type?.fieldType === "tel" ? "tel" : "url"}
                  placeholder={type?.placeholder ?? "https://example.com/yourpage"}
                />
              </div>
              <Field field={f.label} label={type ? t.labelOptional : t.label} placeholder={type?.name ?? t.linkLabelPlaceholder} />
            </ListRow>
          );
        })}
      </ul>
      <ListFooter field={fields.items} count={items.length} empty={t.noLinks} />
      <IntentButton
        tone="primary"
        disabled={items.length >= LIMITS.links}
        props={form.insert.getButtonProps({ name: fields.items.name, defaultValue: { linkTypeId: "", label: "", url: "" } })}
      >
        {t.addLink}
      </IntentButton>
    </SectionForm>
  );
}
