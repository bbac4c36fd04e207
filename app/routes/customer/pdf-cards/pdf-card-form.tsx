import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { z } from "zod";
import { updatePdfCardBasicDetailsBody, type PdfCardDto } from "#contracts/pdf-cards.ts";
import { PDF_CARD_MAX_MAILS, PDF_CARD_MAX_PHONES, PDF_CARD_TEMPLATES } from "#contracts/pdf-card-constants.ts";
import { formatPhone } from "#contracts/phone.ts";
import { Card } from "~/components/panel-shell";
import { Field, FormError, SelectField, SubmitButton } from "~/components/form";

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
export function PdfCardForm({ card, lastResult }: { card: Omit<PdfCardDto, "createdAt" | "updatedAt" | "lastExportedAt">; lastResult?: SubmissionResult<string[]> | null }) {
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
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updatePdfCardBasicDetailsBody }),
  });
  const people = fields.people.getFieldList();
  const mails = fields.mails.getFieldList();
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name={fields.pdfCardNo.name} value={String(card.pdfCardNo)} />
      <input type="hidden" name="businessId" value={String(card.businessId)} />
      <FormError id={form.errorId} errors={form.errors} />
      <Card className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">Company</h2>
        <SelectField
          field={fields.templateCode}
          label="Template"
          options={PDF_CARD_TEMPLATES.map((t) => ({ value: t.code, label: `${t.name} (${t.orientation})` }))}
        />
        <Field field={fields.companyName} label="Company name" autoComplete="organization" />
        <Field field={fields.registeredPhoneNumber} label="Registered phone number" type="tel" autoComplete="tel" />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Emails (up to {PDF_CARD_MAX_MAILS})</legend>
          {mails.map((m, i) => (
            <Field key={m.key} field={m} label={`Email ${i + 1}`} type="email" />
          ))}
        </fieldset>
      </Card>
      {people.map((p, i) => (
        <PersonFields key={p.key} person={p} index={i} isNew={i === people.length - 1} />
      ))}
      <SubmitButton name="intent" value="save" pendingText="Saving…">
        Save details
      </SubmitButton>
    </Form>
  );
}

type PersonField = FieldMetadata<PersonShape, FormShape, string[]>;

function PersonFields({ person, index, isNew }: { person: PersonField; index: number; isNew: boolean }) {
  const f = person.getFieldset();
  const phones = f.phones.getFieldList();
  return (
    <Card className="space-y-3">
      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold text-slate-900">{isNew ? "Add a person" : `Person ${index + 1}`}</legend>
        {isNew ? <p className="text-sm text-slate-600">Fill in a name to add one more card; leave it empty to skip.</p> : <p className="text-sm text-slate-600">Empty the name to remove this person.</p>}
        <Field field={f.personName} label="Name" />
        <Field field={f.designation} label="Designation" />
        <Field field={f.employeeId} label="Employee / ID number" />
        {phones.map((ph, j) => (
          <Field key={ph.key} field={ph} label={`Phone ${j + 1}`} type="tel" />
        ))}
        <Field field={f.email} label="Email" type="email" />
        <Field field={f.address} label="Address" />
        <Field field={f.bloodGroup} label="Blood group" />
        <div className="space-y-1">
          <label htmlFor={`${f.photoUrl.id}-file`} className="block text-sm font-medium text-slate-700">
            Photo
          </label>
          <input
            id={`${f.photoUrl.id}-file`}
            type="file"
            name={`${f.photoUrl.name}${PHOTO_FILE_SUFFIX}`}
            accept="image/jpeg,image/png,image/webp"
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium"
          />
        </div>
        <Field field={f.photoUrl} label="Photo link" hint="Filled in by the upload; or an https link (drawn as initials). Empty shows the initials." />
      </fieldset>
    </Card>
  );
}
