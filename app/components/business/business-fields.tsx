import type { FieldMetadata } from "@conform-to/react";
import { Field, SelectField, TextAreaField } from "~/components/form";
import { NATURE_OPTIONS, TITLE_OPTIONS } from "~/lib/business-form";

import type { BusinessFieldName } from "#contracts/business.ts";
import type { BusinessNature } from "#contracts/enums.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

type Text = FieldMetadata<string | undefined>;

/** Each business nature's words in the catalogue (the value posted stays the API's English). */
export const NATURE_KEYS = {
  Manufacturer: "natureManufacturer",
  Retailer: "natureRetailer",
  Wholesaler: "natureWholesaler",
  Distributor: "natureDistributor",
  "Exporter/importer": "natureExporterImporter",
  "Service provider": "natureServiceProvider",
  Restaurant: "natureRestaurant",
  Hotel: "natureHotel",
  "Consultancy Services": "natureConsultancy",
  "Architect and Interior Designer": "natureArchitect",
} as const satisfies Record<BusinessNature, keyof Catalogue["businessForm"]>;

/**
 * Every field of a business (SPEC §3 plus what a card needs), for the add and edit forms.
 * Contact inputs are typed tel/email/url for the phone keyboard; the messages are the API's.
 */
export function BusinessFields({ fields: all, foreign = false, t }: { fields: { [K in BusinessFieldName]: unknown }; foreign?: boolean; t: Catalogue["businessForm"] }) {
  // Every business field is a string in the form (the schemas turn "" into "not set").
  const fields = all as { [K in BusinessFieldName]: Text };
  const phoneHint = foreign ? t.phoneHintForeign : t.phoneHint;
  // The stored values stay English (the API's enums); only what the option shows is translated.
  const titles = TITLE_OPTIONS.map((o) => (o.value === "none" ? { ...o, label: t.noTitle } : o));
  const natures = NATURE_OPTIONS.map((o) => ({ ...o, label: o.value === "" ? t.choose : t[NATURE_KEYS[o.value as BusinessNature]] }));
  return (
    <div className="space-y-5">
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">{t.aboutBusiness}</legend>
        <Field field={fields.businessName} label={t.businessName} autoComplete="organization" maxLength={120} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField field={fields.businessNature} label={t.natureOfBusiness} options={natures} />
          <Field field={fields.category} label={t.category} hint={t.categoryHint} maxLength={80} />
        </div>
        <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3">
          <SelectField field={fields.title} label={t.title} options={titles} />
          <Field field={fields.contactPerson} label={t.contactPerson} autoComplete="name" maxLength={80} />
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">{t.contactDetails}</legend>
        {foreign ? <Field field={fields.email} label={t.email} type="email" autoComplete="email" inputMode="email" /> : null}
        <Field field={fields.phoneNumber} label={t.phoneNumber} type="tel" autoComplete="tel" inputMode="tel" hint={phoneHint} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={fields.alternatePhoneNumber} label={t.alternatePhoneNumber} type="tel" inputMode="tel" />
          <Field field={fields.whatsappNumber} label={t.whatsappNumber} type="tel" inputMode="tel" />
        </div>
        {foreign ? null : <Field field={fields.email} label={t.email} type="email" autoComplete="email" inputMode="email" />}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">{t.addressAndLogo}</legend>
        <TextAreaField field={fields.address} label={t.address} rows={3} />
        <Field field={fields.mapLink} label={t.mapLink} type="url" inputMode="url" placeholder="https://maps.google.com/…" />
        <Field field={fields.logoUrl} label={t.logoLink} type="url" inputMode="url" hint={t.logoHint} />
      </fieldset>
    </div>
  );
}
