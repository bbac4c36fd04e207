import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type { Route } from "./+types/payment-options";
import { paymentOptionsFormSchema } from "#contracts/cards.ts";
import { LIMITS } from "#contracts/constants.ts";
import { getApi } from "~/lib/request-context.server";
import { saveSection } from "./card-editor.server";
import { formDefaults } from "~/lib/card-editor";
import { Field } from "~/components/form";
import { useEditor, sectionMeta } from "./editor-context";
import { IntentButton, ListFooter, ListRow, SectionForm } from "./fields";
import { ImageUpload } from "./image-upload";
import { useSectionForm } from "./use-section-form";
import { fmt } from "#contracts/i18n/fmt.ts";

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "paymentOptions");

export async function action(args: Route.ActionArgs) {
  return saveSection(args, {
    schema: paymentOptionsFormSchema,
    message: "savedPaymentOptions",
    uploads: () => "payment-qr",
    save: (cardNo, value) => getApi(args.context).call("POST /updateCardPaymentOptions", { body: { cardNo, ...value } }),
  });
}

type Shape = z.input<typeof paymentOptionsFormSchema>;

export default function PaymentOptions({ actionData }: Route.ComponentProps) {
  const { card } = useEditor();
  return <PaymentOptionsForm key={new Date(card.updatedAt).toISOString()} lastResult={actionData?.result} />;
}

function PaymentOptionsForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { card, businessId, t } = useEditor();
  const [form, fields] = useSectionForm<Shape>("payment-options", paymentOptionsFormSchema, formDefaults(card).paymentOptions, lastResult);
  const accounts = fields.bankAccounts.getFieldList();
  return (
    <SectionForm form={form} multipart>
      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold text-slate-900">{t.upi}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={fields.upiId} label={t.upiId} placeholder="name@bank" autoCapitalize="none" spellCheck={false} />
          <Field field={fields.upiName} label={t.upiName} />
        </div>
        <ImageUpload field={fields.qrCodeUrl} label={t.paymentQr} purpose="payment-qr" businessId={businessId} />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold text-slate-900">{t.bankAccounts}</legend>
        <ul className="space-y-3">
          {accounts.map((account, i) => {
            const f = account.getFieldset();
            return (
              <ListRow
                key={account.key}
                title={fmt(t.bankAccount, { n: i + 1 })}
                remove={
                  <IntentButton tone="danger" label={fmt(t.removeBankAccount, { n: i + 1 })} props={form.remove.getButtonProps({ name: fields.bankAccounts.name, index: i })}>
                    {t.remove}
                  </IntentButton>
                }
              >
                <Field field={f.accountName} label={t.accountName} />
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field field={f.accountNumber} label={t.accountNumber} inputMode="numeric" />
                  <Field field={f.ifsc} label={t.ifsc} autoCapitalize="characters" />
                  <Field field={f.bankName} label={t.bankName} />
                  <Field field={f.branch} label={t.branch} />
                </div>
              </ListRow>
            );
          })}
        </ul>
        <ListFooter field={fields.bankAccounts} count={accounts.length} empty={t.noBankAccounts} />
        <IntentButton
          tone="primary"
          disabled={accounts.length >= LIMITS.bankAccounts}
          props={form.insert.getButtonProps({ name: fields.bankAccounts.name, defaultValue: { accountName: "", accountNumber: "", ifsc: "" } })}
        >
          {t.addBankAccount}
        </IntentButton>
      </fieldset>
    </SectionForm>
  );
}
