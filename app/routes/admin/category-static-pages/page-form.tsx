import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { z } from "zod";
import { Card } from "~/components/panel-shell";
import { ErrorList, Field, FormError, inputClass, SubmitButton, TextAreaField } from "~/components/form";
import { FILE_SUFFIX, IMAGE_TYPES, REMOVE_SUFFIX } from "~/lib/card-editor-upload";
import { BUSINESS_NATURES } from "#contracts/enums.ts";
import { categoryStaticPageBody, STATIC_PAGE_LIMITS, type CategoryStaticPage } from "#contracts/category-static-page.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

type Shape = z.input<typeof categoryStaticPageBody>;

/** The saved page as the form's values; one empty section row to add a new one (no JavaScript needed). */
function defaults(page: CategoryStaticPage | null): Shape {
  const sections = (page?.sections ?? []).map((s) => ({ title: s.title ?? "", body: s.body ?? "", imageUrl: s.imageUrl }));
  if (sections.length < STATIC_PAGE_LIMITS.sections) sections.push({ title: "", body: "", imageUrl: undefined });
  return {
    categoryStaticPageId: page?.categoryStaticPageId,
    category: page?.category ?? "",
    title: page?.title ?? "",
    heading: page?.heading ?? "",
    body: page?.body ?? "",
    imageUrl: page?.imageUrl ?? "",
    sections,
    metaTitle: page?.metaTitle ?? "",
    metaDescription: page?.metaDescription ?? "",
    isActive: page ? String(page.isActive) : "true",
  };
}

/**
 * Add or edit a category page: a real multipart form (the picture travels with it), checked
 * with the API's own schema in the browser and again by the API.
 */
export function StaticPageForm({
  page,
  action,
  cancelTo,
  intent,
  lastResult,
  t,
  common,
}: {
  page: CategoryStaticPage | null;
  action: string;
  cancelTo: string;
  intent: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The form's words in the page's language (ADR 0066). */
  t: Catalogue["staffCategoryPages"];
  common: Catalogue["staffCommon"];
}) {
  const [form, fields] = useForm<Shape>({
    id: page ? `static-page-${page.categoryStaticPageId}` : "static-page-new",
    lastResult,
    defaultValue: defaults(page) as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: categoryStaticPageBody }),
  });
  const sections = fields.sections.getFieldList();
  const image = fields.imageUrl.initialValue;
  return (
    <Card>
      <h2 className="mb-3 font-semibold text-slate-900">{page ? fmt(t.editNamed, { category: page.category }) : t.addTitle}</h2>
      <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} noValidate className="space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        {page ? <input type="hidden" name={fields.categoryStaticPageId.name} value={page.categoryStaticPageId} /> : null}
        <datalist id="business-categories">
          {BUSINESS_NATURES.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={fields.category} label={t.category} list="business-categories" hint={t.categoryHint} />
          <div className="space-y-1">
            <label htmlFor={fields.isActive.id} className="block text-sm font-medium text-slate-700">
              {t.status}
            </label>
            <select {...getSelectProps(fields.isActive)} key={fields.isActive.key} className={inputClass}>
              <option value="true">{t.published}</option>
              <option value="false">{t.hidden}</option>
            </select>
            <ErrorList id={fields.isActive.errorId} errors={fields.isActive.errors} />
          </div>
        </div>
        <Field field={fields.title} label={t.pageTitle} />
        <Field field={fields.heading} label={t.heading} />
        <TextAreaField field={fields.body} label={t.body} rows={6} hint={t.bodyHint} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">{t.picture}</legend>
          <input type="hidden" name={fields.imageUrl.name} value={image ?? ""} />
          {image ? <img src={image} alt={t.currentPicture} width={160} height={90} className="aspect-video w-40 rounded-lg object-cover ring-1 ring-slate-200" /> : null}
          <label className="block text-sm text-slate-700">
            {image ? t.replace : t.upload}
            <input type="file" name={`${fields.imageUrl.name}${FILE_SUFFIX}`} accept={IMAGE_TYPES} className="mt-1 block w-full text-sm" />
          </label>
          {image ? (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name={`${fields.imageUrl.name}${REMOVE_SUFFIX}`} className="size-4" /> {t.removePicture}
            </label>
          ) : null}
          <ErrorList id={fields.imageUrl.errorId} errors={fields.imageUrl.errors} />
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700">{t.sections}</legend>
          {sections.map((s, i) => {
            const f = s.getFieldset();
            return (
              <div key={s.key} className="space-y-2 rounded-xl p-3 ring-1 ring-slate-200">
                {f.imageUrl.initialValue ? <input type="hidden" name={f.imageUrl.name} value={f.imageUrl.initialValue} /> : null}
                <Field field={f.title} label={fmt(t.sectionTitle, { n: i + 1 })} />
                <TextAreaField field={f.body} label={fmt(t.sectionText, { n: i + 1 })} rows={3} />
              </div>
            );
          })}
          <ErrorList id={fields.sections.errorId} errors={fields.sections.errors} />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={fields.metaTitle} label={t.metaTitle} hint={t.metaTitleHint} />
          <Field field={fields.metaDescription} label={t.metaDescription} hint={t.metaDescriptionHint} />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={cancelTo} className="inline-flex items-center justify-center rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
            {common.cancel}
          </Link>
          <SubmitButton name="intent" value={intent} pendingText={common.saving} className="w-auto! min-w-32">
            {page ? t.savePage : t.addPage}
          </SubmitButton>
        </div>
      </Form>
    </Card>
  );
}
