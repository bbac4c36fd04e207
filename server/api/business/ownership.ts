import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { businesses } from "#server/db/schema/business.ts";

export async function businessBelongsToUser(db: Db, userId: number, businessId: number) {
  const [row] = await db
    .select({ id: businesses.businessId })
    .from(businesses)
    .where(and(eq(businesses.businessId, businessId), eq(businesses.userId, userId), isNull(businesses.deletedAt)))
    .limit(1);
  return !!row;
}
