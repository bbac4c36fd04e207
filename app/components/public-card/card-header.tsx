import type { PublicCard } from "#contracts/public-card.ts";
import { extraContacts, isAction, primaryActions, TapLink } from "./contact";
import { useCardText } from "./card-text";

type Props = { card: PublicCard; cardId: string; onTheme: string };

function Logo({ card, className }: { card: PublicCard; className: string }) {
  const src = card.logoUrl ?? card.profileImageUrl;
  const initials = card.basic.companyName
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join("")
    .toUpperCase();
  return src ? (
    <img src={src} alt={card.logoUrl ? `${card.basic.companyName} logo` : photoAlt(card)} width={96} height={96} className={`${className} bg-white object-contain`} />
  ) : (
    <span aria-hidden="true" className={`${className} flex items-center justify-center bg-white text-3xl font-bold text-[var(--theme)]`}>
      {initials}
    </span>
  );
}

const photoAlt = (card: PublicCard) => `${card.basic.name || card.basic.companyName} photo`;

/**
 * The logo, and the profile photo as well when the card has both (the logo took the photo's
 * place before, so an uploaded photo never showed once a logo existed): the photo sits on the
 * logo's lower right, like a badge.
 */
export function LogoAndPhoto({ card, className, photoClassName }: { card: PublicCard; className: string; photoClassName: string }) {
  return (
    <div className="relative shrink-0">
      <Logo card={card} className={className} />
      {card.logoUrl && card.profileImageUrl ? (
        <img src={card.profileImageUrl} alt={photoAlt(card)} width={48} height={48} className={`absolute rounded-full bg-white object-cover shadow ring-2 ring-white ${photoClassName}`} />
      ) : null}
    </div>
  );
}

export const who = (card: PublicCard) => [card.basic.name, card.basic.designation].filter(Boolean).join(" · ");

/** style-1: a centred hero in the theme colour, round logo, a row of round buttons. */
export function CentredHero({ card, cardId, onTheme }: Props) {
  const t = useCardText();
  const actions = primaryActions(card, t);
  return (
    <header className="overflow-hidden rounded-b-3xl bg-white shadow-sm">
      <div
        className="bg-[var(--theme)] bg-cover bg-center px-5 pt-10 pb-16 text-center"
        style={card.coverImageUrl ? { backgroundImage: `linear-gradient(rgba(0,0,0,.35),rgba(0,0,0,.35)),url("${card.coverImageUrl}")` } : undefined}
      >
        <div className={card.coverImageUrl ? "text-white" : onTheme}>
          <h1 className="text-2xl leading-tight font-bold">{card.basic.companyName}</h1>
          {who(card) ? <p className="mt-1 text-base">{who(card)}</p> : null}
          {card.basic.tagline ? <p className="mt-2 text-sm italic">{card.basic.tagline}</p> : null}
        </div>
      </div>
      <div className="-mt-12 flex justify-center">
        <LogoAndPhoto card={card} className="size-24 rounded-full shadow-md ring-4 ring-white" photoClassName="-right-4 -bottom-1 size-12" />
      </div>
      <nav aria-label="Contact" className="px-2 pt-4 pb-5">
        {/* At most five buttons: one row of equal columns even at 360 px. */}
        <ul className="mx-auto grid max-w-sm auto-cols-fr grid-flow-col gap-1">
          {actions.map((a) => (
            <li key={a.key} className="min-w-0">
              <TapLink cardId={cardId} action={a} className="flex flex-col items-center gap-1 text-xs font-medium text-slate-700" label={`${a.label}: ${a.value}`}>
                <span className="flex size-12 items-center justify-center rounded-full bg-[var(--theme)] text-white shadow">
                  <a.Icon className="size-5" />
                </span>
                {a.label}
              </TapLink>
            </li>
          ))}
        </ul>
      </nav>
      <ContactList card={card} cardId={cardId} includePrimary />
    </header>
  );
}

/** style-2: logo beside the name on white, a theme stripe, contact rows with their values. */
export function SideBySideHeader({ card, cardId }: Props) {
  return (
    <header className="rounded-2xl border-l-8 border-[var(--theme)] bg-white shadow-sm">
      <div className="flex items-center gap-4 p-5">
        <LogoAndPhoto card={card} className="size-20 shrink-0 rounded-2xl ring-1 ring-slate-200" photoClassName="-right-2 -bottom-2 size-10" />
        <div className="min-w-0">
          <h1 className="text-xl leading-tight font-bold break-words text-slate-900">{card.basic.companyName}</h1>
          {who(card) ? <p className="mt-0.5 text-sm font-medium text-[var(--theme)]">{who(card)}</p> : null}
          {card.basic.tagline ? <p className="mt-1 text-sm text-slate-600">{card.basic.tagline}</p> : null}
        </div>
      </div>
      <ContactRows card={card} cardId={cardId} icon="rounded-xl" />
      <ContactList card={card} cardId={cardId} />
    </header>
  );
}

/** The contact buttons as labelled rows (style-2 and the themes with `actions: "rows"`); the icon's shape is the theme's. */
export function ContactRows({ card, cardId, icon }: { card: PublicCard; cardId: string; icon: "rounded-xl" | "rounded-full" }) {
  const t = useCardText();
  const actions = primaryActions(card, t);
  if (!actions.length) return null;
  return (
    <nav aria-label={t.contact}>
      <ul className="divide-y divide-slate-100 border-t border-slate-100">
        {actions.map((a) => (
          <li key={a.key}>
            <TapLink cardId={cardId} action={a} className="flex items-center gap-3 px-5 py-3 hover:bg-slate-50">
              <span className={`flex size-10 shrink-0 items-center justify-center ${icon} bg-[var(--theme)] text-white`}>
                <a.Icon className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block text-xs font-semibold tracking-wide text-slate-600 uppercase">{a.label}</span>
                <span className="block truncate text-slate-900">{a.value}</span>
              </span>
            </TapLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Details under the buttons: numbers and addresses written out (people copy them). */
export function ContactList({ card, cardId, includePrimary = false }: { card: PublicCard; cardId: string; includePrimary?: boolean }) {
  const t = useCardText();
  const rows = [...(includePrimary ? primaryActions(card, t) : []), ...extraContacts(card, t)];
  if (!rows.length) return null;
  return (
    <dl className="space-y-2 border-t border-slate-100 px-5 py-4 text-sm">
      {rows.map((r) => (
        <div key={r.key} className="flex gap-3">
          <dt className="w-24 shrink-0 text-slate-500">{r.label}</dt>
          <dd className="min-w-0 break-words text-slate-900">
            {isAction(r) ? (
              <TapLink cardId={cardId} action={r} className="underline decoration-slate-300 underline-offset-2">
                {r.value}
              </TapLink>
            ) : (
              r.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
