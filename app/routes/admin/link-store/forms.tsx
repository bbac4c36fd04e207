import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { z } from "zod";
import { Card } from "~/components/panel-shell";
import { ErrorList, Field, FormError, inputClass, SubmitButton } from "~/components/form";
import { FILE_SUFFIX, IMAGE_TYPES } from "~/lib/card-editor-upload";
import {
  BUILTIN_LINK_ICONS,
  builtinIconUrl,
  isBuiltinIconUrl,
  linkCategoryBody,
  linkTypeBody,
  type LinkCategory,
  type LinkType,
  type BuiltinLinkIcon,
} from "#contracts/link-store.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

type Result = SubmissionResult<string[]> | null | undefined;
type Words = { t: Catalogue["staffLinkStore"]; common: Catalogue["staffCommon"] };
type FormProps<T> = { item: T | null; action: string; cancelTo: string; intent: string; lastResult: Result } & Words;

/** A built-in icon's label in the page's language (brand names stay as they are). */
const iconLabel = (t: Words["t"], key: BuiltinLinkIcon, label: string) =>
  (({ website: t.iconWebsite, map: t.iconMap, reviews: t.iconReviews, shop: t.iconShop, link: t.iconLink }) as Partial<Record<BuiltinLinkIcon, string>>)[key] ?? label;

function Buttons({ cancelTo, intent, label, common }: { cancelTo: string; intent: string; label: string; common: Words["common"] }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Link to={cancelTo} className="inline-flex items-center justify-center rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
        {common.cancel}
      </Link>
      <SubmitButton name="intent" value={intent} pendingText={common.saving} className="w-auto! min-w-32">
        {label}
      </SubmitButton>
    </div>
  );
}

export function CategoryForm({ item, action, cancelTo, intent, lastResult, t, common }: FormProps<LinkCategory>) {
  const [form, fields] = useForm<z.input<typeof linkCategoryBody>>({
    id: item ? `link-category-${item.linkCategoryId}` : "link-category-new",
    lastResult,
    defaultValue: { linkCategoryId: item?.linkCategoryId, name: item?.name ?? "", sortOrder: item?.sortOrder ?? 0 } as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: linkCategoryBody }),
  });
  return (
    <Card>
      <h2 className="mb-3 font-semibold text-slate-900">{item ? fmt(t.renameNamed, { name: item.name }) : t.addCategoryTitle}</h2>
      <Form method="post" action={action} {...getFormProps(form)} noValidate className="space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        {item ? <input type="hidden" name={fields.linkCategoryId.name} value={item.linkCategoryId} /> : null}
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <Field field={fields.name} label={t.categoryName} placeholder={t.categoryNamePlaceholder} />
          <Field field={fields.sortOrder} label={t.order} type="number" inputMode="numeric" min={0} />
        </div>
        <Buttons cancelTo={cancelTo} intent={intent} label={item ? t.saveCategory : t.addCategory} common={common} />
      </Form>
    </Card>
  );
}

/**
 * A link type: its category, name, icon (one of the built-in set, or an upload: the file travels
 * with the form, so no JavaScript is needed), what customers type and the prefix put before it.
 */
export function TypeForm({ item, categories, action, cancelTo, intent, lastResult, t, common }: FormProps<LinkType> & { categories: LinkCategory[] }) {
  const [form, fields] = useForm<z.input<typeof linkTypeBody>>({
    id: item ? `link-type-${item.linkTypeId}` : "link-type-new",
    lastResult,
    defaultValue: {
      linkTypeId: item?.linkTypeId,
      linkCategoryId: item?.linkCategoryId ?? categories[0]?.linkCategoryId,
      name: item?.name ?? "",
      iconUrl: item?.iconUrl ?? builtinIconUrl("link"),
      fieldType: item?.fieldType ?? "url",
      urlPrefix: item?.urlPrefix ?? "",
      placeholder: item?.placeholder ?? "",
      sortOrder: item?.sortOrder ?? 0,
    } as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: linkTypeBody }),
  });
  const icon = fields.iconUrl.initialValue ?? "";
  const custom = icon && !isBuiltinIconUrl(icon) ? icon : null;
  const select = (field: typeof fields.linkCategoryId | typeof fields.fieldType, label: string, options: { value: string | number; label: string }[]) => (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select {...getSelectProps(field)} key={field.key} className={inputClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
  return (
    <Card>
      <h2 className="mb-3 font-semibold text-slate-900">{item ? fmt(t.editNamed, { name: item.name }) : t.addTypeTitle}</h2>
      <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} noValidate className="space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        {item ? <input type="hidden" name={fields.linkTypeId.name} value={item.linkTypeId} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={fields.name} label={t.name} placeholder="Instagram" />
          {select(fields.linkCategoryId, t.category, categories.map((c) => ({ value: c.linkCategoryId, label: c.name })))}
        </div>
        <fieldset className="space-y-2" aria-describedby={fields.iconUrl.errorId}>
          <legend className="text-sm font-medium text-slate-700">{t.icon}</legend>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
            {[...BUILTIN_LINK_ICONS.map((i) => ({ url: builtinIconUrl(i.key), label: iconLabel(t, i.key, i.label) })), ...(custom ? [{ url: custom, label: t.uploaded }] : [])].map((o) => (
              <label key={o.url} className="flex cursor-pointer flex-col items-center gap-1 rounded-lg p-2 text-xs text-slate-700 ring-1 ring-slate-200 has-[:checked]:bg-slate-100 has-[:checked]:ring-2 has-[:checked]:ring-brand">
                <input type="radio" name={fields.iconUrl.name} value={o.url} defaultChecked={o.url === icon} className="sr-only" />
                <img src={o.url} alt="" width={28} height={28} className="size-7 object-contain" />
                {o.label}
              </label>
            ))}
          </div>
          <label className="block text-sm text-slate-700">
            {t.uploadOwn}
            <input type="file" name={`${fields.iconUrl.name}${FILE_SUFFIX}`} accept={IMAGE_TYPES} className="mt-1 block w-full text-sm" />
          </label>
          <ErrorList id={fields.iconUrl.errorId} errors={fields.iconUrl.errors} />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          {select(fields.fieldType, t.customersType, [
            { value: "url", label: t.typeUrl },
            { value: "tel", label: t.typeTel },
          ])}
          <Field field={fields.urlPrefix} label={t.prefix} type="url" placeholder="https://instagram.com/" hint={t.prefixHint} />
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <Field field={fields.placeholder} label={t.placeholder} placeholder={t.placeholderExample} />
          <Field field={fields.sortOrder} label={t.order} type="number" inputMode="numeric" min={0} />
        </div>
        <Buttons cancelTo={cancelTo} intent={intent} label={item ? t.saveLinkType : t.addLinkType} common={common} />
      </Form>
    </Card>
  );
}
