import { and, eq, isNull, not, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { hasRole, type Actor } from "#server/auth/roles.ts";
import { isSuperadminAgency } from "#server/auth/tenancy.ts";
import type { AgencyRow } from "#server/api/lib/env.ts";
import { notFound } from "#server/api/lib/errors.ts";
import { imagePosts } from "#server/db/schema/content.ts";
import { GREETING_TEXTS } from "#contracts/greetings-enums.ts";

/*
 * Who sees and who manages greeting content (ADR 0021):
 * - agencyId null: the platform's library, made by the superadmin agency, seen by every agency;
 * - agencyId = A, not exclusive: agency A's own posts, made and managed by A's staff;
 * - agencyId = A, exclusive: made by the superadmin for agency A only; A sees them while its
 *   configuration allows agency-exclusive posts; only the superadmin manages them.
 * Categories, subcategories and tags: platform rows (null) for everyone, an agency's own for it.
 * Staff manage content when admin or franchisee-with-all-card-access (SPEC §6).
 */

export type GreetingScope = {
  agencyId: number;
  superadmin: boolean;
  /** Where this caller's new content goes: null = platform. */
  owner: number | null;
  manager: boolean;
  customer: boolean;
  imagesEnabled: boolean;
  videosIncluded: boolean;
  allowExclusive: boolean;
};

export function greetingScope(agency: AgencyRow, actor: Actor): GreetingScope {
  const superadmin = isSuperadminAgency(agency);
  const image = agency.configuration.imagePost ?? {};
  return {
    agencyId: agency.id,
    superadmin,
    owner: superadmin ? null : agency.id,
    manager: hasRole(actor, "admin") || hasRole(actor, "franchisee-with-all-card-access"),
    customer: actor.kind === "customer",
    // The platform's own agency always has its library; others by configuration (SPEC §5).
    imagesEnabled: superadmin || !!image.enableImagePost,
    videosIncluded: superadmin || (!!image.enableImagePost && !!image.isVideoPostsIncluded),
    allowExclusive: !!image.allowAgencyExclusivePosts,
  };
}

/** Customers of an agency without image posts get 404 (the product is not there for them). */
export function assertReadable(s: GreetingScope) {
  if (s.customer && !s.imagesEnabled) throw notFound(GREETING_TEXTS.notEnabled);
}

/** Rows of a content table (category, subcategory, tag) the caller sees. */
export const contentVisible = (column: AnyPgColumn, s: GreetingScope): SQL => or(isNull(column), eq(column, s.agencyId))!;

/** Rows of a content table the caller may change. */
export const contentManageable = (column: AnyPgColumn, s: GreetingScope): SQL =>
  !s.manager ? sql`false` : s.owner === null ? isNull(column) : eq(column, s.owner);

/** Posts the caller sees. */
export function postVisible(s: GreetingScope): SQL {
  const own = s.allowExclusive
    ? eq(imagePosts.agencyId, s.agencyId)
    : and(eq(imagePosts.agencyId, s.agencyId), not(imagePosts.isAgencyExclusive))!;
  let visible: SQL = or(isNull(imagePosts.agencyId), own)!;
  // The superadmin's staff also see the exclusive posts they made for other agencies.
  if (s.superadmin && !s.customer) visible = or(visible, imagePosts.isAgencyExclusive)!;
  if (s.customer && !s.videosIncluded) visible = and(visible, eq(imagePosts.mediaType, "IMAGE"))!;
  return visible;
}

/** Posts the caller may change or delete. */
export function postManageable(s: GreetingScope): SQL {
  if (!s.manager) return sql`false`;
  if (s.superadmin) return or(isNull(imagePosts.agencyId), imagePosts.isAgencyExclusive)!;
  return and(eq(imagePosts.agencyId, s.agencyId), not(imagePosts.isAgencyExclusive))!;
}

/** A SQL boolean for "manageable" columns in a select. */
export const asFlag = (condition: SQL) => sql<boolean>`coalesce(${condition}, false)`.mapWith(Boolean);
