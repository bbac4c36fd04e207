import { getCollectionProps, getFormProps, getInputProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { z } from "zod";
import { ErrorList, FormError, inputClass, SubmitButton } from "~/components/form";
import { CardStateBadge } from "~/components/business/card-state";
import { Card } from "~/components/panel-shell";
import type { ApiOutput } from "~/lib/api.server";
import { updateCardLimitSchema } from "#contracts/cards.ts";
import { updateImagePostSettingsSchema } from "#contracts/projects.ts";
import { IMAGE_POST_FRAMES, IMAGE_POST_PLACEMENTS, type ImagePostPlacement } from "#contracts/project-texts.ts";
import { formatDate } from "#contracts/format.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { fmt } from "#contracts/i18n/fmt.ts";

type Text = Catalogue["staffProjects"];
const PLACEMENT_KEYS = { HOME_PAGE: "placeHome", GREETING_IMAGE_PAGE: "placeGreetingPage", COMMON: "placeCommon" } as const satisfies Record<ImagePostPlacement, keyof Text>;

/** One card of the All Projects list with its staff actions (a module of the projects page). */

export const PROJECT_INTENTS = {
  status: "card-status",
  imagePosts: "image-post-status",
  cardLimit: "card-limit",
  settings: "image-post-settings",
  delete: "delete-card",
} as const;

type List = ApiOutput<"GET /getcardlist">;
type Row = List["cards"][number] & { stateLabel: string };
type Last = { intent: string; result: SubmissionResult<string[]> | null } | null;

const secondary = "rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 ring-slate-300 text-slate-800 hover:bg-slate-50 disabled:opacity-60";

/** A one-button form: the new value travels in hidden inputs. */
function Toggle({ action, intent, cardNo, name, value, label, children }: { action: string; intent: string; cardNo: number; name: string; value: string; label: string; children: React.ReactNode }) {
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="cardNo" value={cardNo} />
      <input type="hidden" name={name} value={value} />
      <button type="submit" name="intent" value={intent} aria-label={label} className={secondary}>
        {children}
      </button>
    </Form>
  );
}

function LimitForm({ card, action, lastResult, t }: { card: Row; action: string; lastResult: SubmissionResult<string[]> | null; t: Text }) {
  const [form, fields] = useForm<z.input<typeof updateCardLimitSchema>>({
    id: `limit-${card.cardNo}`,
    lastResult,
    defaultValue: { cardNo: String(card.cardNo), cardLimit: String(card.cardLimit) } as never,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateCardLimitSchema }) as unknown as Submission<z.input<typeof updateCardLimitSchema>>,
  });
  return (
    <Form method="post" action={action} preventScrollReset {...getFormProps(form)} noValidate className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="cardNo" value={card.cardNo} />
      <label className="text-sm" htmlFor={fields.cardLimit.id}>
        <span className="block font-medium text-slate-700">{t.cardLimit}</span>
        <input {...getInputProps(fields.cardLimit, { type: "number" })} key={fields.cardLimit.key} min={-1} className={`${inputClass} w-28`} />
      </label>
      <SubmitButton name="intent" value={PROJECT_INTENTS.cardLimit} pendingText={t.saving} className="w-auto!">
        {t.saveLimit}
      </SubmitButton>
      <p className="w-full text-xs text-slate-500">{t.unlimitedHint}</p>
      <ErrorList id={fields.cardLimit.errorId} errors={fields.cardLimit.errors} />
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}

type SettingsShape = z.input<typeof updateImagePostSettingsSchema>;

function SettingsForm({ card, action, lastResult, t }: { card: Row; action: string; lastResult: SubmissionResult<string[]> | null; t: Text }) {
  const s = card.imagePostSettings;
  const [form, fields] = useForm<SettingsShape>({
    id: `settings-${card.cardNo}`,
    lastResult,
    defaultValue: {
      allowedFrames: s.allowedFrames,
      placements: s.placements,
      dailyImageLimit: s.dailyImageLimit === null ? "" : String(s.dailyImageLimit),
      dailyVideoLimit: s.dailyVideoLimit === null ? "" : String(s.dailyVideoLimit),
    } as never,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateImagePostSettingsSchema }) as unknown as Submission<SettingsShape>,
  });
  return (
    <details className="rounded-lg ring-1 ring-slate-200" open={!!lastResult}>
      <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-slate-800">{t.greetingSettings}</summary>
      <Form method="post" action={action} preventScrollReset {...getFormProps(form)} noValidate className="space-y-3 px-3 pb-3">
        <input type="hidden" name="cardNo" value={card.cardNo} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">{t.framesLegend}</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {getCollectionProps(fields.allowedFrames, { type: "checkbox", options: [...IMAGE_POST_FRAMES] }).map((props) => (
              <label key={props.key} className="flex items-center gap-2 text-sm">
                <input {...props} key={props.key} className="size-5 accent-brand" />
                {props.value}
              </label>
            ))}
          </div>
          <ErrorList id={fields.allowedFrames.errorId} errors={fields.allowedFrames.errors} />
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">{t.placesLegend}</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {getCollectionProps(fields.placements, { type: "checkbox", options: [...IMAGE_POST_PLACEMENTS] }).map((props) => (
              <label key={props.key} className="flex items-center gap-2 text-sm">
                <input {...props} key={props.key} className="size-5 accent-brand" />
                {t[PLACEMENT_KEYS[props.value as ImagePostPlacement]]}
              </label>
            ))}
          </div>
          <ErrorList id={fields.placements.errorId} errors={fields.placements.errors} />
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          {(["dailyImageLimit", "dailyVideoLimit"] as const).map((name) => (
            <label key={name} className="text-sm" htmlFor={fields[name].id}>
              <span className="block font-medium text-slate-700">{name === "dailyImageLimit" ? t.imagesADay : t.videosADay}</span>
              <input {...getInputProps(fields[name], { type: "number" })} key={fields[name].key} min={-1} placeholder={t.asThePlanSays} className={inputClass} />
              <ErrorList id={fields[name].errorId} errors={fields[name].errors} />
            </label>
          ))}
        </div>
        <p className="text-xs text-slate-500">{t.limitsHint}</p>
        <FormError id={form.errorId} errors={form.errors} />
        <SubmitButton name="intent" value={PROJECT_INTENTS.settings} pendingText={t.saving} className="w-auto!">
          {t.saveSettings}
        </SubmitButton>
      </Form>
    </details>
  );
}

export function ProjectCard({
  card,
  allowed,
  action,
  deleteHref,
  lastResult,
  t,
  lang,
}: {
  card: Row;
  allowed: List["allowed"];
  action: string;
  deleteHref: string;
  lastResult: Last;
  t: Text;
  lang: string;
}) {
  const resultFor = (intent: string) => (lastResult?.intent === intent ? lastResult.result : null);
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold break-words text-slate-900">{card.businessName}</h2>
          <p className="text-sm break-words text-slate-700">
            <a href={card.publicPath} className="font-medium text-brand-dark underline">
              {card.cardId}
            </a>
            {card.companyName ? ` · ${card.companyName}` : ""}
          </p>
          <p className="text-sm text-slate-600">
            {card.phoneNumber ?? t.noPhone} · {card.template} · {card.viewCount === 1 ? t.viewsOne : fmt(t.viewsOther, { count: card.viewCount })} ·{" "}
            {fmt(t.createdOn, { date: formatDate(card.createdAt, lang) })}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          <CardStateBadge status={card.cardState} label={card.stateLabel} />
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300">
            {card.imagePostEnabled ? t.greetingsOn : t.greetingsOff}
          </span>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {allowed.status ? (
          <Toggle action={action} intent={PROJECT_INTENTS.status} cardNo={card.cardNo} name="status" value={card.status === "active" ? "inactive" : "active"} label={fmt(card.status === "active" ? t.deactivateNamed : t.activateNamed, { card: card.cardId })}>
            {card.status === "active" ? t.deactivate : t.activate}
          </Toggle>
        ) : null}
        {allowed.imagePosts ? (
          <Toggle action={action} intent={PROJECT_INTENTS.imagePosts} cardNo={card.cardNo} name="imagePostEnabled" value={card.imagePostEnabled ? "false" : "true"} label={fmt(card.imagePostEnabled ? t.disablePostsNamed : t.enablePostsNamed, { card: card.cardId })}>
            {card.imagePostEnabled ? t.disablePosts : t.enablePosts}
          </Toggle>
        ) : null}
        {allowed.delete ? (
          <Link to={deleteHref} preventScrollReset aria-label={fmt(t.deleteNamed, { card: card.cardId })} className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50">
            {t.deleteCard}
          </Link>
        ) : null}
      </div>
      {allowed.cardLimit ? (
        <div className="mt-3">
          <LimitForm card={card} action={action} lastResult={resultFor(PROJECT_INTENTS.cardLimit)} t={t} />
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{fmt(t.cardLimitLine, { limit: card.cardLimit === -1 ? t.unlimited : card.cardLimit })}</p>
      )}
      {allowed.imagePosts ? (
        <div className="mt-3">
          <SettingsForm card={card} action={action} lastResult={resultFor(PROJECT_INTENTS.settings)} t={t} />
        </div>
      ) : null}
    </Card>
  );
}
