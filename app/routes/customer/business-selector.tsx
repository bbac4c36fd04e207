import { Form, useNavigation, useSubmit } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { SWITCH_BUSINESS_ACTION, SwitchingBusinessOverlay } from "~/components/navigation-overlay";

type Business = { businessId: number; businessName: string };
/** Its words (the `switchBusiness` namespace, from the customer layout's loader). */
type Words = { business: string; switch: string; switching: string };

/**
 * The customer's active business. With JavaScript the choice submits at once; without it
 * (or before the page has hydrated) a 'Switch' button does.
 */
export function BusinessSelector({ businesses, activeId, t }: { businesses: Business[]; activeId: number | null; t: Words }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const switching = navigation.state !== "idle" && navigation.formAction === SWITCH_BUSINESS_ACTION;
  if (!businesses.length) return null;
  return (
    <Form method="post" action={SWITCH_BUSINESS_ACTION} className="flex items-center gap-2">
      <label htmlFor="active-business" className="shrink-0 text-sm text-slate-600">
        {t.business}
      </label>
      <select
        id="active-business"
        name="activeBusinessId"
        key={activeId ?? "none"}
        defaultValue={activeId ?? undefined}
        disabled={switching}
        onChange={(e) => submit(e.currentTarget.form)}
        className="min-w-0 flex-1 truncate rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none"
      >
        {businesses.map((b) => (
          <option key={b.businessId} value={b.businessId}>
            {b.businessName}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="shrink-0 rounded-lg bg-brand-dark px-3 py-1.5 text-sm font-semibold text-white">
          {t.switch}
        </button>
      )}
      {switching ? <SwitchingBusinessOverlay text={t.switching} /> : null}
    </Form>
  );
}
