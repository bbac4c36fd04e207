import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { z } from "zod";
import { updatePdfCardBasicDetailsBody, type PdfCardDto } from "#contracts/pdf-cards.ts";
import { PDF_CARD_MAX_MAILS, PDF_CARD_MAX_PHONES, PDF_CARD_TEMPLATES } from "#contracts/pdf-card-constants.ts";
import { formatPhone } from "#contracts/phone.ts";
import { Card } from "~/components/panel-shell";
import { Field, FormError, SelectField, SubmitButton } from "~/components/form";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { templateWords } from "./template-words";
import { speaking } from "~/lib/form-words";

type Words = Catalogue["pdfCards"];

type Person = PdfCardDto["people"][number];
type PersonShape = { personName: string; designation: string; employeeId: string; phones: string[]; email: string; address: string; bloodGroup: string; photoUrl: string };
type FormShape = { pdfCardNo: string; templateCode: string; companyName: string; registeredPhoneNumber: string; mails: string[]; people: PersonShape[] };

/** A person's photo file arrives as `people[i].photoUrl__file`; the action uploads it. */
export const PHOTO_FILE_SUFFIX = "__file";

const pad = <T,>(xs: T[], n: number, blank: T) => [...xs, ...Array.from({ length: Math.max(0, n - xs.length) }, () => blank)];

/**
 * The PDF card's details and people: a plain form (works without JavaScript). One blank person
 * row is always offered for adding someone; a row whose name is emptied is removed on save.
 */
export function PdfCardForm({
  card,
  lastResult,
  t,
  errorWords,
}: {
  card: Omit<PdfCardDto, "createdAt" | "updatedAt" | "lastExportedAt">;
  lastResult?: SubmissionResult<string[]> | null;
  t: Words;
  /** The schema's messages in the page's language (the loader's `errorWordsFor`): the check while typing speaks it too. */
  errorWords: Readonly<Record<string, string>>;
}) {
  const blankPerson: PersonShape = { personName: "", designation: "", employeeId: "", phones: ["", ""], email: "", address: "", bloodGroup: "", photoUrl: "" };
  const [form, fields] = useForm<FormShape, z.output<typeof updatePdfCardBasicDetailsBody>>({
    id: `pdf-card-${card.pdfCardNo}`,
    lastResult,
    defaultValue: {
      pdfCardNo: String(card.pdfCardNo),
      templateCode: card.templateCode,
      companyName: card.companyName,
      registeredPhoneNumber: formatPhone(card.registeredPhoneNumber),
      mails: pad(card.mails, PDF_CARD_MAX_MAILS, ""),
      people: [
        ...card.people.map((p: Person): PersonShape => ({ ...blankPerson, ...p, phones: pad(p.phones.map(formatPhone), PDF_CARD_MAX_PHONES, "") })),
        blankPerson,
      ],
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => speaking(parseWithZod(formData, { schema: updatePdfCardBasicDetailsBody }), errorWords),
  });
  const people = fields.people.getFieldList();
  const mails = fields.mails.getFieldList();
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name={fields.pdfCardNo.name} value={String(card.pdfCardNo)} />
      <input type="hidden" name="businessId" value={String(card.businessId)} />
      <FormError id={form.errorId} errors={form.errors} />
      <Card className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">{t.company}</h2>
        <SelectField
          field={fields.templateCode}
          label={t.template}
          options={PDF_CARD_TEMPLATES.map((tpl) => ({ value: tpl.code, label: templateWords(tpl, t).label }))}
        />
        <Field field={fields.companyName} label={t.companyName} autoComplete="organization" />
        <Field field={fields.registeredPhoneNumber} label={t.registeredPhone} type="tel" autoComplete="tel" />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">{fmt(t.emailsUpTo, { max: PDF_CARD_MAX_MAILS })}</legend>
          {mails.map((m, i) => (
            <Field key={m.key} field={m} label={fmt(t.emailN, { n: i + 1 })} type="email" />
          ))}
        </fieldset>
      </Card>
      {people.map((p, i) => (
        <PersonFields key={p.key} person={p} index={i} isNew={i === people.length - 1} t={t} />
      ))}
      <SubmitButton name="intent" value="save" pendingText={t.saving}>
        {t.saveDetails}
      </SubmitButton>
    </Form>
  );
}

type PersonField = FieldMetadata<PersonShape, FormShape, string[]>;

function PersonFields({ person, index, isNew, t }: { person: PersonField; index: number; isNew: boolean; t: Words }) {
  const f = person.getFieldset();
  const phones = f.phones.getFieldList();
  return (
    <Card className="space-y-3">
      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold text-slate-900">{isNew ? t.addPerson : fmt(t.personN, { n: index + 1 })}</legend>
        {isNew ? <p className="text-sm text-slate-600">{t.addPersonHint}</p> : <p className="text-sm text-slate-600">{t.removePersonHint}</p>}
        <Field field={f.personName} label={t.name} />
        <Field field={f.designation} label={t.designation} />
        <Field field={f.employeeId} label={t.employeeId} />
        {phones.map((ph, j) => (
          <Field key={ph.key} field={ph} label={fmt(t.phoneN, { n: j + 1 })} type="tel" />
        ))}
        <Field field={f.email} label={t.email} type="email" />
        <Field field={f.address} label={t.address} />
        <Field field={f.bloodGroup} label={t.bloodGroup} />
        <div className="space-y-1">
          <label htmlFor={`${f.photoUrl.id}-file`} className="block text-sm font-medium text-slate-700">
            {t.photo}
          </label>
          <input
            id={`${f.photoUrl.id}-file`}
            type="file"
            name={`${f.photoUrl.name}${PHOTO_FILE_SUFFIX}`}
            accept="image/jpeg,image/png,image/webp"
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium"
          />
        </div>
        <Field field={f.photoUrl} label={t.photoLink} hint={t.photoHint} />
      </fieldset>
    </Card>
  );
}
