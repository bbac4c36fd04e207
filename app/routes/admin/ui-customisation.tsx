import { getFormProps, useForm, type FieldMetadata, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/ui-customisation";
import { getApi, getSession } from "~/lib/request-context.server";
import { takeContentUpload } from "~/lib/content-upload.server";
import { replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { useHydrated } from "~/lib/use-hydrated";
import { Card } from "~/components/panel-shell";
import { ConfirmDialog, ErrorDialog } from "~/components/dialogs";
import { Field, FormError, inputClass, SubmitButton, TextAreaField } from "~/components/form";
import { UrlUpload } from "~/components/url-upload";
import { uiCustomisationBody } from "#contracts/ui-customisation.ts";
import { parseId } from "#contracts/id.ts";
import { brandColourProblem, contrastWithWhite, formatRatio, HEX_COLOUR, nearestPassingShade } from "#contracts/brand-colour.ts";
import { errorWordsFor, languageOf, pageMessages, translateReply } from "~/lib/i18n.server";
import { speaking } from "~/lib/form-words";
import { fmt } from "#contracts/i18n/fmt.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

/**
 * Ui Customisation (SPEC §6: the superadmin agency's admins; ADR 0019): an agency's logo, brand
 * colour, name, favicon and meta title/description, shown on that agency's panel, sign-in pages
 * and public cards. A brand colour white text cannot be read on is refused with the nearest shade
 * that passes. The logo and favicon are URLs or uploads (without JavaScript the file posts with
 * the form); the colour has a picker beside its text box. Picking an agency is a GET form and
 * resetting a URL step: all of it works without JavaScript.
 */

export const handle: PanelHandle = { title: "Ui Customisation" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Ui Customisation" }];

const PATH = href("/panel/admin/ui-customisation");
const SAVE_INTENT = "save-branding";
const RESET_INTENT = "reset-branding";
const pageFor = (agencyId: number, extra = "") => `${PATH}?agencyId=${agencyId}${extra}`;

type T = Catalogue["staffUiCustomisation"];
type FormShape = { agencyId?: string; styles: Record<"name" | "logoUrl" | "faviconUrl" | "primaryColor" | "metaTitle" | "metaDescription", string | undefined> };

export async function loader({ url, context }: Route.LoaderArgs) {
  const res = await getApi(context).get("GET /ui-customisation", { query: { agencyId: parseId(url.searchParams.get("agencyId")) } });
  const row = res.list.find((c) => c.metaId === "branding" && c.placement === "COMMON") ?? null;
  // Uploads are filed under the uploader's own agency (platform content, like category pages).
  const t = pageMessages(context, "staffUiCustomisation", "staffCommon");
  return {
    ...res,
    row,
    resetting: url.searchParams.get("reset") === "1" && !!row,
    ownAgencyId: getSession(context).agency.agencyId,
    t,
    pageTitle: t.staffUiCustomisation.title,
    errorWords: errorWordsFor(context, ["Use an uploaded image (/uploads/…) or an https:// link.", "Use at most {max} characters.", "Choose a colour like #1e88e5."]),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const api = getApi(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { staffUiCustomisation: t, staffCommon } = pageMessages(context, "staffUiCustomisation", "staffCommon");
  if (intent === SAVE_INTENT) {
    for (const field of ["styles.logoUrl", "styles.faviconUrl"]) {
      const uploadError = await takeContentUpload(context, formData, field, "branding");
      if (uploadError) {
        const submission = parseWithZod(formData, { schema: uiCustomisationBody });
        return { result: translateReply(context, submission.reply({ fieldErrors: { [field]: [uploadError] } })), error: null };
      }
    }
    const submission = parseWithZod(formData, { schema: uiCustomisationBody });
    if (submission.status !== "success") {
      const reply = translateReply(context, submission.reply());
      return { result: languageOf(context) === "en" ? reply : { ...reply, error: colourInWords(reply.error, formData, t.colourProblem) }, error: null };
    }
    const res = await api.call("POST /ui-customisation", { body: submission.value });
    if (!res.ok) {
      return { result: replyWithApiError(submission, res), error: null };
    }
    throw await redirectWithToast(pageFor(res.data.customisation.agencyId ?? 0), { type: "success", message: fmt(t.saved, { name: res.data.branding.name }) });
  }
  if (intent === RESET_INTENT) {
    const agencyId = parseId(url.searchParams.get("agencyId"));
    const res = await api.get("GET /ui-customisation", { query: { agencyId } });
    const row = res.list.find((c) => c.metaId === "branding");
    // Already gone (a double click, another admin): the default look is what was asked for.
    const del = row ? await api.call("DELETE /ui-customisation/{uiCustomisationId}", { params: { uiCustomisationId: row.uiCustomisationId } }) : null;
    if (del && !del.ok && del.status !== 404) {
      return { result: null, error: del.message };
    }
    throw await redirectWithToast(pageFor(res.agencyId), { type: "success", message: t.removed });
  }
  return { result: null, error: staffCommon.unknownAction };
}

type Errors = Record<string, string[] | null> | undefined;

/**
 * The brand colour's refusal (contracts/brand-colour.ts: a sentence with the colour, its contrast
 * and the shade to try, no pattern of figures the errors catalogue could match) in the page's
 * words; the server's reply and the browser's check both pass through it.
 */
function colourInWords(errors: Errors, formData: FormData, words: string): Errors {
  const typed = String(formData.get("styles.primaryColor") ?? "").trim().toLowerCase();
  const messages = errors?.["styles.primaryColor"];
  if (!messages || !HEX_COLOUR.test(typed)) return errors;
  const problem = brandColourProblem(typed);
  if (!problem) return errors;
  const shade = nearestPassingShade(typed);
  const text = fmt(words, { hex: typed, ratio: formatRatio(contrastWithWhite(typed)), shade, shadeRatio: formatRatio(contrastWithWhite(shade)) });
  return { ...errors, "styles.primaryColor": messages.map((m) => (m === problem ? text : m)) };
}

/** How the chosen branding looks: the logo, the name, a button in the brand colour. */
function Preview({ branding, t }: { branding: Route.ComponentProps["loaderData"]["branding"]; t: T }) {
  return (
    <div className="flex flex-wrap items-center gap-3" aria-label={t.preview}>
      {branding.logoUrl ? <img src={branding.logoUrl} alt={fmt(t.logoAlt, { name: branding.name })} className="size-12 rounded-lg object-contain ring-1 ring-slate-200" /> : null}
      <span className="font-semibold text-slate-900">{branding.name}</span>
      <span className="rounded-lg px-4 py-2 text-sm font-semibold text-white" style={{ background: branding.primaryColor ?? "var(--color-brand-dark)" }}>
        {t.button}
      </span>
      <span className="text-sm text-slate-600">{branding.primaryColor ?? t.defaultColour}</span>
    </div>
  );
}

/** The colour picker's value for what is typed: a full #rrggbb, a #rgb spelled out, else black. */
function pickerValue(typed: string | undefined) {
  const v = (typed ?? "").trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(v)) return v;
  if (/^#[0-9a-f]{3}$/.test(v)) return `#${v.slice(1).split("").map((c) => c + c).join("")}`;
  return "#000000";
}

/**
 * The brand colour: a text box for typing a hex value (it alone is posted, so it works without
 * JavaScript) and, once the page runs, a colour picker beside it that fills the text box.
 */
function ColourField({ field, onPick, t }: { field: FieldMetadata<string | undefined>; onPick: (value: string) => void; t: T }) {
  const hydrated = useHydrated();
  return (
    <div className="flex items-start gap-2">
      <div className="min-w-0 flex-1">
        <Field field={field} label={t.brandColour} placeholder="#1e88e5" hint={t.colourHint} />
      </div>
      {hydrated ? (
        <label className="mt-6 shrink-0">
          <span className="sr-only">{t.colourPicker}</span>
          <input type="color" value={pickerValue(field.value)} onChange={(e) => onPick(e.currentTarget.value)} className="h-11 w-14 cursor-pointer rounded-lg ring-1 ring-slate-300" />
        </label>
      ) : null}
    </div>
  );
}

export default function UiCustomisation({ loaderData, actionData }: Route.ComponentProps) {
  const { agencyId, agencies, branding, row, resetting, ownAgencyId, errorWords } = loaderData;
  const { staffUiCustomisation: t, staffCommon: common } = loaderData.t;
  const styles = (row?.styles ?? {}) as Record<string, string | undefined>;
  const [form, fields] = useForm<FormShape>({
    id: `branding-${agencyId}-${row?.updatedAt ? String(row.updatedAt) : "none"}`,
    lastResult: actionData?.result,
    defaultValue: { agencyId: String(agencyId), styles },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      speaking(parseWithZod(formData, { schema: uiCustomisationBody }) as unknown as Submission<FormShape>, errorWords, (errors) => colourInWords(errors, formData, t.colourProblem)),
  });
  const s = fields.styles.getFieldset();
  const fill = (name: string) => (value: string) => form.update({ name, value });
  const agency = agencies.find((a) => a.agencyId === agencyId);
  return (
    <div className="mx-auto max-w-3xl space-y-4 pb-20">
      <Form method="get" action={PATH} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="agency-pick" className="block text-sm font-medium text-slate-700">{t.agency}</label>
          <select id="agency-pick" name="agencyId" defaultValue={agencyId} className={inputClass}>
            {agencies.map((a) => (
              <option key={a.agencyId} value={a.agencyId}>{`${a.agencyName} (${a.host})`}</option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">{t.open}</button>
      </Form>
      <Card>
        <h2 className="mb-1 font-semibold text-slate-900">{fmt(t.whatShows, { host: agency?.host ?? t.thisHost })}</h2>
        <p className="mb-3 text-sm text-slate-600">{row ? t.customised : t.notCustomised}</p>
        <Preview branding={branding} t={t} />
      </Card>
      <Card>
        <h2 className="mb-3 font-semibold text-slate-900">{t.branding}</h2>
        <Form method="post" action={pageFor(agencyId)} {...getFormProps(form)} encType="multipart/form-data" className="space-y-4">
          <FormError id={form.errorId} errors={form.errors} />
          <input type="hidden" name="agencyId" value={agencyId} />
          <Field field={s.name} label={t.brandName} hint={fmt(t.brandNameHint, { name: agency?.agencyName ?? t.theAgencysName })} />
          <Field field={s.logoUrl} label={t.logoUrl} type="url" hint={t.imageHint} />
          <UrlUpload fieldName={s.logoUrl.name} label={t.uploadLogo} words={t} purpose="branding" ownerId={ownAgencyId} onUploaded={fill(s.logoUrl.name)} />
          <ColourField field={s.primaryColor} onPick={fill(s.primaryColor.name)} t={t} />
          <Field field={s.faviconUrl} label={t.faviconUrl} type="url" />
          <UrlUpload fieldName={s.faviconUrl.name} label={t.uploadFavicon} words={t} purpose="branding" ownerId={ownAgencyId} onUploaded={fill(s.faviconUrl.name)} />
          <Field field={s.metaTitle} label={t.metaTitle} hint={t.metaTitleHint} />
          <TextAreaField field={s.metaDescription} label={t.metaDescription} rows={3} />
          <div className="flex flex-wrap justify-end gap-2">
            {row ? (
              <Link to={pageFor(agencyId, "&reset=1")} preventScrollReset className="inline-flex items-center justify-center rounded-lg px-4 py-2.5 font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50">
                {t.reset}
              </Link>
            ) : null}
            <SubmitButton name="intent" value={SAVE_INTENT} pendingText={common.saving} className="w-auto! min-w-32">
              {t.save}
            </SubmitButton>
          </div>
        </Form>
      </Card>
      {resetting && !actionData?.error ? (
        <ConfirmDialog
          message={fmt(t.confirmReset, { name: branding.name })}
          cancelTo={pageFor(agencyId)}
          action={pageFor(agencyId, "&reset=1")}
          intent={RESET_INTENT}
        />
      ) : null}
      {actionData?.error ? <ErrorDialog message={actionData.error} backTo={pageFor(agencyId)} /> : null}
    </div>
  );
}
