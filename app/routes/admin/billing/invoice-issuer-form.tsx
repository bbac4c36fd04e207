import { getFormProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { invoiceIssuerSchema, type InvoiceIssuer } from "#contracts/billing.ts";
import { Card } from "~/components/panel-shell";
import { Field, FormError, SubmitButton, TextAreaField } from "~/components/form";

export const INVOICE_ISSUER_INTENT = "invoice-issuer";

/**
 * The platform's invoice details (ADR 0037, 0044): the legal name, address and GSTIN printed as
 * "From:" on every agency bill. One schema with the API (`invoiceIssuerSchema`); a plain post, so
 * it works without JavaScript.
 */
export function InvoiceIssuerForm({ issuer, lastResult }: { issuer: InvoiceIssuer; lastResult: SubmissionResult<string[]> | null | undefined }) {
  const [form, fields] = useForm<{ legalName: string; address: string; gstin: string }>({
    id: "invoice-issuer",
    lastResult,
    defaultValue: { legalName: issuer.legalName ?? "", address: issuer.address ?? "", gstin: issuer.gstin ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: invoiceIssuerSchema }) as unknown as Submission<{ legalName: string; address: string; gstin: string }>,
  });
  return (
    <Card>
      <h2 className="font-semibold text-slate-900">Invoice details</h2>
      <p className="mt-1 text-sm text-slate-600">Printed as &quot;From:&quot; on every bill the platform sends an agency. Leave a field empty to leave it off the bill.</p>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        <Field field={fields.legalName} label="Legal name" autoComplete="organization" />
        <TextAreaField field={fields.address} label="Address" rows={3} />
        <Field field={fields.gstin} label="GSTIN" autoComplete="off" hint="15 characters, e.g. 27AABCC1234D1Z5." />
        <div className="flex justify-end">
          <SubmitButton name="intent" value={INVOICE_ISSUER_INTENT} pendingText="Saving…" className="w-auto! min-w-32">
            Save invoice details
          </SubmitButton>
        </div>
      </Form>
    </Card>
  );
}
