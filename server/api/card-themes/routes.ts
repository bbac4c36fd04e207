import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import { notFound } from "#server/api/lib/errors.ts";
import { agencyCardThemesResponse, agencyCardThemesSchema, cardThemesResponse, themeThumbnailParams, themeThumbnailQuery } from "#contracts/card-theme-settings.ts";
import { cardView } from "#contracts/card-view.ts";
import { findVisibleCardView } from "#server/api/cards/service.ts";
import { smallCardPhoto } from "#server/api/public-card/service.ts";
import { offeredThemes, saveAgencyThemes, themesFor } from "./service.ts";
import { themeThumbnail } from "./thumbnail.ts";

const tag = "Card themes";

export const listCardThemes = defineRoute({
  method: "get",
  path: "/card-themes",
  tag,
  summary: "The card themes the caller may choose (ADR 0070): a customer the ones the agency offers, staff all of them marked `allowed`; and the agency's default.",
  access: access.customerOrStaff(),
  response: cardThemesResponse,
  handler: async ({ agency, actor }) => themesFor(agency, actor),
});

export const setAgencyCardThemes = defineRoute({
  method: "put",
  path: "/agency/card-themes",
  tag,
  summary: "Choose which card themes the agency's customers see and the one new cards start with (agency admins); other settings are kept.",
  access: access.staff("admin"),
  body: agencyCardThemesSchema,
  response: agencyCardThemesResponse,
  handler: async ({ deps, agency, body }) => saveAgencyThemes(deps.db, agency.id, body),
});

export const themeThumbnailRoute = defineRoute({
  method: "get",
  path: "/card-themes/{theme}/thumbnail.png",
  tag,
  summary:
    "A picture (PNG, 240×360) of the caller's card in one theme: its name, colour and logo or photo in the theme's layout. ETag by content; cached privately for a day (the editor adds the card's version as `v`).",
  access: access.customerOrStaff(),
  params: themeThumbnailParams,
  query: themeThumbnailQuery,
  response: z.unknown(),
  raw: true,
  async handler({ c, deps, actor, agency, params, query }) {
    if (actor.kind === "customer" && !offeredThemes(agency).allowed.includes(params.theme)) throw notFound("Theme not found.");
    const source = await findVisibleCardView(deps.db, actor, agency.id, query.cardNo);
    const view = cardView(source);
    const b = view.basic;
    const image = await themeThumbnail({
      theme: params.theme,
      companyName: b.companyName,
      who: [b.name, b.designation].filter(Boolean).join(" · "),
      themeColor: view.themeColor,
      photo: await smallCardPhoto(deps.config.dataDir, view.logoUrl ?? view.profileImageUrl),
    });
    const headers = { etag: image.etag, "cache-control": "private, max-age=86400", vary: "cookie" };
    if (c.req.header("if-none-match")?.split(/\s*,\s*/).includes(image.etag)) return c.body(null, 304, headers);
    return c.body(new Uint8Array(image.body), 200, { ...headers, "content-type": "image/png" });
  },
});

export const cardThemeRoutes = [listCardThemes, setAgencyCardThemes, themeThumbnailRoute] as const;
