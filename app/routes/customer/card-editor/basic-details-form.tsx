import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { basicDetailsFormSchema } from "#contracts/cards.ts";
import { LIMITS } from "#contracts/constants.ts";
import { CONTACT_FIELD_TYPES } from "#contracts/enums.ts";
import { formatPhone } from "#contracts/phone.ts";
import { formDefaults, type EditorCard } from "~/lib/card-editor";
import { Field, SelectField, TextAreaField } from "~/components/form";
import { CardIdField } from "./card-id-field";
import { IntentButton, ListFooter, ListRow, SectionForm } from "./fields";
import { ImageUpload } from "./image-upload";
import { useSectionForm } from "./use-section-form";
import { useEditor, type EditorText } from "./editor-context";
import { fmt } from "#contracts/i18n/fmt.ts";

type Shape = z.input<typeof basicDetailsFormSchema>;

const typeOptions = (t: EditorText) =>
  [
    { value: "tel", label: t.typePhone },
    { value: "email", label: t.typeEmail },
    { value: "url", label: t.typeLink },
    { value: "text", label: t.typeText },
  ] as const satisfies readonly { value: (typeof CONTACT_FIELD_TYPES)[number]; label: string }[];

/** Stored numbers are E.164: the form shows them the way people write them. */
function withPhonesShown<T extends Partial<Record<(typeof PHONE_KEYS)[number], string>> & { contactFields: { type: string; value: string }[] }>(d: T): T {
  const shown = Object.fromEntries(PHONE_KEYS.flatMap((k) => (d[k] ? [[k, formatPhone(d[k])]] : [])));
  return { ...d, ...shown, contactFields: d.contactFields.map((f) => (f.type === "tel" ? { ...f, value: formatPhone(f.value) } : f)) };
}
const PHONE_KEYS = ["phoneNumber", "alternatePhoneNumber", "whatsappNumber"] as const;

export function BasicDetailsForm({
  card,
  businessId,
  host,
  lastResult,
}: {
  card: EditorCard;
  businessId: number;
  host: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSectionForm<Shape>("basic-details", basicDetailsFormSchema, withPhonesShown(formDefaults(card).basicDetails), lastResult);
  const rows = fields.contactFields.getFieldList();
  const { t } = useEditor();

  return (
    <SectionForm form={form} multipart>
      <CardIdField field={fields.cardId} cardNo={card.cardNo} host={host} t={t} />
      <Field field={fields.companyName} label={t.companyName} autoComplete="organization" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field field={fields.name} label={t.yourName} autoComplete="name" />
        <Field field={fields.designation} label={t.designation} placeholder={t.designationPlaceholder} />
      </div>
      <Field field={fields.tagline} label={t.tagline} placeholder={t.taglinePlaceholder} />

      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold text-slate-900">{t.contact}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={fields.phoneNumber} label={t.phoneNumber} type="tel" inputMode="tel" autoComplete="tel" hint={t.phoneHint} />
          <Field field={fields.whatsappNumber} label={t.whatsappNumber} type="tel" inputMode="tel" />
          <Field field={fields.alternatePhoneNumber} label={t.alternatePhoneNumber} type="tel" inputMode="tel" />
          <Field field={fields.email} label={t.email} type="email" inputMode="email" autoComplete="email" />
          <Field field={fields.website} label={t.website} type="url" inputMode="url" placeholder="www.example.com" />
          <Field field={fields.mapLink} label={t.mapLink} type="url" inputMode="url" />
        </div>
        <TextAreaField field={fields.address} label={t.address} rows={3} />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold text-slate-900">{t.moreContact}</legend>
        <ul className="space-y-3">
          {rows.map((row, i) => (
            <ContactRow
              key={row.key}
              row={row}
              index={i}
              t={t}
              remove={form.remove.getButtonProps({ name: fields.contactFields.name, index: i })}
            />
          ))}
        </ul>
        <ListFooter field={fields.contactFields} count={rows.length} empty={t.contactEmpty} />
        <IntentButton
          tone="primary"
          disabled={rows.length >= LIMITS.contactFields}
          props={form.insert.getButtonProps({ name: fields.contactFields.name, defaultValue: { type: "tel", label: "", value: "" } })}
        >
          {t.addContactRow}
        </IntentButton>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold text-slate-900">{t.images}</legend>
        <ImageUpload field={fields.logoUrl} label={t.logo} purpose="business-logo" businessId={businessId} />
        <ImageUpload field={fields.profileImageUrl} label={t.profilePhoto} purpose="card-profile" businessId={businessId} shape="round" />
        <ImageUpload field={fields.coverImageUrl} label={t.coverImage} purpose="card-cover" businessId={businessId} shape="wide" />
      </fieldset>
    </SectionForm>
  );
}

type RowShape = { type: (typeof CONTACT_FIELD_TYPES)[number]; label: string; value: string };

/** One extra contact row: its value box takes the chosen type (tel, email, url or text). */
function ContactRow({
  row,
  index,
  remove,
  t,
}: {
  row: FieldMetadata<RowShape>;
  index: number;
  remove: { name: string; value: string; form: string };
  t: EditorText;
}) {
  const f = row.getFieldset();
  const type = (CONTACT_FIELD_TYPES as readonly string[]).includes(f.type.value ?? "") ? (f.type.value as RowShape["type"]) : "text";
  return (
    <ListRow
      title={fmt(t.contactRow, { n: index + 1 })}
      remove={
        <IntentButton tone="danger" props={remove} label={fmt(t.removeContactRow, { n: index + 1 })}>
          {t.remove}
        </IntentButton>
      }
    >
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
        <SelectField field={f.type} label={t.type} options={typeOptions(t)} />
        <Field field={f.label} label={t.label} placeholder={t.labelPlaceholder} />
      </div>
      <Field field={f.value} label={t.value} type={type} />
    </ListRow>
  );
}
