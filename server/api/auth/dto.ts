import { z } from "zod";
import type { users } from "#server/db/schema/core.ts";
import { LANGUAGES } from "#contracts/i18n/languages.ts";

export const userDto = z.object({
  userId: z.number(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  isForeignUser: z.boolean(),
  preference: z.object({ activeBusinessId: z.number().nullable().optional() }),
  /** The language the customer chose; null: none yet (the browser's or the agency's applies, ADR 0066). */
  language: z.enum(LANGUAGES).nullable(),
  createdAt: z.date(),
});
export type UserDto = z.infer<typeof userDto>;

export const toUserDto = (u: typeof users.$inferSelect): UserDto => ({
  userId: u.id,
  phoneNumber: u.phoneNumber,
  email: u.email,
  isForeignUser: u.isForeignUser,
  preference: u.preference ?? {},
  language: u.language ?? null,
  createdAt: u.createdAt,
});
