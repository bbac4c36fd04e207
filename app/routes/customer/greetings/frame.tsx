import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/frame";
import { frameSettingsFormSchema } from "#contracts/greetings.ts";
import { FRAME_DETAIL_KEYS, FRAME_DETAIL_LABELS, FRAME_DISPLAY_LABELS, FRAME_DISPLAYS, FRAME_HEIGHT_LABELS, FRAME_HEIGHTS, FRAME_LABELS } from "#contracts/greetings-enums.ts";
import { getApi } from "~/lib/request-context.server";
import { loadBusinesses } from "~/lib/customer.server";
import { replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ErrorList, FormError, SubmitButton } from "~/components/form";
import { brandedSrc, DAILY_IMAGE } from "./branded";

export const handle: PanelHandle = { title: "Frame settings" };
export const meta = () => [{ title: "Frame settings · Greeting images" }];

/** FRAME_SETTINGS_PAGE: the active business's frame (the frames its plan shows), height, display and details. */
export async function loader({ context }: Route.LoaderArgs) {
  const { active } = await loadBusinesses(context);
  if (!active) return { business: null } as const;
  const api = getApi(context);
  const [frame, sample] = await Promise.all([
    api.get("GET /image-post/frame-settings", { query: { businessId: active.businessId } }),
    api.get("GET /image-post", { query: { mediaType: "IMAGE", postShape: "SQUARE", pageSize: 1 } }),
  ]);
  return { business: { businessId: active.businessId, businessName: active.businessName }, frame, sampleId: sample.list[0]?.imageId ?? null } as const;
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: frameSettingsFormSchema });
  if (submission.status !== "success") return { result: submission.reply() };
  const { active } = await loadBusinesses(context);
  if (!active) return { result: submission.reply({ formErrors: ["Add a business first."] }) };
  const res = await getApi(context).call("PUT /image-post/frame-settings", { body: { businessId: active.businessId, ...submission.value } });
  if (!res.ok) {
    return { result: replyWithApiError(submission, res) };
  }
  throw await redirectWithToast(href("/panel/customer/daily-image/frame-settings"), { type: "success", message: "Frame saved. Your greetings now carry it." });
}

const radioClass = "flex items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-brand has-[:checked]:bg-brand/5";

export default function FrameSettings({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.business) {
    return (
      <Card>
        <p className="text-slate-700">Add a business first: the frame shows its logo and contact details.</p>
      </Card>
    );
  }
  return <FrameForm {...loaderData} lastResult={actionData?.result} />;
}

function FrameForm({
  business,
  frame,
  sampleId,
  lastResult,
}: Extract<Route.ComponentProps["loaderData"], { business: object }> & { lastResult?: SubmissionResult<string[]> }) {
  const { settings, allowedFrames } = frame;
  const [form, fields] = useForm({
    id: "frame-settings",
    lastResult,
    defaultValue: {
      frameName: settings.frameName,
      height: settings.height,
      display: settings.display,
      show: Object.fromEntries(FRAME_DETAIL_KEYS.map((k) => [k, settings.show[k] === false ? undefined : "on"])),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: frameSettingsFormSchema }),
  });
  const show = fields.show.getFieldset();
  return (
    <div className="mx-auto max-w-xl space-y-4 pb-[65px]">
      {sampleId ? (
        <img
          src={brandedSrc(sampleId, business.businessId, frame)}
          alt={`A greeting with ${business.businessName}'s current frame`}
          width={540}
          height={540}
          className="mx-auto w-full max-w-sm rounded-xl ring-1 ring-slate-200"
        />
      ) : null}
      <Card>
        <Form method="post" {...getFormProps(form)} className="space-y-5">
          <FormError id={form.errorId} errors={form.errors} />
          <fieldset className="space-y-2">
            <legend className="mb-1 font-semibold text-slate-900">Frame</legend>
            {allowedFrames.map((f) => (
              <label key={f} className={radioClass}>
                <input {...getInputProps(fields.frameName, { type: "radio", value: f })} key={f} className="size-4 accent-brand" />
                {FRAME_LABELS[f].label}
              </label>
            ))}
            <ErrorList id={fields.frameName.errorId} errors={fields.frameName.errors} />
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="mb-1 font-semibold text-slate-900">Height</legend>
            <div className="grid grid-cols-3 gap-2">
              {FRAME_HEIGHTS.map((h) => (
                <label key={h} className={radioClass}>
                  <input {...getInputProps(fields.height, { type: "radio", value: h })} key={h} className="size-4 accent-brand" />
                  {FRAME_HEIGHT_LABELS[h]}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="mb-1 font-semibold text-slate-900">Show</legend>
            {FRAME_DISPLAYS.map((d) => (
              <label key={d} className={radioClass}>
                <input {...getInputProps(fields.display, { type: "radio", value: d })} key={d} className="size-4 accent-brand" />
                {FRAME_DISPLAY_LABELS[d]}
              </label>
            ))}
          </fieldset>
          <fieldset className="space-y-1">
            <legend className="mb-1 font-semibold text-slate-900">Details on the frame</legend>
            {FRAME_DETAIL_KEYS.map((k) => {
              const props = getInputProps(show[k], { type: "checkbox" });
              return (
                <label key={k} className="flex items-center gap-3 py-1 text-sm text-slate-800">
                  <input {...props} key={props.key} className="size-5 rounded border-slate-300 accent-brand" />
                  {FRAME_DETAIL_LABELS[k]}
                </label>
              );
            })}
          </fieldset>
          <SubmitButton pendingText="Saving…">Save frame</SubmitButton>
        </Form>
      </Card>
      <Link to={DAILY_IMAGE} className="block text-center text-sm font-medium text-brand-dark underline">
        Back to greetings
      </Link>
    </div>
  );
}
