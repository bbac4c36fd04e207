/**
 * Issue 24 / ADR 0066: every language's catalogue has exactly English's keys, the same
 * `{placeholders}`, no empty text; every key a screen reads exists; and the formatting helpers
 * write numbers, money and dates the Indian way in each language.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { CATALOGUES } from "#contracts/i18n/messages.ts";
import { LANGUAGES, negotiateLanguage } from "#contracts/i18n/languages.ts";
import { translateMessage } from "#contracts/i18n/messages.ts";
import { formatDate, formatDateTime, formatNumber, formatPrice } from "#contracts/format.ts";
import en from "#contracts/i18n/catalogues/en.ts";

type Tree = { [k: string]: string | Tree };
const leaves = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const english = new Map(leaves(en as unknown as Tree));

describe("catalogues", () => {
  test.each(LANGUAGES.filter((l) => l !== "en"))("%s has every English key, no other, with the same placeholders", (lang) => {
    const mine = new Map(leaves(CATALOGUES[lang] as unknown as Tree));
    expect([...mine.keys()].filter((k) => !english.has(k)), "keys English does not have").toEqual([]);
    expect([...english.keys()].filter((k) => !mine.has(k)), "missing keys").toEqual([]);
    for (const [key, text] of mine) {
      expect(text.trim(), `${lang} ${key} is empty`).not.toBe("");
      expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(english.get(key)!));
    }
  });

  test("key counts (the same in every language)", () => {
    const counts = Object.fromEntries(LANGUAGES.map((l) => [l, leaves(CATALOGUES[l] as unknown as Tree).length]));
    for (const l of LANGUAGES) expect(counts[l]).toBe(english.size);
    console.info(`i18n catalogue keys: ${JSON.stringify(counts)}`);
  });

  test("English error texts are their own keys (the API's and schemas' words verbatim)", () => {
    for (const [k, v] of Object.entries(en.errors)) expect(v).toBe(k);
  });

  test("every English message of the sign-in flows that the catalogue lists is really produced somewhere", () => {
    const sources = ["contracts", "server", "app"].flatMap((dir) => walk(dir)).map((f) => fs.readFileSync(f, "utf8")).join("\n");
    for (const key of Object.keys(en.errors)) {
      // A template's fixed part (before its first placeholder) must appear in the code.
      const fixed = key.split(/\{|\d/)[0];
      expect(sources.includes(fixed), `no source says "${fixed}"`).toBe(true);
    }
  });

  test("every key a screen reads exists (t.…, shell.…, text.… in app/)", () => {
    const keys = new Set<string>();
    for (const [k] of english) for (const part of k.split(".")) keys.add(part);
    const missing: string[] = [];
    for (const file of walk("app").filter((f) => f.endsWith(".tsx") || f.endsWith(".ts"))) {
      const src = fs.readFileSync(file, "utf8");
      if (!/i18n|card-text|Catalogue/.test(src)) continue;
      for (const m of src.matchAll(/\b(?:t|shell|text)\.(\w+)/g)) if (!keys.has(m[1])) missing.push(`${file}: ${m[0]}`);
    }
    expect(missing).toEqual([]);
  });
});

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "catalogues" ? [] : walk(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith(".test.ts") ? [p] : [];
  });
}

describe("numbers, money and dates the Indian way", () => {
  test.each(LANGUAGES)("%s: ₹1,00,000 grouping and Latin digits", (lang) => {
    expect(formatPrice(1_00_000_00)).toBe("₹1,00,000");
    expect(formatPrice(54_950)).toBe("₹549.50");
    expect(formatNumber(12_34_567)).toBe("12,34,567");
    const day = formatDate("2026-11-26T10:00:00Z", lang);
    expect(day).toMatch(/26/);
    expect(day).toMatch(/2026/);
    // Latin digits by default, whatever the script of the month's name.
    expect(day).not.toMatch(/[०-९০-৯૦-૯౦-౯௦-௯]/);
    expect(formatDateTime("2026-11-26T10:35:00Z", lang)).toMatch(/4:05/);
  });

  test("month names in each language's script; India's time zone", () => {
    expect(formatDate("2026-11-26T10:00:00Z", "en")).toBe("26 Nov 2026");
    expect(formatDate("2026-11-26T10:00:00Z", "hi")).toMatch(/नव/);
    expect(formatDate("2026-11-26T10:00:00Z", "bn")).toMatch(/নভে/);
    expect(formatDate("2026-11-26T10:00:00Z", "mr")).toMatch(/नोव्हें/);
    expect(formatDate("2026-11-26T10:00:00Z", "te")).toMatch(/నవం/);
    expect(formatDate("2026-11-26T10:00:00Z", "ta")).toMatch(/நவ/);
    expect(formatDate("2026-11-26T10:00:00Z", "gu")).toMatch(/નવે/);
    // 20:00 UTC is the next day in India.
    expect(formatDate("2026-11-26T20:00:00Z", "hi")).toMatch(/^27/);
  });

  test("a price on request in the reader's language", () => {
    expect(formatPrice(null)).toBe("Price on request");
    expect(formatPrice(null, CATALOGUES.hi.card.priceOnRequest)).toBe("क़ीमत पूछें");
  });
});

describe("language negotiation and translated messages", () => {
  test("Accept-Language: quality, then order; region ignored; none of ours is null", () => {
    expect(negotiateLanguage("hi-IN,hi;q=0.9,en;q=0.8")).toBe("hi");
    expect(negotiateLanguage("en-US;q=0.8,ta;q=0.95")).toBe("ta");
    expect(negotiateLanguage("en-US,ta")).toBe("en");
    expect(negotiateLanguage("fr-FR,de;q=0.5")).toBeNull();
    expect(negotiateLanguage("*")).toBeNull();
    expect(negotiateLanguage("")).toBeNull();
    expect(negotiateLanguage("mr;q=0")).toBeNull();
  });

  test("templates with figures; unknown messages stay English", () => {
    expect(translateMessage("hi", "The OTP is incorrect. 3 tries left.")).toBe("OTP ग़लत है। 3 कोशिशें बाकी हैं।");
    expect(translateMessage("ta", "Please wait 25 seconds before asking for a new OTP.")).toBe("புதிய OTP கேட்கும் முன் 25 வினாடிகள் காத்திருங்கள்.");
    expect(translateMessage("hi", "Some message no catalogue has.")).toBe("Some message no catalogue has.");
    expect(translateMessage("en", "Passwords do not match.")).toBe("Passwords do not match.");
  });
});

describe("the card's state badge in each language", () => {
  test("English words match the badge's own; figures filled in", async () => {
    const { cardStateLabel, cardStateLabelIn } = await import("#contracts/card-state.ts");
    const states = [
      { state: "inactive", daysLeft: null },
      { state: "expired", daysLeft: null },
      { state: "expiring-soon", daysLeft: 1 },
      { state: "expiring-soon", daysLeft: 5 },
      { state: "paid", daysLeft: 200 },
      { state: "trial", daysLeft: null },
      { state: "trial", daysLeft: 0 },
      { state: "trial", daysLeft: 3 },
      { state: "unpaid", daysLeft: null },
    ] as const;
    for (const s of states) {
      const status = { ...s, paid: false } as unknown as Parameters<typeof cardStateLabel>[0];
      expect(cardStateLabelIn(status, CATALOGUES.en.home)).toBe(cardStateLabel(status));
    }
    const trial = { state: "trial", daysLeft: 3, paid: false } as unknown as Parameters<typeof cardStateLabel>[0];
    expect(cardStateLabelIn(trial, CATALOGUES.hi.home)).toBe("ट्रायल 3 दिन में ख़त्म");
  });
});
