import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type { Route } from "./+types/products";
import { productsFormSchema } from "#contracts/cards.ts";
import { LIMITS } from "#contracts/constants.ts";
import { getApi } from "~/lib/request-context.server";
import { saveSection } from "./card-editor.server";
import { formDefaults } from "~/lib/card-editor";
import { Field, TextAreaField } from "~/components/form";
import { useEditor, sectionMeta } from "./editor-context";
import { IntentButton, ListFooter, ListRow, SectionForm } from "./fields";
import { ImageUpload } from "./image-upload";
import { useSectionForm } from "./use-section-form";
import { fmt } from "#contracts/i18n/fmt.ts";

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "products");

/** Prices are typed in rupees; the form schema turns them into paise for the API. */
export async function action(args: Route.ActionArgs) {
  return saveSection(args, {
    schema: productsFormSchema,
    message: "savedProducts",
    uploads: () => "card-product",
    save: (cardNo, value) => getApi(args.context).call("POST /updateCardProducts", { body: { cardNo, ...value } }),
  });
}

type Shape = z.input<typeof productsFormSchema>;

export default function Products({ actionData }: Route.ComponentProps) {
  const { card } = useEditor();
  return <ProductsForm key={new Date(card.updatedAt).toISOString()} lastResult={actionData?.result} />;
}

function ProductsForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { card, businessId, t } = useEditor();
  const [form, fields] = useSectionForm<Shape>("products", productsFormSchema, formDefaults(card).products, lastResult);
  const items = fields.items.getFieldList();
  return (
    <SectionForm form={form} multipart>
      {/* The heading is chosen in Settings; kept here so saving products does not clear it. */}
      <input type="hidden" name={fields.title.name} value={fields.title.initialValue ?? ""} />
      <ul className="space-y-3">
        {items.map((item, i) => {
          const f = item.getFieldset();
          return (
            <ListRow
              key={item.key}
              title={fmt(t.product, { n: i + 1 })}
              remove={
                <IntentButton tone="danger" label={fmt(t.removeProduct, { n: i + 1 })} props={form.remove.getButtonProps({ name: fields.items.name, index: i })}>
                  {t.remove}
                </IntentButton>
              }
            >
              <Field field={f.name} label={t.productName} />
              <TextAreaField field={f.description} label={t.description} rows={2} />
              <Field field={f.price as never} label={t.price} inputMode="decimal" placeholder="450" hint={t.priceHint} />
              <ImageUpload field={f.imageUrl} label={fmt(t.productImage, { n: i + 1 })} purpose="card-product" businessId={businessId} />
            </ListRow>
          );
        })}
      </ul>
      <ListFooter field={fields.items} count={items.length} empty={t.noProducts} />
      <IntentButton
        tone="primary"
        disabled={items.length >= LIMITS.products}
        props={form.insert.getButtonProps({ name: fields.items.name, defaultValue: { name: "", description: "", price: "" } })}
      >
        {t.addProduct}
      </IntentButton>
    </SectionForm>
  );
}
