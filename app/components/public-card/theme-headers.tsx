import type { PublicCard } from "#contracts/public-card.ts";
import { PATTERN_IMAGES, type ThemeDesign } from "#contracts/card-themes.ts";
import { primaryActions, TapLink } from "./contact";
import { ContactList, ContactRows, LogoAndPhoto, who } from "./card-header";
import { useCardText } from "./card-text";

/*
 * The headers of the themes added by issue 26 (ADR 0070): a full-width band (colour, pattern,
 * photo, dark or white, optionally arched or framed) and a two-column split. The spec's style-1
 * and style-2 keep their own headers (card-header.tsx). Text on a coloured fill is white: the
 * theme colour is darkened until white reads on it (AA), patterns only darken it further, and a
 * photo gets a dark scrim.
 */

type Props = { card: PublicCard; cardId: string; design: ThemeDesign };

/** The fill's inline style: pattern and photo are images over the theme colour. */
function fillStyle(card: PublicCard, d: ThemeDesign): React.CSSProperties | undefined {
  if (d.fill === "photo" && card.coverImageUrl) {
    return { backgroundImage: `linear-gradient(rgba(0,0,0,.55),rgba(0,0,0,.55)),url("${card.coverImageUrl}")`, backgroundSize: "cover", backgroundPosition: "center" };
  }
  const p = PATTERN_IMAGES[d.fill];
  return p ? { backgroundImage: p.image, backgroundSize: p.size, backgroundPosition: p.position } : undefined;
}

const FILL_CLASS: Record<ThemeDesign["fill"], string> = {
  theme: "bg-[var(--theme)] text-white",
  stripes: "bg-[var(--theme)] text-white",
  dots: "bg-[var(--theme)] text-white",
  checks: "bg-[var(--theme)] text-white",
  photo: "bg-[var(--theme)] text-white",
  dark: "bg-slate-900 text-white border-b-4 border-[var(--theme)]",
  white: "bg-white text-slate-900 border-t-8 border-[var(--theme)]",
};

const onWhite = (d: ThemeDesign) => d.fill === "white";

function Names({ card, design }: { card: PublicCard; design: ThemeDesign }) {
  const sub = onWhite(design) ? "text-[var(--theme)]" : "";
  return (
    <div className="min-w-0">
      <h1 className="card-head text-2xl leading-tight font-bold break-words">{card.basic.companyName}</h1>
      {who(card) ? <p className={`mt-1 text-base font-medium ${sub}`}>{who(card)}</p> : null}
      {card.basic.tagline ? <p className="mt-2 text-sm italic">{card.basic.tagline}</p> : null}
    </div>
  );
}

function logoClasses(d: ThemeDesign, size: "lg" | "md") {
  const box = size === "lg" ? "size-24" : "size-20";
  return `${box} ${d.logo === "round" ? "rounded-full" : "rounded-2xl"} shadow-md ring-4 ring-white`;
}

/** A band across the top: centred or with the logo beside the name. */
export function BandHeader({ card, cardId, design }: Props) {
  const centre = design.align === "centre";
  const band = `${FILL_CLASS[design.fill]} px-5 ${design.arch ? "rounded-b-[50%_3rem]" : ""} ${centre ? "pt-10 pb-8 text-center" : "pt-12 pb-6"}`;
  return (
    <header className={`overflow-hidden bg-white shadow-sm ${design.framed ? "rounded-3xl border-4 border-[var(--theme)]" : design.flush ? "rounded-b-3xl" : "rounded-2xl"}`}>
      <div className={band} style={fillStyle(card, design)}>
        {centre ? (
          <div className="flex flex-col items-center gap-3">
            <LogoAndPhoto card={card} className={logoClasses(design, "lg")} photoClassName="-right-4 -bottom-1 size-12" />
            <Names card={card} design={design} />
          </div>
        ) : (
          <div className="flex items-end gap-4">
            <LogoAndPhoto card={card} className={logoClasses(design, "md")} photoClassName="-right-2 -bottom-2 size-10" />
            <Names card={card} design={design} />
          </div>
        )}
      </div>
      <Actions card={card} cardId={cardId} design={design} />
      <ContactList card={card} cardId={cardId} includePrimary={design.actions !== "rows"} />
    </header>
  );
}

/** Two columns: the fill with the logo on the left, the names on white on the right. */
export function SplitHeader({ card, cardId, design }: Props) {
  return (
    <header className="overflow-hidden rounded-2xl bg-white shadow-sm">
      <div className="grid grid-cols-[7.5rem_1fr]">
        <div className={`flex items-center justify-center p-4 ${FILL_CLASS[design.fill]}`} style={fillStyle(card, design)}>
          <LogoAndPhoto card={card} className={`${logoClasses(design, "md")} bg-white`} photoClassName="-right-2 -bottom-2 size-10" />
        </div>
        <div className="p-4 text-slate-900">
          <Names card={card} design={{ ...design, fill: "white" }} />
        </div>
      </div>
      <Actions card={card} cardId={cardId} design={design} />
      <ContactList card={card} cardId={cardId} includePrimary={design.actions !== "rows"} />
    </header>
  );
}

/** The contact buttons in the theme's shape. */
function Actions({ card, cardId, design }: Props) {
  const t = useCardText();
  const actions = primaryActions(card, t);
  if (!actions.length) return null;
  if (design.actions === "rows") return <ContactRows card={card} cardId={cardId} icon="rounded-full" />;
  const grid = design.actions === "circles" ? "grid auto-cols-fr grid-flow-col gap-1" : "grid grid-cols-2 gap-2";
  const item: Record<"circles" | "chips" | "tiles", string> = {
    circles: "flex flex-col items-center gap-1 text-xs font-medium text-slate-700",
    chips: "flex min-h-11 items-center gap-2 rounded-full px-3 py-2 text-sm font-semibold text-slate-900 ring-1 ring-slate-300",
    tiles: "flex min-h-12 items-center gap-2 rounded-lg bg-[var(--theme)] px-3 py-2 text-sm font-semibold text-white",
  };
  return (
    <nav aria-label={t.contact} className="px-3 pt-4 pb-4">
      <ul className={`mx-auto max-w-sm ${grid}`}>
        {actions.map((a) => (
          <li key={a.key} className="min-w-0">
            <TapLink cardId={cardId} action={a} className={item[design.actions as "circles"]} label={`${a.label}: ${a.value}`}>
              {design.actions === "circles" ? (
                <span className="flex size-12 items-center justify-center rounded-full bg-[var(--theme)] text-white shadow">
                  <a.Icon className="size-5" />
                </span>
              ) : (
                <a.Icon className={`size-5 shrink-0 ${design.actions === "chips" ? "text-[var(--theme)]" : ""}`} />
              )}
              <span className="truncate">{a.label}</span>
            </TapLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
