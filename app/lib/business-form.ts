import { href } from "react-router";
import { BUSINESS_NATURES, TITLES } from "#contracts/enums.ts";
import { parseId } from "#contracts/id.ts";

/**
 * The business form's presentation (labels, input types, options); the rules are the API's
 * schemas in #contracts/business.ts, used as they are by the add and edit forms.
 */
export const TITLE_OPTIONS = TITLES.map((t) => ({ value: t, label: t === "none" ? "No title" : t }));
export const NATURE_OPTIONS = [{ value: "", label: "Choose…" }, ...BUSINESS_NATURES.map((n) => ({ value: n, label: n }))];

/** Links inside the panel that several business pages share. */
export const businessEditHref = (businessId: number) => href("/panel/customer/businesses/:businessId/edit", { businessId: String(businessId) });
export const cardEditorHref = (businessId: number) => `${href("/panel/customer/digital-card")}?businessId=${businessId}`;
export const ADD_BUSINESS_HREF = href("/panel/customer/businesses/add");
export const FIRST_BUSINESS_HREF = `${ADD_BUSINESS_HREF}?firstTimeUser=true&shouldRedirectToDigitalCardEditorOnAddBusiness=true&shouldCreateDigitalCard=true`;

/** The add page's query flags (SPEC §2), read the same way by its loader and action. */
export function addBusinessFlags(params: URLSearchParams, viewerUserId: number) {
  const yes = (name: string) => params.get(name) === "true";
  const userId = parseId(params.get("userId"));
  return {
    firstTimeUser: yes("firstTimeUser"),
    createDigitalCard: yes("shouldCreateDigitalCard"),
    redirectToEditor: yes("shouldRedirectToDigitalCardEditorOnAddBusiness"),
    isForeignUser: yes("isForeignUser"),
    // Staff add for a customer through this flag; a signed-in customer only ever adds for themselves.
    userId: userId === viewerUserId ? userId : undefined,
  };
}
