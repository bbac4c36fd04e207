import { useContext } from "react";
import type { TapKind } from "#contracts/enums.ts";
import type { PublicCard } from "#contracts/public-card.ts";
import { mailtoHref, mapHref } from "#contracts/format.ts";
import { formatPhone, telHref, whatsappHref } from "#contracts/phone.ts";
import { apiUrl } from "~/lib/api-url";
import { InPreview } from "./preview-mode";
import { srcQuery, useCardSource } from "./card-source";
import { GlobeIcon, LinkIcon, MailIcon, MapIcon, PhoneIcon, WhatsAppIcon } from "./icons";
import type { CardText } from "./card-text";

/** `ping` makes the browser report a tap to us as it follows the link: no JavaScript needed. */
export const tapPing = (cardId: string, kind: TapKind, src: string | null = null) =>
  apiUrl("POST /public-card/{cardId}/tap", { params: { cardId }, query: { kind, ...srcQuery(src) } });

export type ContactAction = {
  key: string;
  kind: TapKind;
  label: string;
  value: string;
  href: string;
  Icon: (p: { className?: string }) => React.ReactElement;
  external?: boolean;
};

/** The big buttons: call, WhatsApp, email, map, website (only those the card has). */
export function primaryActions(card: PublicCard, t: CardText): ContactAction[] {
  const b = card.basic;
  const out: ContactAction[] = [];
  if (b.phoneNumber) out.push({ key: "call", kind: "call", label: t.call, value: formatPhone(b.phoneNumber), href: telHref(b.phoneNumber), Icon: PhoneIcon });
  const wa = b.whatsappNumber ?? b.phoneNumber;
  if (wa) out.push({ key: "whatsapp", kind: "whatsapp", label: t.whatsapp, value: formatPhone(wa), href: whatsappHref(wa), Icon: WhatsAppIcon, external: true });
  if (b.email) out.push({ key: "email", kind: "email", label: t.email, value: b.email, href: mailtoHref(b.email), Icon: MailIcon });
  const map = mapHref(b.mapLink, b.address);
  if (map) out.push({ key: "map", kind: "map", label: t.directions, value: b.address ?? t.openInMaps, href: map, Icon: MapIcon, external: true });
  if (b.website) out.push({ key: "website", kind: "link", label: t.website, value: b.website.replace(/^https?:\/\/(www\.)?/, "").replace(/\/$/, ""), href: b.website, Icon: GlobeIcon, external: true });
  return out;
}

export type PlainRow = { key: string; label: string; value: string };
export const isAction = (r: ContactAction | PlainRow): r is ContactAction => "href" in r;

/** Further rows: the second number and the owner's extra contact fields. */
export function extraContacts(card: PublicCard, t: CardText): (ContactAction | PlainRow)[] {
  const b = card.basic;
  const rows: (ContactAction | PlainRow)[] = [];
  if (b.alternatePhoneNumber) {
    rows.push({ key: "alt", kind: "call", label: t.alsoCall, value: formatPhone(b.alternatePhoneNumber), href: telHref(b.alternatePhoneNumber), Icon: PhoneIcon });
  }
  b.contactFields.forEach((f, i) => {
    const key = `field-${i}`;
    if (f.type === "tel") rows.push({ key, kind: "call", label: f.label, value: formatPhone(f.value), href: telHref(f.value), Icon: PhoneIcon });
    else if (f.type === "email") rows.push({ key, kind: "email", label: f.label, value: f.value, href: mailtoHref(f.value), Icon: MailIcon });
    else if (f.type === "url") rows.push({ key, kind: "link", label: f.label, value: f.value, href: f.value, Icon: LinkIcon, external: true });
    else rows.push({ key, label: f.label, value: f.value });
  });
  return rows;
}

/** A link that counts its tap; external ones open in a new tab (the card stays open), in the editor's preview all of them. */
export function TapLink({
  cardId,
  action,
  className,
  children,
  label,
}: {
  cardId: string;
  action: Pick<ContactAction, "kind" | "href" | "external">;
  className?: string;
  children: React.ReactNode;
  label?: string;
}) {
  const preview = useContext(InPreview);
  const src = useCardSource();
  return (
    <a
      href={action.href}
      ping={preview ? undefined : tapPing(cardId, action.kind, src)}
      className={className}
      aria-label={label}
      {...(action.external || preview ? { target: "_blank", rel: "noopener noreferrer" } : {})}
    >
      {children}
    </a>
  );
}
