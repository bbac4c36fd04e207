import { z } from "zod";
import { MAX_ID } from "./constants.ts";

/** Query and path values arrive as strings: helpers that coerce with clear messages. */
export const q = {
  int: (label: string) =>
    z.coerce.number({ error: `${label} must be a number.` }).int(`${label} must be a whole number.`).positive(`${label} must be positive.`).max(MAX_ID, `${label} is too large.`),
  optionalInt: (label: string) => q.int(label).optional(),
  page: () => z.coerce.number({ error: "page must be a number." }).int().min(1, "page must be 1 or more.").default(1),
  pageSize: () =>
    z.coerce.number({ error: "pageSize must be a number." }).int().min(1).max(100, "pageSize can be at most 100.").default(20),
  bool: () => z.enum(["true", "false"], { error: "Use true or false." }).transform((v) => v === "true"),
};
