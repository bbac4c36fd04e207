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

/**
 * Ui Customisation (SPEC §6: the superadmin agency's admins; ADR 0019): an agency's logo, brand
 * colour, name, favicon and meta title/description, shown on that agency's panel, sign-in pages
 * and public cards. A brand colour white text cannot be read on is refused with the nearest shade
 * that passes. The logo and favicon are URLs or uploads (without JavaScript the file posts with
 * the form); the colour has a picker beside its text box. Picking an agency is a GET form and
 * resetting a URL step: all of it works without JavaScript.
 */

export const handle: PanelHandle = { title: "Ui Customisation" };
export const meta = () => [{ title: "Ui Customisation" }];

const PATH = href("/panel/admin/ui-customisation");
const SAVE_INTENT = "save-branding";
const RESET_INTENT = "reset-branding";
const pageFor = (agencyId: number, extra = "") => `${PATH}?agencyId=${agencyId}${extra}`;

type FormShape = { agencyId?: string; styles: Record<"name" | "logoUrl" | "faviconUrl" | "primaryColor" | "metaTitle" | "metaDescription", string | undefined> };

export async function loader({ url, context }: Route.LoaderArgs) {
  const res = await getApi(context).get("GET /ui-customisation", { query: { agencyId: parseId(url.searchParams.get("agencyId")) } });
  const row = res.list.find((c) => c.metaId === "branding" && c.placement === "COMMON") ?? null;
  // Uploads are filed under the uploader's own agency (platform content, like category pages).
  return { ...res, row, resetting: url.searchParams.get("reset") === "1" && !!row, ownAgencyId: getSession(context).agency.agencyId };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const api = getApi(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === SAVE_INTENT) {
    for (const field of ["styles.logoUrl", "styles.faviconUrl"]) {
      const uploadError = await takeContentUpload(context, formData, field, "branding");
      if (uploadError) {
        const submission = parseWithZod(formData, { schema: uiCustomisationBody });
        return { result: submission.reply({ fieldErrors: { [field]: [uploadError] } }), error: null };
      }
    }
    const submission = parseWithZod(formData, { schema: uiCustomisationBody });
    if (submission.status !== "success") return { result: submission.reply(), error: null };
    const res = await api.call("POST /ui-customisation", { body: submission.value });
    if (!res.ok) {
      return { result: replyWithApiError(submission, res), error: null };
    }
    throw await redirectWithToast(pageFor(res.data.customisation.agencyId ?? 0), { type: "success", message: `Branding saved: ${res.data.branding.name}'s pages show it now.` });
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
    throw await redirectWithToast(pageFor(res.agencyId), { type: "success", message: "Branding removed: the default look is back." });
  }
  return { result: null, error: "Unknown action." };
}

/** How the chosen branding looks: the logo, the name, a button in the brand colour. */
function Preview({ branding }: { branding: Route.ComponentProps["loaderData"]["branding"] }) {
  return (
    <div className="flex flex-wrap items-center gap-3" aria-label="Preview">
      {branding.logoUrl ? <img src={branding.logoUrl} alt={`${branding.name} logo`} className="size-12 rounded-lg object-contain ring-1 ring-slate-200" /> : null}
      <span className="font-semibold text-slate-900">{branding.name}</span>
      <span className="rounded-lg px-4 py-2 text-sm font-semibold text-white" style={{ background: branding.primaryColor ?? "var(--color-brand-dark)" }}>
        Button
      </span>
      <span className="text-sm text-slate-600">{branding.primaryColor ?? "Default colour"}</span>
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
function ColourField({ field, onPick }: { field: FieldMetadata<string | undefined>; onPick: (value: string) => void }) {
  const hydrated = useHydrated();
  return (
    <div className="flex items-start gap-2">
      <div className="min-w-0 flex-1">
        <Field field={field} label="Brand colour" placeholder="#1e88e5" hint="Buttons carry white text on it: it needs a contrast of at least 4.5:1 (WCAG AA)." />
      </div>
      {hydrated ? (
        <label className="mt-6 shrink-0">
          <span className="sr-only">Colour picker</span>
          <input type="color" value={pickerValue(field.value)} onChange={(e) => onPick(e.currentTarget.value)} className="h-11 w-14 cursor-pointer rounded-lg ring-1 ring-slate-300" />
        </label>
      ) : null}
    </div>
  );
}

export default function UiCustomisation({ loaderData, actionData }: Route.ComponentProps) {
  const { agencyId, agencies, branding, row, resetting, ownAgencyId } = loaderData;
  const styles = (row?.styles ?? {}) as Record<string, string | undefined>;
  const [form, fields] = useForm<FormShape>({
    id: `branding-${agencyId}-${row?.updatedAt ? String(row.updatedAt) : "none"}`,
    lastResult: actionData?.result,
    defaultValue: { agencyId: String(agencyId), styles },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: uiCustomisationBody }) as unknown as Submission<FormShape>,
  });
  const s = fields.styles.getFieldset();
  const fill = (name: string) => (value: string) => form.update({ name, value });
  const agency = agencies.find((a) => a.agencyId === agencyId);
  return (
    <div className="mx-auto max-w-3xl space-y-4 pb-20">
      <Form method="get" action={PATH} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="agency-pick" className="block text-sm font-medium text-slate-700">Agency</label>
          <select id="agency-pick" name="agencyId" defaultValue={agencyId} className={inputClass}>
            {agencies.map((a) => (
              <option key={a.agencyId} value={a.agencyId}>{`${a.agencyName} (${a.host})`}</option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">Open</button>
      </Form>
      <Card>
        <h2 className="mb-1 font-semibold text-slate-900">What {agency?.host ?? "this agency's host"} shows</h2>
        <p className="mb-3 text-sm text-slate-600">{row ? "Customised." : "Nothing customised: the default look."}</p>
        <Preview branding={branding} />
      </Card>
      <Card>
        <h2 className="mb-3 font-semibold text-slate-900">Branding</h2>
        <Form method="post" action={pageFor(agencyId)} {...getFormProps(form)} encType="multipart/form-data" className="space-y-4">
          <FormError id={form.errorId} errors={form.errors} />
          <input type="hidden" name="agencyId" value={agencyId} />
          <Field field={s.name} label="Brand name" hint={`Shown instead of "${agency?.agencyName ?? "the agency's name"}". Empty: the agency's name.`} />
          <Field field={s.logoUrl} label="Logo URL" type="url" hint="An https:// link or an uploaded image (/uploads/…)." />
          <UrlUpload fieldName={s.logoUrl.name} label="Upload logo" purpose="branding" ownerId={ownAgencyId} onUploaded={fill(s.logoUrl.name)} />
          <ColourField field={s.primaryColor} onPick={fill(s.primaryColor.name)} />
          <Field field={s.faviconUrl} label="Favicon URL" type="url" />
          <UrlUpload fieldName={s.faviconUrl.name} label="Upload favicon" purpose="branding" ownerId={ownAgencyId} onUploaded={fill(s.faviconUrl.name)} />
          <Field field={s.metaTitle} label="Meta title" hint="The browser tab's title on pages without their own." />
          <TextAreaField field={s.metaDescription} label="Meta description" rows={3} />
          <div className="flex flex-wrap justify-end gap-2">
            {row ? (
              <Link to={pageFor(agencyId, "&reset=1")} preventScrollReset className="inline-flex items-center justify-center rounded-lg px-4 py-2.5 font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50">
                Reset to default
              </Link>
            ) : null}
            <SubmitButton name="intent" value={SAVE_INTENT} pendingText="Saving…" className="w-auto! min-w-32">
              Save branding
            </SubmitButton>
          </div>
        </Form>
      </Card>
      {resetting && !actionData?.error ? (
        <ConfirmDialog
          message={`Remove ${branding.name}'s branding? Its panel, sign-in pages and public cards go back to the default look.`}
          cancelTo={pageFor(agencyId)}
          action={pageFor(agencyId, "&reset=1")}
          intent={RESET_INTENT}
        />
      ) : null}
      {actionData?.error ? <ErrorDialog message={actionData.error} backTo={pageFor(agencyId)} /> : null}
    </div>
  );
}
