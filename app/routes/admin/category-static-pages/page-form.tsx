import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { z } from "zod";
import { Card } from "~/components/panel-shell";
import { ErrorList, Field, FormError, inputClass, SubmitButton, TextAreaField } from "~/components/form";
import { FILE_SUFFIX, IMAGE_TYPES, REMOVE_SUFFIX } from "~/lib/card-editor-upload";
import { BUSINESS_NATURES } from "#contracts/enums.ts";
import { categoryStaticPageBody, STATIC_PAGE_LIMITS, type CategoryStaticPage } from "#contracts/category-static-page.ts";

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
}: {
  page: CategoryStaticPage | null;
  action: string;
  cancelTo: string;
  intent: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
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
      <h2 className="mb-3 font-semibold text-slate-900">{page ? `Edit the ${page.category} page` : "Add a category page"}</h2>
      <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} noValidate className="space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        {page ? <input type="hidden" name={fields.categoryStaticPageId.name} value={page.categoryStaticPageId} /> : null}
        <datalist id="business-categories">
          {BUSINESS_NATURES.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={fields.category} label="Business category" list="business-categories" hint="Cards of businesses in this category link to the page." />
          <div className="space-y-1">
            <label htmlFor={fields.isActive.id} className="block text-sm font-medium text-slate-700">
              Status
            </label>
            <select {...getSelectProps(fields.isActive)} key={fields.isActive.key} className={inputClass}>
              <option value="true">Published</option>
              <option value="false">Hidden</option>
            </select>
            <ErrorList id={fields.isActive.errorId} errors={fields.isActive.errors} />
          </div>
        </div>
        <Field field={fields.title} label="Title" />
        <Field field={fields.heading} label="Subheading (optional)" />
        <TextAreaField field={fields.body} label="Body" rows={6} hint="Plain text. Leave an empty line between paragraphs." />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Picture (optional)</legend>
          <input type="hidden" name={fields.imageUrl.name} value={image ?? ""} />
          {image ? <img src={image} alt="Current picture" width={160} height={90} className="aspect-video w-40 rounded-lg object-cover ring-1 ring-slate-200" /> : null}
          <label className="block text-sm text-slate-700">
            {image ? "Replace with" : "Upload"} a JPEG, PNG or WebP
            <input type="file" name={`${fields.imageUrl.name}${FILE_SUFFIX}`} accept={IMAGE_TYPES} className="mt-1 block w-full text-sm" />
          </label>
          {image ? (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name={`${fields.imageUrl.name}${REMOVE_SUFFIX}`} className="size-4" /> Remove the picture
            </label>
          ) : null}
          <ErrorList id={fields.imageUrl.errorId} errors={fields.imageUrl.errors} />
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700">Sections (optional; an empty one is left out)</legend>
          {sections.map((s, i) => {
            const f = s.getFieldset();
            return (
              <div key={s.key} className="space-y-2 rounded-xl p-3 ring-1 ring-slate-200">
                {f.imageUrl.initialValue ? <input type="hidden" name={f.imageUrl.name} value={f.imageUrl.initialValue} /> : null}
                <Field field={f.title} label={`Section ${i + 1} title`} />
                <TextAreaField field={f.body} label={`Section ${i + 1} text`} rows={3} />
              </div>
            );
          })}
          <ErrorList id={fields.sections.errorId} errors={fields.sections.errors} />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={fields.metaTitle} label="Search title (optional)" hint="Up to 70 characters; the title when empty." />
          <Field field={fields.metaDescription} label="Search description (optional)" hint="Up to 160 characters; the first paragraph when empty." />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={cancelTo} className="inline-flex items-center justify-center rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
            Cancel
          </Link>
          <SubmitButton name="intent" value={intent} pendingText="Saving…" className="w-auto! min-w-32">
            {page ? "Save page" : "Add page"}
          </SubmitButton>
        </div>
      </Form>
    </Card>
  );
}
