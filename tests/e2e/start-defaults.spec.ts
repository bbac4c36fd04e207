import net from "node:net";
import os from "node:os";
import { PORT, expect, test } from "../support/e2e-fixtures";

/**
 * The server under test starts like `npm start` (demo data, no HOST): it answers on localhost,
 * and nothing else on the network reaches its demo accounts.
 */
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

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

test("demo mode is not reachable on the machine's network address", async () => {
  test.skip(!lanAddress, "this machine has no non-loopback IPv4 address");
  expect(await connects(lanAddress!)).toBe(false);
});
