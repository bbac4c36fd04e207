/**
 * Lighthouse (mobile, simulated slow 4G) and first-load JavaScript of the public card in every
 * theme (issue 26, ADR 0070: each theme keeps 0 KB of JavaScript and Lighthouse 100). The demo
 * owner switches the demo card's theme through the API, as the editor's template tab does, and
 * the card is measured in each; the card goes back to its own theme at the end.
 *
 *   npm run build && npx tsx tests/bench/theme-lighthouse.ts      BENCH_PORT=3962
 */
import { CARD_TEMPLATES } from "#contracts/enums.ts";
import { DEMO_PASSWORD } from "#server/db/demo-accounts.ts";
import { signIn, startServer } from "./server.ts";
import { javascriptOf } from "./page-weight.ts";
import { lighthouse } from "./lighthouse.ts";
import { printTable, type Row } from "./table.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3962);
const CARD = "sharma-sweets";

const server = await startServer({ port: PORT });
try {
  const base = server.base;
  const cookie = await signIn(base, "/login", { phoneNumber: "9876543210", password: DEMO_PASSWORD });
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/api/v1${path}`, { method, headers: { cookie, "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  // The demo owner's businesses, then the card of the one whose link is CARD.
  const { businesses } = (await api("GET", "/business/getBusinessesByUser")) as { businesses: { businessId: number }[] };
  let card: { cardNo: number; cardId: string; template: string } | undefined;
  for (const b of businesses) {
    const { cards } = (await api("GET", `/getCardsByBusiness?businessId=${b.businessId}`)) as { cards: { cardNo: number; cardId: string; template: string }[] };
    card ??= cards.find((c) => c.cardId === CARD);
  }
  if (!card) throw new Error(`the demo owner has no card ${CARD}`);
  const rows: Row[] = [];
  try {
    for (const template of CARD_TEMPLATES) {
      await api("POST", "/updateCardTemplate", { cardNo: card.cardNo, template });
      // The page a visitor gets now is this theme's (not a cached render of the last one).
      const html = await (await fetch(`${base}/${CARD}`)).text();
      if (!html.includes(`data-template="${template}"`)) throw new Error(`${CARD} is not in ${template} yet`);
      const js = await javascriptOf(`${base}/${CARD}`);
      const lh = await lighthouse(`${base}/${CARD}`);
      rows.push({
        what: `public card, theme ${template}`,
        now: `Lighthouse ${lh.score} (LCP ${(lh.lcpMs / 1000).toFixed(1)} s, ${lh.kb.toFixed(0)} KB), JS ${js.gzipped} B`,
        goal: "100, 0 B of JavaScript",
        met: lh.score >= 100 && js.gzipped === 0,
      });
    }
  } finally {
    await api("POST", "/updateCardTemplate", { cardNo: card!.cardNo, template: card!.template });
  }
  printTable("issue 26: the public card in every theme (PGlite)", rows);
} finally {
  await server.stop();
}
