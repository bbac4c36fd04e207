import net from "node:net";
import fs from "node:fs";
import { PORT, expect, test } from "../support/e2e-fixtures";

/**
 * The server under test starts like `npm start` (demo data, no HOST): it answers on localhost,
 * and nothing else on the network reaches its demo accounts.
 */
/**
 * The addresses the server listens on for PORT, read from the kernel's socket tables (no traffic
 * to a non-loopback address is sent: this machine's network address is not ours to probe).
 */
function listeningAddresses(): string[] | null {
  const hexPort = PORT.toString(16).toUpperCase().padStart(4, "0");
  const out: string[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(table)) return null;
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state === "0A" && local?.endsWith(`:${hexPort}`)) out.push(local.slice(0, -5));
    }
  }
  return out;
}
const LOOPBACK = new Set(["0100007F", "00000000000000000000000001000000"]);

const connects = (host: string) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port: PORT }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });

test("demo mode answers on localhost in the browser", async ({ page }) => {
  const res = await page.goto("/panel/login");
  expect(res?.status()).toBe(200);
  expect(await connects("127.0.0.1")).toBe(true);
});

test("demo mode listens on loopback only, so the machine's network cannot reach the demo accounts", async () => {
  const addresses = listeningAddresses();
  test.skip(addresses === null, "no /proc socket tables on this machine");
  expect(addresses!.length).toBeGreaterThan(0);
  expect(addresses!.filter((a) => !LOOPBACK.has(a))).toEqual([]);
});
