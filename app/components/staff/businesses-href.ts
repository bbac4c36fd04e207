import { href } from "react-router";

/** All Businesses' query (GET /business's filters and search, SPEC §3 and §5 Filters). */
export type BusinessListParams = {
  search?: string;
  payment?: "paid" | "unpaid";
  subscription?: "subscribed" | "not-subscribed";
  expiry?: "expired" | "expiring-soon";
  cardStatus?: "active" | "inactive";
  page?: number;
};

export const BUSINESS_FILTERS = {
  payment: [
    { value: "paid", label: "Paid (done)" },
    { value: "unpaid", label: "Not paid (not done)" },
  ],
  subscription: [
    { value: "subscribed", label: "Subscribed" },
    { value: "not-subscribed", label: "Not subscribed" },
  ],
  expiry: [
    { value: "expiring-soon", label: "Expiring soon" },
    { value: "expired", label: "Expired" },
  ],
  cardStatus: [
    { value: "active", label: "Active" },
    { value: "inactive", label: "Inactive" },
  ],
} as const;

export type BusinessFilterName = keyof typeof BUSINESS_FILTERS;
export const BUSINESS_FILTER_NAMES = Object.keys(BUSINESS_FILTERS) as BusinessFilterName[];

/** All Businesses with these filters (page 1 and empty values left out). */
export function businessesHref(p: BusinessListParams = {}) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== "" && !(k === "page" && v === 1)) search.set(k, String(v));
  const path = href("/panel/admin/businesses");
  return search.size ? `${path}?${search}` : path;
}
