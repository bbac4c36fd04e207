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

type Shape = z.input<typeof basicDetailsFormSchema>;

const TYPE_OPTIONS = [
  { value: "tel", label: "Phone" },
  { value: "email", label: "Email" },
  { value: "url", label: "Link" },
  { value: "text", label: "Text" },
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

  return (
    <SectionForm form={form} multipart>
      <CardIdField field={fields.cardId} cardNo={card.cardNo} host={host} />
      <Field field={fields.companyName} label="Company name" autoComplete="organization" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field field={fields.name} label="Your name" autoComplete="name" />
        <Field field={fields.designation} label="Designation" placeholder="Owner, Director…" />
      </div>
      <Field field={fields.tagline} label="Tagline" placeholder="What you do, in one line" />

      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold text-slate-900">Contact</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={fields.phoneNumber} label="Phone number" type="tel" inputMode="tel" autoComplete="tel" hint="Outside India? Start with + and the country code." />
          <Field field={fields.whatsappNumber} label="WhatsApp number" type="tel" inputMode="tel" />
          <Field field={fields.alternatePhoneNumber} label="Alternate phone number" type="tel" inputMode="tel" />
          <Field field={fields.email} label="Email" type="email" inputMode="email" autoComplete="email" />
          <Field field={fields.website} label="Website" type="url" inputMode="url" placeholder="www.example.com" />
          <Field field={fields.mapLink} label="Google Maps link" type="url" inputMode="url" />
        </div>
        <TextAreaField field={fields.address} label="Address" rows={3} />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold text-slate-900">More contact details</legend>
        <ul className="space-y-3">
          {rows.map((row, i) => (
            <ContactRow
              key={row.key}
              row={row}
              index={i}
              remove={form.remove.getButtonProps({ name: fields.contactFields.name, index: i })}
            />
          ))}
        </ul>
        <ListFooter field={fields.contactFields} count={rows.length} empty="Add another phone, email, link or a note such as your GSTIN." />
        <IntentButton
          tone="primary"
          disabled={rows.length >= LIMITS.contactFields}
          props={form.insert.getButtonProps({ name: fields.contactFields.name, defaultValue: { type: "tel", label: "", value: "" } })}
        >
          + Add contact row
        </IntentButton>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold text-slate-900">Images</legend>
        <ImageUpload field={fields.logoUrl} label="Logo" purpose="business-logo" businessId={businessId} />
        <ImageUpload field={fields.profileImageUrl} label="Profile photo" purpose="card-profile" businessId={businessId} shape="round" />
        <ImageUpload field={fields.coverImageUrl} label="Cover image" purpose="card-cover" businessId={businessId} shape="wide" />
      </fieldset>
    </SectionForm>
  );
}

type RowShape = { type: (typeof CONTACT_FIELD_TYPES)[number]; label: string; value: string };

/** One extra contact row: its value box takes the chosen type (tel, email, url or text). */
function ContactRow({ row, index, remove }: { row: FieldMetadata<RowShape>; index: number; remove: { name: string; value: string; form: string } }) {
  const f = row.getFieldset();
  const type = (CONTACT_FIELD_TYPES as readonly string[]).includes(f.type.value ?? "") ? (f.type.value as RowShape["type"]) : "text";
  return (
    <ListRow
      title={`Contact row ${index + 1}`}
      remove={
        <IntentButton tone="danger" props={remove} label={`Remove contact row ${index + 1}`}>
          Remove
        </IntentButton>
      }
    >
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
        <SelectField field={f.type} label="Type" options={TYPE_OPTIONS} />
        <Field field={f.label} label="Label" placeholder="e.g. Office, GSTIN" />
      </div>
      <Field field={f.value} label="Value" type={type} />
    </ListRow>
  );
}
