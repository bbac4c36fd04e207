import { inputClass } from "~/components/form";
import { CARD_SEARCH_FIELDS, type CardSearchField } from "#contracts/project-texts.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

/**
 * The filter inputs of the staff lists (SPEC §3 filters and search fields), for a GET form:
 * All Projects' list and the Report page's two downloads use the same names as the API's query.
 */

type Values = Record<string, string | undefined>;
/** The fields' words in the page's language (`staffFilters`, sent by the page's loader). */
export type FilterText = Catalogue["staffFilters"];

const FIELD_KEYS = {
  cardId: "fieldCardId",
  companyName: "fieldCompanyName",
  businessName: "fieldBusinessName",
  registeredPhoneNumber: "fieldPhone",
  templateCode: "fieldTemplate",
} as const satisfies Record<CardSearchField, keyof FilterText>;

function Select({ name, label, options, value, t }: { name: string; label: string; options: readonly (readonly [string, string])[]; value?: string; t: FilterText }) {
  return (
    <label className="space-y-1 text-sm">
      <span className="block font-medium text-slate-700">{label}</span>
      <select name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">{t.any}</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
}

function DateInput({ name, label, value }: { name: string; label: string; value?: string }) {
  return (
    <label className="space-y-1 text-sm">
      <span className="block font-medium text-slate-700">{label}</span>
      <input type="date" name={name} defaultValue={value ?? ""} className={inputClass} />
    </label>
  );
}

function SearchInput({ value, placeholder, t }: { value?: string; placeholder: string; t: FilterText }) {
  return (
    <label className="space-y-1 text-sm sm:col-span-2">
      <span className="block font-medium text-slate-700">{t.search}</span>
      <input type="search" name="search" defaultValue={value ?? ""} placeholder={placeholder} className={inputClass} />
    </label>
  );
}

const payment = (t: FilterText) => [["paid", t.done], ["unpaid", t.notDone]] as const;
const subscription = (t: FilterText) => [["subscribed", t.subscribed], ["not-subscribed", t.notSubscribed]] as const;
const expiry = (t: FilterText) => [["expired", t.expired], ["expiring-soon", t.expiringSoon]] as const;

const MORE = ["status", "payment", "subscription", "expiry", "imagePostEnabled", "template", "createdFrom", "createdTo"];

/** GET /getcardlist's filters (and the digital card report's). */
export function CardFilterFields({ values = {}, t }: { values?: Values; t: FilterText }) {
  return (
    <>
      <SearchInput value={values.search} placeholder={t.searchCardsPlaceholder} t={t} />
      <label className="space-y-1 text-sm sm:col-span-2">
        <span className="block font-medium text-slate-700">{t.searchIn}</span>
        <select name="searchBy" defaultValue={values.searchBy ?? ""} className={inputClass}>
          <option value="">{t.allFiveFields}</option>
          {CARD_SEARCH_FIELDS.map((f) => (
            <option key={f} value={f}>
              {t[FIELD_KEYS[f]]}
            </option>
          ))}
        </select>
      </label>
      {/* The rest folds away (a long form on a phone), open while one of them is set. */}
      <details open={MORE.some((k) => !!values[k])} className="sm:col-span-2 lg:col-span-4">
        <summary className="cursor-pointer text-sm font-semibold text-brand-dark">{t.moreFilters}</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Select t={t} name="status" label={t.status} options={[["active", t.active], ["inactive", t.inactive]]} value={values.status} />
          <Select t={t} name="payment" label={t.payment} options={payment(t)} value={values.payment} />
          <Select t={t} name="subscription" label={t.subscription} options={subscription(t)} value={values.subscription} />
          <Select t={t} name="expiry" label={t.expiry} options={expiry(t)} value={values.expiry} />
          <Select t={t} name="imagePostEnabled" label={t.greetingPosts} options={[["yes", t.enabled], ["no", t.disabled]]} value={values.imagePostEnabled} />
          <Select t={t} name="template" label={t.template} options={[["style-1", "style-1"], ["style-2", "style-2"]]} value={values.template} />
          <DateInput name="createdFrom" label={t.createdFrom} value={values.createdFrom} />
          <DateInput name="createdTo" label={t.createdTo} value={values.createdTo} />
        </div>
      </details>
    </>
  );
}

/** GET /business's filters (and the business report's). */
export function BusinessFilterFields({ values = {}, t }: { values?: Values; t: FilterText }) {
  return (
    <>
      <SearchInput value={values.search} placeholder={t.searchBusinessesPlaceholder} t={t} />
      <Select t={t} name="payment" label={t.payment} options={payment(t)} value={values.payment} />
      <Select t={t} name="subscription" label={t.subscription} options={subscription(t)} value={values.subscription} />
      <Select t={t} name="expiry" label={t.expiry} options={expiry(t)} value={values.expiry} />
    </>
  );
}
