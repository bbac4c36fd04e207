import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type { Route } from "./+types/videos";
import { youtubeVideosFormSchema } from "#contracts/cards.ts";
import { LIMITS } from "#contracts/constants.ts";
import { getApi } from "~/lib/request-context.server";
import { saveSection } from "./card-editor.server";
import { formDefaults, youtubeThumbnail } from "~/lib/card-editor";
import { Field } from "~/components/form";
import { useEditor, sectionMeta } from "./editor-context";
import { IntentButton, ListFooter, ListRow, SectionForm } from "./fields";
import { useSectionForm } from "./use-section-form";
import { fmt } from "#contracts/i18n/fmt.ts";

export const meta: Route.MetaFunction = ({ matches }) => sectionMeta(matches, "videos");

export async function action(args: Route.ActionArgs) {
  return saveSection(args, {
    schema: youtubeVideosFormSchema,
    message: "savedVideos",
    save: (cardNo, value) => getApi(args.context).call("POST /updateCardYoutubeVideos", { body: { cardNo, ...value } }),
  });
}

type Shape = z.input<typeof youtubeVideosFormSchema>;

export default function Videos({ actionData }: Route.ComponentProps) {
  const { card } = useEditor();
  return <VideosForm key={new Date(card.updatedAt).toISOString()} lastResult={actionData?.result} />;
}

function VideosForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { card, t } = useEditor();
  const [form, fields] = useSectionForm<Shape>("videos", youtubeVideosFormSchema, formDefaults(card).videos, lastResult);
  const videos = fields.videos.getFieldList();
  return (
    <SectionForm form={form}>
      {/* The heading is chosen in Settings; kept here so saving videos does not clear it. */}
      <input type="hidden" name={fields.title.name} value={fields.title.initialValue ?? ""} />
      <ul className="space-y-3">
        {videos.map((video, i) => {
          const f = video.getFieldset();
          const thumb = youtubeThumbnail(f.url.value);
          return (
            <ListRow
              key={video.key}
              title={fmt(t.video, { n: i + 1 })}
              remove={
                <IntentButton tone="danger" label={fmt(t.removeVideo, { n: i + 1 })} props={form.remove.getButtonProps({ name: fields.videos.name, index: i })}>
                  {t.remove}
                </IntentButton>
              }
            >
              <div className="flex gap-3">
                <div className="aspect-video w-28 shrink-0 overflow-hidden rounded-lg bg-slate-200">
                  {thumb ? <img src={thumb} alt={fmt(t.videoThumbnail, { n: i + 1 })} className="size-full object-cover" /> : null}
                </div>
                <div className="min-w-0 flex-1 space-y-3">
                  <Field field={f.url} label={t.youtubeLink} type="url" inputMode="url" placeholder="https://youtu.be/…" />
                  <Field field={f.title} label={t.videoTitle} />
                </div>
              </div>
            </ListRow>
          );
        })}
      </ul>
      <ListFooter field={fields.videos} count={videos.length} empty={t.noVideos} />
      <IntentButton
        tone="primary"
        disabled={videos.length >= LIMITS.videos}
        props={form.insert.getButtonProps({ name: fields.videos.name, defaultValue: { url: "", title: "" } })}
      >
        {t.addVideo}
      </IntentButton>
    </SectionForm>
  );
}
