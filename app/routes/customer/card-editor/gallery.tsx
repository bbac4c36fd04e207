import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type { Route } from "./+types/gallery";
import { galleryFormSchema } from "#contracts/cards.ts";
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

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "gallery");

export async function action(args: Route.ActionArgs) {
  return saveSection(args, {
    schema: galleryFormSchema,
    message: "savedGallery",
    uploads: () => "card-gallery",
    save: (cardNo, value) => getApi(args.context).call("POST /updateCardGallery", { body: { cardNo, ...value } }),
  });
}

type Shape = z.input<typeof galleryFormSchema>;

export default function Gallery({ actionData }: Route.ComponentProps) {
  const { card } = useEditor();
  return <GalleryForm key={new Date(card.updatedAt).toISOString()} lastResult={actionData?.result} />;
}

function GalleryForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { card, businessId, t } = useEditor();
  const [form, fields] = useSectionForm<Shape>("gallery", galleryFormSchema, formDefaults(card).gallery, lastResult);
  const images = fields.images.getFieldList();
  return (
    <SectionForm form={form} multipart>
      {/* The heading is chosen in Settings; kept here so saving photos does not clear it. */}
      <input type="hidden" name={fields.title.name} value={fields.title.initialValue ?? ""} />
      <ul className="space-y-3">
        {images.map((image, i) => {
          const f = image.getFieldset();
          return (
            <ListRow
              key={image.key}
              title={fmt(t.photo, { n: i + 1 })}
              remove={
                <IntentButton tone="danger" label={fmt(t.removePhoto, { n: i + 1 })} props={form.remove.getButtonProps({ name: fields.images.name, index: i })}>
                  {t.remove}
                </IntentButton>
              }
            >
              <ImageUpload field={f.url} label={fmt(t.photo, { n: i + 1 })} purpose="card-gallery" businessId={businessId} />
              <Field field={f.caption} label={t.caption} />
            </ListRow>
          );
        })}
      </ul>
      <ListFooter field={fields.images} count={images.length} empty={t.noPhotos} />
      <IntentButton
        tone="primary"
        disabled={images.length >= LIMITS.galleryImages}
        props={form.insert.getButtonProps({ name: fields.images.name, defaultValue: { url: "", caption: "" } })}
      >
        {t.addPhoto}
      </IntentButton>
    </SectionForm>
  );
}
