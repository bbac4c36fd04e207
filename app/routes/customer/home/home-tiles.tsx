import { Link } from "react-router";
import { ExternalIcon } from "~/components/icons";
import type { MenuLink } from "~/lib/menu-links";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

type Texts = Pick<Catalogue["home"], "tileDigitalCard" | "tileGreetings" | "tilePdfCards" | "tileVideos" | "tileInvitation">;

/** A line under each tile's label (presentation only; which tiles show is the API's call). */
const descriptions = (t: Texts): Record<string, string> => ({
  digital_card: t.tileDigitalCard,
  greetings: t.tileGreetings,
  "pdf-card-templates": t.tilePdfCards,
  "video-templates": t.tileVideos,
  invitation: t.tileInvitation,
});

const tileClass = "flex h-full flex-col justify-between gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand";

/** The customer home's tiles (the session's `menu.home`, incl. the invitation tile when the agency enables it). */
export function HomeTiles({ tiles, t }: { tiles: MenuLink[]; t: Texts }) {
  const DESCRIPTIONS = descriptions(t);
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {tiles.map((tile) => {
        const description = DESCRIPTIONS[tile.key] ? <span className="text-xs text-slate-500">{DESCRIPTIONS[tile.key]}</span> : null;
        return (
          <li key={tile.key}>
            {tile.external ? (
              <a href={tile.to} target="_blank" rel="noopener noreferrer" className={tileClass}>
                <span className="flex items-start justify-between gap-1 font-semibold text-slate-900">
                  {tile.label}
                  <ExternalIcon className="mt-1 size-4 shrink-0 text-slate-400" />
                </span>
                {description}
              </a>
            ) : (
              <Link to={tile.to} className={tileClass}>
                <span className="font-semibold text-slate-900">{tile.label}</span>
                {description}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
