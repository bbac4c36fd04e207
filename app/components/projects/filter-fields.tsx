import { inputClass } from "~/components/form";
import { CARD_SEARCH_FIELD_LABELS, CARD_SEARCH_FIELDS } from "#contracts/project-texts.ts";

/**
 * The filter inputs of the staff lists (SPEC §3 filters and search fields), for a GET form:
 * All Projects' list and the Report page's two downloads use the same names as the API's query.
 */

type Values = Record<string, string | undefined>;

function Select({ name, label, options, value }: { name: string; label: string; options: readonly (readonly [string, string])[]; value?: string }) {
  return (
    <label className="space-y-1 text-sm">
      <span className="block font-medium text-slate-700">{label}</span>
      <select name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">Any</option>
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

function SearchInput({ value, placeholder }: { value?: string; placeholder: string }) {
  return (
    <label className="space-y-1 text-sm sm:col-span-2">
      <span className="block font-medium text-slate-700">Search</span>
      <input type="search" name="search" defaultValue={value ?? ""} placeholder={placeholder} className={inputClass} />
    </label>
  );
}

const payment = [["paid", "Done (paid)"], ["unpaid", "Not done"]] as const;
const subscription = [["subscribed", "Subscribed"], ["not-subscribed", "Not subscribed"]] as const;
const expiry = [["expired", "Expired"], ["expiring-soon", "Expiring soon"]] as const;

const MORE = ["status", "payment", "subscription", "expiry", "imagePostEnabled", "template", "createdFrom", "createdTo"];

/** GET /getcardlist's filters (and the digital card report's). */
export function CardFilterFields({ values = {} }: { values?: Values }) {
  return (
    <>
      <SearchInput value={values.search} placeholder="Card id, company, business, phone or template" />
      <label className="space-y-1 text-sm sm:col-span-2">
        <span className="block font-medium text-slate-700">Search in</span>
        <select name="searchBy" defaultValue={values.searchBy ?? ""} className={inputClass}>
          <option value="">All five fields</option>
          {CARD_SEARCH_FIELDS.map((f) => (
            <option key={f} value={f}>
              {CARD_SEARCH_FIELD_LABELS[f]}
            </option>
          ))}
        </select>
      </label>
      {/* The rest folds away (a long form on a phone), open while one of them is set. */}
      <details open={MORE.some((k) => !!values[k])} className="sm:col-span-2 lg:col-span-4">
        <summary className="cursor-pointer text-sm font-semibold text-brand-dark">More filters</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Select name="status" label="Status" options={[["active", "Active"], ["inactive", "Inactive"]]} value={values.status} />
          <Select name="payment" label="Payment" options={payment} value={values.payment} />
          <Select name="subscription" label="Subscription" options={subscription} value={values.subscription} />
          <Select name="expiry" label="Expiry" options={expiry} value={values.expiry} />
          <Select name="imagePostEnabled" label="Greeting posts" options={[["yes", "Enabled"], ["no", "Disabled"]]} value={values.imagePostEnabled} />
          <Select name="template" label="Template" options={[["style-1", "style-1"], ["style-2", "style-2"]]} value={values.template} />
          <DateInput name="createdFrom" label="Created from" value={values.createdFrom} />
          <DateInput name="createdTo" label="Created to" value={values.createdTo} />
        </div>
      </details>
    </>
  );
}

/** GET /business's filters (and the business report's). */
export function BusinessFilterFields({ values = {} }: { values?: Values }) {
  return (
    <>
      <SearchInput value={values.search} placeholder="Business name, phone or email" />
      <Select name="payment" label="Payment" options={payment} value={values.payment} />
      <Select name="subscription" label="Subscription" options={subscription} value={values.subscription} />
      <Select name="expiry" label="Expiry" options={expiry} value={values.expiry} />
    </>
  );
}
