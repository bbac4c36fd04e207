import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { ErrorList, Field } from "~/components/form";
import { LIMIT_DEFAULTS, planFormOptions, UNLIMITED, type LimitKind, type PlanProducts } from "#contracts/plans.ts";
import type { PlanFormShape } from "./use-plan-form";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { fmt } from "#contracts/i18n/fmt.ts";

/** The form's words in the page's language (`staffPlans`, sent by the page's loader). */
export type PlanText = Catalogue["staffPlans"];

/**
 * The plan form's fields (SPEC §5), shared by the plans page and the 'Provide custom plan'
 * dialog; the schema is `planFormSchema`. Limits and frames show and hide with CSS (`:checked`),
 * so a form without JavaScript behaves the same; with JavaScript, switching a limit on puts its
 * default back and switching it off clears it.
 */

type PlanForm = FormMetadata<PlanFormShape>;
type PlanFormFields = ReturnType<PlanForm["getFieldset"]>;

const switchClass =
  "relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors " +
  "before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform " +
  "checked:bg-brand-dark checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand " +
  "disabled:cursor-not-allowed disabled:opacity-70";

function Switch({
  field,
  label,
  description,
  onToggle,
  marker,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  description?: string;
  onToggle?: (on: boolean) => void;
  marker?: string;
}) {
  const props = getInputProps(field as FieldMetadata<boolean | undefined>, { type: "checkbox" });
  return (
    <label className="flex items-center justify-between gap-3 py-2">
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-900">{label}</span>
        {description ? <span className="block text-xs text-slate-600">{description}</span> : null}
      </span>
      <input
        {...props}
        key={props.key}
        role="switch"
        data-switch={marker}
        className={switchClass}
        onChange={onToggle ? (e) => onToggle(e.currentTarget.checked) : undefined}
      />
    </label>
  );
}

/** A switch with its editable limit (SPEC §5: PDF cards and promotional videos), shown while on. */
function LimitSwitch({
  toggle,
  limit,
  label,
  limitLabel,
  form,
  t,
}: {
  t: PlanText;
  toggle: FieldMetadata<unknown>;
  limit: FieldMetadata<unknown>;
  label: string;
  limitLabel: string;
  form: PlanForm;
}) {
  const kind = limit.name.replace(/Limit$/, "") as "pdfCard" | "promotionalVideo";
  return (
    // The limit shows while the switch in this row is checked (CSS :has, so also without JavaScript).
    <div className="group/row">
      <Switch field={toggle} label={label} onToggle={(on) => form.update({ name: limit.name, value: on ? String(LIMIT_DEFAULTS[kind]) : "" })} />
      <div className="hidden pb-3 group-has-[:checked]/row:block">
        <Field field={limit as FieldMetadata<string>} label={limitLabel} type="number" min={-1} step={1} inputMode="numeric" hint={t.unlimitedHint} />
      </div>
    </div>
  );
}

/** A fixed limit's current value (a hidden input: a plan being edited keeps its own), in words. */
function fixedLimit(field: FieldMetadata<unknown>, kind: LimitKind) {
  const raw = Number(field.value ?? field.initialValue);
  return Number.isInteger(raw) && String(field.value ?? field.initialValue ?? "") !== "" ? raw : LIMIT_DEFAULTS[kind];
}
/** "Unlimited …", "1 …", "5 …" in the page's language (the words carry their own full stop where the line has one). */
const howMany = (n: number, words: [unlimited: string, one: string, other: string]) => (n === UNLIMITED ? words[0] : n === 1 ? words[1] : fmt(words[2], { count: n }));

export function PlanFields({
  form,
  fields,
  products,
  t,
}: {
  form: PlanForm;
  fields: PlanFormFields;
  products: PlanProducts;
  t: PlanText;
}) {
  const show = planFormOptions(products);
  return (
    <div className="space-y-4">
      <input {...getInputProps(fields.subscriptionPlanId as FieldMetadata<string>, { type: "hidden" })} />
      <input {...getInputProps(fields.sortOrder as FieldMetadata<string>, { type: "hidden" })} />
      <input {...getInputProps(fields.digitalCardLimit as FieldMetadata<string>, { type: "hidden" })} />
      <input {...getInputProps(fields.greetingImagesLimit as FieldMetadata<string>, { type: "hidden" })} />
      <input {...getInputProps(fields.greetingVideosLimit as FieldMetadata<string>, { type: "hidden" })} />
      <Field field={fields.name as FieldMetadata<string>} label={t.subscriptionName} autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field field={fields.price as FieldMetadata<string>} label={t.price} inputMode="decimal" hint={t.priceHint} autoComplete="off" />
        <Field field={fields.validity as FieldMetadata<string>} label={t.validity} type="number" min={1} step={1} inputMode="numeric" />
      </div>
      <fieldset className="group/limits divide-y divide-slate-100 rounded-xl px-3 ring-1 ring-slate-200">
        <legend className="px-1 text-sm font-semibold text-slate-700">{t.includes}</legend>
        <label className="flex items-center justify-between gap-3 py-2">
          <span>
            <span className="block text-sm font-medium text-slate-900">{t.digitalCard}</span>
            <span className="block text-xs text-slate-600">
              {fmt(t.alwaysIncluded, { what: howMany(fixedLimit(fields.digitalCardLimit, "digitalCard"), [t.cardsUnlimited, t.cardsOne, t.cardsOther]) })}
            </span>
          </span>
          {/* Always on (SPEC §5): disabled, so it posts nothing; the schema includes it anyway. */}
          <input type="checkbox" role="switch" checked disabled readOnly aria-label={t.digitalCardAlways} className={switchClass} />
        </label>
        {show.greetingImages ? (
          <Switch
            field={fields.greetingImagesIncluded}
            label={t.greetingImages}
            description={howMany(fixedLimit(fields.greetingImagesLimit, "greetingImages"), [t.imagesUnlimited, t.imagesOne, t.imagesOther])}
            marker="greeting-images"
            onToggle={(on) => form.update({ name: fields.greetingImagesLimit.name, value: on ? String(LIMIT_DEFAULTS.greetingImages) : "" })}
          />
        ) : null}
        {show.greetingVideos ? (
          <Switch
            field={fields.greetingVideosIncluded}
            label={t.greetingVideos}
            description={howMany(fixedLimit(fields.greetingVideosLimit, "greetingVideos"), [t.videosUnlimited, t.videosOne, t.videosOther])}
            onToggle={(on) => form.update({ name: fields.greetingVideosLimit.name, value: on ? String(LIMIT_DEFAULTS.greetingVideos) : "" })}
          />
        ) : null}
        {show.pdfCard ? <LimitSwitch t={t} form={form} toggle={fields.pdfCardIncluded} limit={fields.pdfCardLimit} label={t.pdfCards} limitLabel={t.pdfCardLimit} /> : null}
        {show.promotionalVideo ? (
          <LimitSwitch
            t={t}
            form={form}
            toggle={fields.promotionalVideoIncluded}
            limit={fields.promotionalVideoLimit}
            label={t.promoVideos}
            limitLabel={t.promoVideoLimit}
          />
        ) : null}
        {show.frames ? (
          // Frames belong to greeting images: shown only while that switch is on (CSS, no script needed).
          <div className="hidden group-has-[[data-switch=greeting-images]:checked]/limits:block">
            <Switch field={fields.showRegularFrame} label={t.regularFrame} />
            <Switch field={fields.showProductFrame} label={t.productFrame} />
            <Switch field={fields.showPoliticalFrame} label={t.politicalFrame} />
          </div>
        ) : null}
      </fieldset>
      <ErrorList errors={[...(fields.greetingImagesIncluded.errors ?? []), ...(fields.greetingVideosIncluded.errors ?? [])]} />
    </div>
  );
}
