import { href } from "react-router";
import type { CustomerMenuKey, MenuItem, OutsideLink, StaffMenuKey } from "#contracts/menus.ts";

/** A menu item as the drawers and tiles render it. */
export type MenuLink = { key: string; label: string; to: string; external: boolean };

/** The SPEC's project types are the projects page's tabs. */
export const projectsHref = (projectType: string) => `${href("/panel/customer/projects")}?projectType=${projectType}`;

export const ADD_BUSINESS_FOR_CARD_HREF = `${href("/panel/customer/businesses/add")}?shouldRedirectToDigitalCardEditorOnAddBusiness=true`;

/** Where each customer menu key leads; the PDF and video pages open on the active business. */
function customerPage(key: CustomerMenuKey, businessId: number | null | undefined) {
  const forBusiness = (path: string) => (businessId ? `${path}?businessId=${businessId}` : path);
  switch (key) {
    case "digital_card":
    case "pdf_id_card":
    case "promotional_video":
      return projectsHref(key);
    case "create-card":
      return `${ADD_BUSINESS_FOR_CARD_HREF}&shouldCreateDigitalCard=true`;
    case "greetings":
      return href("/panel/customer/daily-image");
    case "pdf-card-templates":
      return forBusiness(href("/panel/customer/pdf-card-templates"));
    case "video-templates":
      return forBusiness(href("/panel/customer/video-templates"));
  }
}

const admin = (page: string) => href("/panel/admin/*", { "*": page });

/** Where each admin menu key leads (every page but home comes with later issues). */
const STAFF_PAGES: Record<StaffMenuKey, string> = {
  home: href("/panel/admin"),
  businesses: admin("businesses"),
  projects: admin("projects"),
  franchisees: admin("franchisees"),
  "agency-management": admin("agency-management"),
  billing: admin("billing"),
  "plans-pricing": admin("plans-pricing-management"),
  report: admin("report"),
  "daily-images": admin("daily-image-management"),
  "image-posts": admin("image-posts-management"),
  "video-templates": admin("video-template-management"),
  "ui-customisation": admin("ui-customisation"),
  "static-pages": admin("category-static-page-management"),
  "link-store": admin("link-store"),
};

const outside = (item: OutsideLink): MenuLink => ({ key: item.key, label: item.label, to: item.href, external: true });

/** The customer's menu items (GET /session) as links; `activeBusinessId` is the customer's chosen business. */
export function customerMenuLinks(items: readonly MenuItem<CustomerMenuKey>[], activeBusinessId?: number | null): MenuLink[] {
  return items.map((i) => ("href" in i ? outside(i) : { key: i.key, label: i.label, to: customerPage(i.key, activeBusinessId), external: false }));
}

export function staffMenuLinks(items: readonly MenuItem<StaffMenuKey>[]): MenuLink[] {
  return items.map((i) => ("href" in i ? outside(i) : { key: i.key, label: i.label, to: STAFF_PAGES[i.key], external: false }));
}
