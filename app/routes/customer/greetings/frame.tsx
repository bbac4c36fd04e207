import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/frame";
import { frameSettingsFormSchema } from "#contracts/greetings.ts";
import { FRAME_DETAIL_KEYS, FRAME_DISPLAYS, FRAME_HEIGHTS, type FrameDetailKey, type FrameDisplay, type FrameHeight, type FrameName } from "#contracts/greetings-enums.ts";
import { pageMessages, translateReply } from "~/lib/i18n.server";
import { fmt } from "#contracts/i18n/fmt.ts";
import type { Catalogue } from "#contracts/i18n/messages.ts";
import { getApi } from "~/lib/request-context.server";
import { loadBusinesses } from "~/lib/customer.server";
import { replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ErrorList, FormError, SubmitButton } from "~/components/form";
import { brandedSrc, DAILY_IMAGE } from "./branded";

export const handle: PanelHandle = { title: "Frame settings" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.pageTitle} · ${loaderData.t.greetings.title}` : "Frame settings · Greeting images" }];

type Text = Catalogue["greetings"];
/** Each choice's words in the `greetings` namespace. */
const FRAME_WORDS = { frame7: "frameRegular", frame2: "frameProduct", frame3: "framePolitical" } as const satisfies Record<FrameName, keyof Text>;
const HEIGHT_WORDS = { "HEIGHT-1": "heightSlim", "HEIGHT-2": "heightMedium", "HEIGHT-3": "heightTall" } as const satisfies Record<FrameHeight, keyof Text>;
const DISPLAY_WORDS = { "all-details": "displayAll", "only-logo": "displayLogo" } as const satisfies Record<FrameDisplay, keyof Text>;
const DETAIL_WORDS = {
  logo: "detailLogo",
  name: "detailName",
  phone: "detailPhone",
  whatsapp: "detailWhatsapp",
  email: "detailEmail",
  address: "detailAddress",
  website: "detailWebsite",
  cardLink: "detailCardLink",
} as const satisfies Record<FrameDetailKey, keyof Text>;

/** FRAME_SETTINGS_PAGE: the active business's frame (the frames its plan shows), height, display and details. */
export async function loader({ context }: Route.LoaderArgs) {
  const { active } = await loadBusinesses(context);
  const t = pageMessages(context, "greetings");
  const words = { t, pageTitle: t.greetings.frameTitle };
  if (!active) return { ...words, business: null } as const;
  const api = getApi(context);
  const [frame, sample] = await Promise.all([
    api.get("GET /image-post/frame-settings", { query: { businessId: active.businessId } }),
    api.get("GET /image-post", { query: { mediaType: "IMAGE", postShape: "SQUARE", pageSize: 1 } }),
  ]);
  return { ...words, business: { businessId: active.businessId, businessName: active.businessName }, frame, sampleId: sample.list[0]?.imageId ?? null } as const;
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: frameSettingsFormSchema });
  const t = pageMessages(context, "greetings").greetings;
  if (submission.status !== "success") return { result: translateReply(context, submission.reply()) };
  const { active } = await loadBusinesses(context);
  if (!active) return { result: submission.reply({ formErrors: [t.frameNeedsBusiness] }) };
  const res = await getApi(context).call("PUT /image-post/frame-settings", { body: { businessId: active.businessId, ...submission.value } });
  if (!res.ok) {
    return { result: replyWithApiError(submission, res) };
  }
  throw await redirectWithToast(href("/panel/customer/daily-image/frame-settings"), { type: "success", message: t.frameSaved });
}

const radioClass = "flex items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-brand has-[:checked]:bg-brand/5";

export default function FrameSettings({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.business) {
    return (
      <Card>
        <p className="text-slate-700">{loaderData.t.greetings.frameNeedsBusiness}</p>
      </Card>
    );
  }
  return <FrameForm {...loaderData} lastResult={actionData?.result} />;
}

function FrameForm({
  business,
  frame,
  sampleId,
  t: words,
  lastResult,
}: Extract<Route.ComponentProps["loaderData"], { business: object }> & { lastResult?: SubmissionResult<string[]> }) {
  const { settings, allowedFrames } = frame;
  const t: Text = words.greetings;
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
          alt={fmt(t.frameAlt, { name: business.businessName })}
          width={540}
          height={540}
          className="mx-auto w-full max-w-sm rounded-xl ring-1 ring-slate-200"
        />
      ) : null}
      <Card>
        <Form method="post" {...getFormProps(form)} className="space-y-5">
          <FormError id={form.errorId} errors={form.errors} />
          <fieldset className="space-y-2">
            <legend className="mb-1 font-semibold text-slate-900">{t.frame}</legend>
            {allowedFrames.map((f) => (
              <label key={f} className={radioClass}>
                <input {...getInputProps(fields.frameName, { type: "radio", value: f })} key={f} className="size-4 accent-brand" />
                {t[FRAME_WORDS[f]]}
              </label>
            ))}
            <ErrorList id={fields.frameName.errorId} errors={fields.frameName.errors} />
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="mb-1 font-semibold text-slate-900">{t.height}</legend>
            <div className="grid grid-cols-3 gap-2">
              {FRAME_HEIGHTS.map((h) => (
                <label key={h} className={radioClass}>
                  <input {...getInputProps(fields.height, { type: "radio", value: h })} key={h} className="size-4 accent-brand" />
                  {t[HEIGHT_WORDS[h]]}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="mb-1 font-semibold text-slate-900">{t.show}</legend>
            {FRAME_DISPLAYS.map((d) => (
              <label key={d} className={radioClass}>
                <input {...getInputProps(fields.display, { type: "radio", value: d })} key={d} className="size-4 accent-brand" />
                {t[DISPLAY_WORDS[d]]}
              </label>
            ))}
          </fieldset>
          <fieldset className="space-y-1">
            <legend className="mb-1 font-semibold text-slate-900">{t.detailsOnFrame}</legend>
            {FRAME_DETAIL_KEYS.map((k) => {
              const props = getInputProps(show[k], { type: "checkbox" });
              return (
                <label key={k} className="flex items-center gap-3 py-1 text-sm text-slate-800">
                  <input {...props} key={props.key} className="size-5 rounded border-slate-300 accent-brand" />
                  {t[DETAIL_WORDS[k]]}
                </label>
              );
            })}
          </fieldset>
          <SubmitButton pendingText={t.saving}>{t.saveFrame}</SubmitButton>
        </Form>
      </Card>
      <Link to={DAILY_IMAGE} className="block text-center text-sm font-medium text-brand-dark underline">
        {t.backToGreetings}
      </Link>
    </div>
  );
}
