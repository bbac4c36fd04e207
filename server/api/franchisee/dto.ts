import { z } from "zod";
import { franchisees, FRANCHISEE_ROLES } from "#server/db/schema/core.ts";

export const franchiseeDto = z.object({
  franchiseeId: z.number(),
  name: z.string(),
  phoneNumber: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.enum(FRANCHISEE_ROLES)),
  permissions: z.array(z.string()),
  configuration: z.object({ hideBilling: z.boolean().optional() }),
});

export const toFranchiseeDto = (f: typeof franchisees.$inferSelect): z.infer<typeof franchiseeDto> => ({
  franchiseeId: f.id,
  name: f.name,
  phoneNumber: f.phoneNumber,
  email: f.email,
  roles: f.roles,
  permissions: f.permissions,
  configuration: f.configuration ?? {},
});
