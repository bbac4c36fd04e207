import { and, inArray, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { linkTypes } from "#server/db/schema/content.ts";
import { invalid } from "#server/api/lib/errors.ts";
import { linkSchema, type CardLink, type CardLinkInput } from "#contracts/cards.ts";
import { LINK_MESSAGE, PHONE_MESSAGE } from "#contracts/constants.ts";
import { composeLinkUrl, LINK_STORE_MESSAGES } from "#contracts/link-store.ts";

/**
 * POST /updateCardLinks' items → the links a card stores (ADR 0020): a typed link's handle or
 * number goes after its type's prefix and the type's name is the label when none is given; the
 * result must be a valid http(s) link. Every refusal is 422 with the item's field named
 * (`items.2.url`), nothing stored.
 */
export async function resolveCardLinks(db: Db, items: CardLinkInput[]): Promise<CardLink[]> {
  const ids = [...new Set(items.map((i) => i.linkTypeId).filter((id): id is number => id !== undefined))];
  const types = ids.length
    ? await db
        .select({ linkTypeId: linkTypes.linkTypeId, name: linkTypes.name, fieldType: linkTypes.fieldType, urlPrefix: linkTypes.urlPrefix })
        .from(linkTypes)
        .where(and(isNull(linkTypes.agencyId), inArray(linkTypes.linkTypeId, ids)))
    : [];
  const byId = new Map(types.map((t) => [t.linkTypeId, t]));
  const fieldErrors: Record<string, string[]> = {};
  const out: CardLink[] = [];
  items.forEach((item, i) => {
    if (item.linkTypeId === undefined) {
      out.push({ label: item.label!, url: linkSchema.parse(item.url) });
      return;
    }
    const type = byId.get(item.linkTypeId);
    if (!type) {
      fieldErrors[`items.${i}.linkTypeId`] = [LINK_STORE_MESSAGES.unknownType];
      return;
    }
    const fieldType = type.fieldType === "tel" ? "tel" : "url";
    const composed = composeLinkUrl({ fieldType, urlPrefix: type.urlPrefix }, item.url);
    const url = composed === null ? null : linkSchema.safeParse(composed);
    if (!url?.success) {
      fieldErrors[`items.${i}.url`] = [fieldType === "tel" ? PHONE_MESSAGE : LINK_MESSAGE];
      return;
    }
    out.push({ linkTypeId: type.linkTypeId, label: item.label || type.name, url: url.data });
  });
  if (Object.keys(fieldErrors).length) throw invalid(Object.values(fieldErrors)[0][0], fieldErrors);
  return out;
}
