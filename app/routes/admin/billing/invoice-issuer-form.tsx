import { getFormProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { invoiceIssuerSchema, type InvoiceIssuer } from "#contracts/billing.ts";
import { Card } from "~/components/panel-shell";
import { Field, FormError, SubmitButton, TextAreaField } from "~/components/form";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

export const INVOICE_ISSUER_INTENT = "invoice-issuer";

/**
 * The platform's invoice details (ADR 0037, 0044): the legal name, address and GSTIN printed as
 * "From:" on every agency bill. One schema with the API (`invoiceIssuerSchema`); a plain post, so
 * it works without JavaScript.
 */
export function InvoiceIssuerForm({
  issuer,
  lastResult,
  t,
  common,
}: {
  issuer: InvoiceIssuer;
  lastResult: SubmissionResult<string[]> | null | undefined;
  t: Catalogue["staffBilling"];
  common: Catalogue["staffCommon"];
}) {
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
      <h2 className="font-semibold text-slate-900">{t.invoiceDetails}</h2>
      <p className="mt-1 text-sm text-slate-600">{t.invoiceIntro}</p>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        <Field field={fields.legalName} label={t.legalName} autoComplete="organization" />
        <TextAreaField field={fields.address} label={t.address} rows={3} />
        <Field field={fields.gstin} label={t.gstin} autoComplete="off" hint={t.gstinHint} />
        <div className="flex justify-end">
          <SubmitButton name="intent" value={INVOICE_ISSUER_INTENT} pendingText={common.saving} className="w-auto! min-w-32">
            {t.saveInvoice}
          </SubmitButton>
        </div>
      </Form>
    </Card>
  );
}
