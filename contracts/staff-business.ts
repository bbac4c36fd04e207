import { z } from "zod";
import { businessFields, registerUserFields, registerUserRule } from "./business.ts";

/**
 * The staff's "Register a customer" form (issue 9): the customer's sign-in id (the rule of POST
 * /business/registerUserAndGetBusinesses) and their first business (POST /business's fields).
 */
export const registerCustomerBusinessSchema = z
  .object({
    ...registerUserFields,
    businessName: businessFields.businessName,
    category: businessFields.category,
    businessNature: businessFields.businessNature,
    contactPerson: businessFields.contactPerson,
    createDigitalCard: z.boolean().optional(),
  })
  .superRefine(registerUserRule);
