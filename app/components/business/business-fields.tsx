import type { FieldMetadata } from "@conform-to/react";
import { Field, SelectField, TextAreaField } from "~/components/form";
import { NATURE_OPTIONS, TITLE_OPTIONS } from "~/lib/business-form";

import type { BusinessFieldName } from "#contracts/business.ts";

type Text = FieldMetadata<string | undefined>;

/**
 * Every field of a business (SPEC §3 plus what a card needs), for the add and edit forms.
 * Contact inputs are typed tel/email/url for the phone keyboard; the messages are the API's.
 */
export function BusinessFields({ fields: all, foreign = false }: { fields: { [K in BusinessFieldName]: unknown }; foreign?: boolean }) {
  // Every business field is a string in the form (the schemas turn "" into "not set").
  const fields = all as { [K in BusinessFieldName]: Text };
  const phoneHint = foreign ? "Outside India? Start with + and your country code." : "10-digit mobile, or a landline with its STD code.";
  return (
    <div className="space-y-5">
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">About the business</legend>
        <Field field={fields.businessName} label="Business name" autoComplete="organization" maxLength={120} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField field={fields.businessNature} label="Nature of business" options={NATURE_OPTIONS} />
          <Field field={fields.category} label="Category" hint="For example: Sweet shop, Dental clinic" maxLength={80} />
        </div>
        <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3">
          <SelectField field={fields.title} label="Title" options={TITLE_OPTIONS} />
          <Field field={fields.contactPerson} label="Contact person" autoComplete="name" maxLength={80} />
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">Contact details</legend>
        {foreign ? <Field field={fields.email} label="Email" type="email" autoComplete="email" inputMode="email" /> : null}
        <Field field={fields.phoneNumber} label="Phone number" type="tel" autoComplete="tel" inputMode="tel" hint={phoneHint} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={fields.alternatePhoneNumber} label="Alternate phone number" type="tel" inputMode="tel" />
          <Field field={fields.whatsappNumber} label="WhatsApp number" type="tel" inputMode="tel" />
        </div>
        {foreign ? null : <Field field={fields.email} label="Email" type="email" autoComplete="email" inputMode="email" />}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">Address and logo</legend>
        <TextAreaField field={fields.address} label="Address" rows={3} />
        <Field field={fields.mapLink} label="Google Maps link" type="url" inputMode="url" placeholder="https://maps.google.com/…" />
        <Field field={fields.logoUrl} label="Logo link" type="url" inputMode="url" hint="A link to your logo image (you can upload one in the card editor)." />
      </fieldset>
    </div>
  );
}
