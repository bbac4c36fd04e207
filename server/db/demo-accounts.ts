/**
 * The demo data's sign-ins, written once: the seed (server/db/seed.ts) creates these accounts
 * and prints them, and the API and browser tests sign in with them. Plain constants, no imports.
 */
export const DEMO_PASSWORD = "Password@123";
/** The second agency's host; Chromium resolves *.localhost to loopback. */
export const SECOND_AGENCY_HOST = "sunrise.localhost";

type DemoAccount = {
  kind: "customer" | "staff";
  /** The platform agency (on MAIN_HOST) or Sunrise Media (on SECOND_AGENCY_HOST). */
  agency: "platform" | "sunrise";
  login: { phoneNumber: string } | { email: string };
  /** How the start log names the account. */
  label: string;
};

export const DEMO_ACCOUNTS = {
  admin: { kind: "staff", agency: "platform", login: { phoneNumber: "9000000001" }, label: "admin (superadmin agency)" },
  creator: { kind: "staff", agency: "platform", login: { phoneNumber: "9000000002" }, label: "creator" },
  franchisee: { kind: "staff", agency: "platform", login: { phoneNumber: "9000000003" }, label: "franchisee" },
  franchiseeAllCards: {
    kind: "staff",
    agency: "platform",
    login: { phoneNumber: "9000000004" },
    label: "franchisee-with-all-card-access",
  },
  customer: { kind: "customer", agency: "platform", login: { phoneNumber: "9876543210" }, label: "customer" },
  foreignCustomer: { kind: "customer", agency: "platform", login: { email: "foreign@example.com" }, label: "customer (foreign, email)" },
  otherAgencyAdmin: { kind: "staff", agency: "sunrise", login: { phoneNumber: "9000000011" }, label: "admin (Sunrise Media)" },
  otherAgencyCustomer: { kind: "customer", agency: "sunrise", login: { phoneNumber: "9876543211" }, label: "customer (Sunrise Media)" },
} as const satisfies Record<string, DemoAccount>;

export type DemoAccountName = keyof typeof DEMO_ACCOUNTS;
