import type { CustomerActor } from "./context";

/** 'Logged in as' for a customer: the email for foreign users, else the mobile number (email as a fallback). */
export function customerLoggedInAs(user: CustomerActor["user"]) {
  if (!user.isForeignUser && user.phoneNumber) return `+91 ${user.phoneNumber}`;
  return user.email;
}
