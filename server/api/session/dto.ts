import { z } from "zod";
import { LANGUAGES } from "#contracts/i18n/languages.ts";
import { CUSTOMER_MENU_KEYS, STAFF_MENU_KEYS } from "#contracts/menus.ts";
import { userDto } from "#server/api/auth/dto.ts";
import { franchiseeDto } from "#server/api/franchisee/dto.ts";

/** A menu item names a panel page by key (contracts/menus.ts); only an outside site comes with its `href`. */
const menuItem = <K extends string>(keys: readonly [K, ...K[]]) =>
  z.union([z.object({ key: z.enum(keys), label: z.string() }), z.object({ key: z.literal("invitation"), label: z.string(), href: z.string() })]);

const features = z.object({
  imagePost: z.boolean(),
  videoPosts: z.boolean(),
  pdfCard: z.boolean(),
  video: z.boolean(),
  onlinePayment: z.boolean(),
  invitationTile: z.boolean(),
  onlyDigitalCard: z.boolean(),
});

export const agencyDetailsDto = z.object({
  agencyId: z.number(),
  agencyName: z.string(),
  isSuperadmin: z.boolean(),
  /** The product's own main host: loading logo and analytics data layer only here. */
  isMainHost: z.boolean(),
  invitationSiteLink: z.string().nullable(),
  /** What this host shows (ADR 0019): absent keys keep the default look. */
  branding: z.object({
    name: z.string().optional(),
    logoUrl: z.string().optional(),
    faviconUrl: z.string().optional(),
    primaryColor: z.string().optional(),
    metaTitle: z.string().optional(),
    metaDescription: z.string().optional(),
  }),
  features,
  /** The agency's default language (ADR 0066): what a card shows a visitor whose browser asks for none of ours. */
  defaultLanguage: z.enum(LANGUAGES),
});

export const actorDto = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("anonymous") }),
  z.object({
    kind: z.literal("customer"),
    user: userDto,
    menu: z.object({
      myProjects: z.array(menuItem(CUSTOMER_MENU_KEYS)),
      create: z.array(menuItem(CUSTOMER_MENU_KEYS)),
      home: z.array(menuItem(CUSTOMER_MENU_KEYS)),
    }),
  }),
  z.object({ kind: z.literal("staff"), franchisee: franchiseeDto, menu: z.array(menuItem(STAFF_MENU_KEYS)) }),
]);
