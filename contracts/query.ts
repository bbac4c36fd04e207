import { z } from "zod";
import { idSchema } from "./id.ts";

/** Query and path values arrive as strings: helpers that coerce with clear messages. */
export const q = {
  int: (label: string) => idSchema(label),
  optionalInt: (label: string) => q.int(label).optional(),
  page: () => z.coerce.number({ error: "page must be a number." }).int().min(1, "page must be 1 or more.").default(1),
  pageSize: () =>
    z.coerce.number({ error: "pageSize must be a number." }).int().min(1).max(100, "pageSize can be at most 100.").default(20),
  bool: () => z.enum(["true", "false"], { error: "Use true or false." }).transform((v) => v === "true"),
};
