/**
 * Staff roles and the Franchisee List's words (SPEC §3 Franchisee, §6 roles), with no imports:
 * the panel's list page takes them without zod. `server/db/schema/core.ts` FRANCHISEE_ROLES is
 * the same list (checked where the API declares its routes).
 */
export const STAFF_ROLES = ["admin", "creator", "franchisee", "franchisee-with-all-card-access"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Admin",
  creator: "Creator",
  franchisee: "Franchisee",
  "franchisee-with-all-card-access": "Franchisee with all-card access",
};

/** Each role's word in the catalogues' `staffFranchisees` namespace (ADR 0066), for texts written on the server. */
export const STAFF_ROLE_WORD_KEYS = {
  admin: "roleAdmin",
  creator: "roleCreator",
  franchisee: "roleFranchisee",
  "franchisee-with-all-card-access": "roleFranchiseeAll",
} as const satisfies Record<StaffRole, string>;

export const STAFF_STATUSES = ["active", "inactive"] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** `?all=true` answers every franchisee of the agency at once (pickers); more than this is refused. */
export const ALL_FRANCHISEES_CAP = 5000;
export const MAX_PERMISSIONS = 30;

export const FRANCHISEE_TEXTS = {
  phoneTaken: "This number already belongs to a staff member of this agency.",
  notFound: "We could not find this staff member.",
  selfNotAdmin: "You cannot remove the admin role from yourself. Ask another admin.",
  selfInactive: "You cannot deactivate yourself. Ask another admin.",
  rolesRequired: "Choose at least one role.",
  permission: "Permissions are short words: letters, digits, '-', '_', '.' or ':' (up to 50 characters).",
} as const;
