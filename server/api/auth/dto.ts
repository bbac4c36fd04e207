import { z } from "zod";
import type { users } from "#server/db/schema/core.ts";

export const userDto = z.object({
  userId: z.number(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  isForeignUser: z.boolean(),
  preference: z.object({ activeBusinessId: z.number().nullable().optional() }),
  createdAt: z.date(),
});
export type UserDto = z.infer<typeof userDto>;

export const toUserDto = (u: typeof users.$inferSelect): UserDto => ({
  userId: u.id,
  phoneNumber: u.phoneNumber,
  email: u.email,
  isForeignUser: u.isForeignUser,
  preference: u.preference ?? {},
  createdAt: u.createdAt,
});
