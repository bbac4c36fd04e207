import { BUSINESS_FIELD_NAMES } from "#contracts/business.ts";

/**
 * The edit form's values as an update: a form leaves an emptied input out, and for the API
 * "absent" means "unchanged", so every field the form shows is sent, emptied ones as null.
 */
export function asFullUpdate<T extends Record<string, unknown>>(value: T) {
  const out: Record<string, unknown> = { ...value };
  for (const k of BUSINESS_FIELD_NAMES) if (out[k] === undefined && k !== "businessName" && k !== "title") out[k] = null;
  return out as T;
}
