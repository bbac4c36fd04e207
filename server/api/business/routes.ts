import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { businesses } from "#server/db/schema/business.ts";
import { access } from "#server/auth/roles.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import { unauthorized } from "#server/api/lib/errors.ts";

const tag = "Business";

/** The fields the top bar and drawer need; the full business record comes with the business screens. */
export const businessSummaryDto = z.object({
  businessId: z.number(),
  businessName: z.string(),
  category: z.string().nullable(),
  paymentStatus: z.number(),
  expiryDateForCustomer: z.date().nullable(),
  isSubscriptionActive: z.boolean(),
  businessMadeBy: z.string(),
});

export const getBusinessesByUser = defineRoute({
  method: "get",
  path: "/business/getBusinessesByUser",
  tag,
  summary: "The signed-in customer's businesses, oldest first.",
  access: access.customer,
  response: z.object({
    businesses: z.array(businessSummaryDto),
    total: z.number(),
    /** The business the panel works on: the customer's choice, else the oldest (null: none yet). */
    activeBusinessId: z.number().nullable(),
  }),
  async handler({ c, actor, agency }) {
    if (actor.kind !== "customer") throw unauthorized();
    const rows = await c
      .get("deps")
      .db.select({
        businessId: businesses.businessId,
        businessName: businesses.businessName,
        category: businesses.category,
        paymentStatus: businesses.paymentStatus,
        expiryDateForCustomer: businesses.expiryDateForCustomer,
        isSubscriptionActive: businesses.isSubscriptionActive,
        businessMadeBy: businesses.businessMadeBy,
      })
      .from(businesses)
      .where(and(eq(businesses.userId, actor.userId), eq(businesses.agencyId, agency.id), isNull(businesses.deletedAt)))
      .orderBy(asc(businesses.createdAt), asc(businesses.businessId));
    const preferred = (await c.get("account").user())?.preference?.activeBusinessId;
    const active = rows.find((b) => b.businessId === preferred) ?? rows[0] ?? null;
    return { businesses: rows, total: rows.length, activeBusinessId: active?.businessId ?? null };
  },
});

export const businessRoutes = [getBusinessesByUser] as const;
