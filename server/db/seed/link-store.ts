import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../client.ts";
import { linkCategories, linkTypes } from "../schema/content.ts";
import { builtinIconUrl, type BuiltinLinkIcon, type LinkFieldType } from "../../../contracts/link-store-constants.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

type DefaultType = { name: string; icon: BuiltinLinkIcon; fieldType?: LinkFieldType; urlPrefix?: string; placeholder: string };

/**
 * The platform's starting link store (ADR 0020): what Indian small businesses link to most.
 * A prefix lets customers type only their username or number; types without one take a whole link.
 */
export const DEFAULT_LINK_STORE: { category: string; types: DefaultType[] }[] = [
  {
    category: "Social Media",
    types: [
      { name: "WhatsApp", icon: "whatsapp", fieldType: "tel", urlPrefix: "https://wa.me/", placeholder: "10-digit mobile number" },
      { name: "Instagram", icon: "instagram", urlPrefix: "https://instagram.com/", placeholder: "your username" },
      { name: "Facebook", icon: "facebook", urlPrefix: "https://facebook.com/", placeholder: "your page name" },
      { name: "YouTube", icon: "youtube", urlPrefix: "https://www.youtube.com/@", placeholder: "your channel handle" },
      { name: "LinkedIn", icon: "linkedin", urlPrefix: "https://www.linkedin.com/", placeholder: "in/your-name or company/your-company" },
      { name: "X", icon: "x", urlPrefix: "https://x.com/", placeholder: "your username" },
      { name: "Telegram", icon: "telegram", urlPrefix: "https://t.me/", placeholder: "your username" },
    ],
  },
  {
    category: "Business Listings",
    types: [
      { name: "Website", icon: "website", placeholder: "https://yourshop.in" },
      { name: "Google Maps", icon: "map", urlPrefix: "https://www.google.com/maps/search/?api=1&query=", placeholder: "shop address, or paste the map link" },
      { name: "Google Reviews", icon: "reviews", placeholder: "paste your Google review link" },
      { name: "Justdial", icon: "shop", placeholder: "paste your Justdial page link" },
      { name: "IndiaMART", icon: "shop", placeholder: "paste your IndiaMART page link" },
    ],
  },
];

/**
 * Adds the default categories and types the platform does not have yet (by name), so it can run
 * on a store that already holds some. Returns every platform type (the demo cards use their ids).
 */
export async function seedLinkStore(tx: Tx) {
  for (const [c, group] of DEFAULT_LINK_STORE.entries()) {
    let [category] = await tx
      .select()
      .from(linkCategories)
      .where(and(isNull(linkCategories.agencyId), eq(linkCategories.name, group.category)));
    category ??= (await tx.insert(linkCategories).values({ name: group.category, sortOrder: c + 1 }).returning())[0];
    const existing = new Set(
      (await tx.select({ name: linkTypes.name }).from(linkTypes).where(and(isNull(linkTypes.agencyId), eq(linkTypes.linkCategoryId, category.linkCategoryId)))).map((r) => r.name),
    );
    const missing = group.types.filter((t) => !existing.has(t.name));
    if (missing.length) {
      await tx.insert(linkTypes).values(
        missing.map((t) => ({
          linkCategoryId: category.linkCategoryId,
          name: t.name,
          iconUrl: builtinIconUrl(t.icon),
          fieldType: t.fieldType ?? "url",
          urlPrefix: t.urlPrefix ?? null,
          placeholder: t.placeholder,
          sortOrder: group.types.indexOf(t) + 1,
        })),
      );
    }
  }
  return tx.select().from(linkTypes).where(isNull(linkTypes.agencyId));
}
