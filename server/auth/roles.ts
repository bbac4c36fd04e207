import type { MenuItem, StaffMenuKey } from "#contracts/menus.ts";
import type { FranchiseeRole } from "#server/db/schema/core.ts";
import { CATALOGUES, type Catalogue } from "#contracts/i18n/messages.ts";

/**
 * Roles and permissions (SPEC §6), in one place. The API checks these on every call;
 * the panel only asks `menuFor` what to show.
 */
export type Actor =
  | { kind: "anonymous" }
  | { kind: "customer"; sessionId: string; userId: number }
  | {
      kind: "staff";
      sessionId: string;
      franchiseeId: number;
      roles: FranchiseeRole[];
      permissions: string[];
      hideBilling: boolean;
    };

/** Who may call a route. Anything not listed is refused (401 without a session, else 403). */
export type Access = {
  /** Anyone, signed in or not. */
  public?: true;
  /** Needs this browser's pending sign-in (verify → OTP → create password); checked by the handler. */
  pending?: true;
  customer?: true;
  /** Staff with at least one of these roles ('any' = every staff role). */
  staff?: readonly FranchiseeRole[] | "any";
  /** Only on the platform (superadmin) agency. */
  superadmin?: true;
};

export const access = {
  public: { public: true },
  pending: { public: true, pending: true },
  customer: { customer: true },
  anySignedIn: { customer: true, staff: "any" },
  staff: (...roles: FranchiseeRole[]): Access => ({ staff: roles.length ? roles : "any" }),
  customerOrStaff: (...roles: FranchiseeRole[]): Access => ({ customer: true, staff: roles.length ? roles : "any" }),
  superadmin: (...roles: FranchiseeRole[]): Access => ({ staff: roles.length ? roles : "any", superadmin: true }),
} satisfies Record<string, Access | ((...r: FranchiseeRole[]) => Access)>;

export type AccessDecision = "ok" | 401 | 403;

export function decideAccess(rule: Access, actor: Actor, agencyIsSuperadmin: boolean): AccessDecision {
  if (rule.public) return "ok";
  if (actor.kind === "anonymous") return 401;
  if (rule.superadmin && !agencyIsSuperadmin) return 403;
  if (actor.kind === "customer") return rule.customer ? "ok" : 403;
  if (!rule.staff) return 403;
  if (rule.staff === "any") return "ok";
  return actor.roles.some((r) => (rule.staff as readonly FranchiseeRole[]).includes(r)) ? "ok" : 403;
}

export const hasRole = (actor: Actor, role: FranchiseeRole) => actor.kind === "staff" && actor.roles.includes(role);
export const hasPermission = (actor: Actor, permission: string) =>
  actor.kind === "staff" && actor.permissions.includes(permission);

/** Staff who see every card of the agency rather than only their own customers'. */
export const seesAllCards = (actor: Actor) =>
  hasRole(actor, "admin") || hasRole(actor, "franchisee-with-all-card-access");

export type StaffMenuItem = MenuItem<StaffMenuKey>;

export type MenuInput = {
  roles: readonly FranchiseeRole[];
  hideBilling: boolean;
  isSuperadmin: boolean;
  /** Only digital cards are active (image posts, PDF card and video all disabled). */
  agencyOnlyDigitalCard: boolean;
  invitationSiteLink?: string | null;
};

/** The admin drawer (SPEC §2 Admin drawer, §6 Menu gating), in drawer order: keys, never panel URLs. */
/** `t`: the labels in the staff member's language (ADR 0066); English, the spec's, by default. */
export function staffMenu(m: MenuInput, t: Catalogue["staffMenu"] = CATALOGUES.en.staffMenu): StaffMenuItem[] {
  const admin = m.roles.includes("admin");
  const allCards = m.roles.includes("franchisee-with-all-card-access");
  const items: (StaffMenuItem | false)[] = [
    { key: "home", label: t.home },
    { key: "businesses", label: t.businesses },
    !m.agencyOnlyDigitalCard && { key: "projects", label: t.projects },
    m.isSuperadmin && !!m.invitationSiteLink && { key: "invitation", label: t.invitation, href: m.invitationSiteLink },
    admin && { key: "franchisees", label: t.franchisees },
    admin && !m.hideBilling && m.isSuperadmin && { key: "agency-management", label: t.agencyManagement },
    admin && !m.hideBilling && !m.isSuperadmin && { key: "billing", label: t.billing },
    admin && { key: "plans-pricing", label: t.plansPricing },
    admin && { key: "report", label: t.report },
    // The platform manages the daily images every agency posts from; an agency its own image posts.
    (admin || allCards) && { key: m.isSuperadmin ? "daily-images" : "image-posts", label: t.greetings },
    m.isSuperadmin && (admin || allCards) && { key: "video-templates", label: t.videoTemplates },
    m.isSuperadmin && admin && { key: "ui-customisation", label: t.uiCustomisation },
    m.isSuperadmin && admin && { key: "static-pages", label: t.staticPages },
    m.isSuperadmin && (admin || allCards) && { key: "link-store", label: t.linkStore },
  ];
  return items.filter((i): i is StaffMenuItem => !!i);
}
