import { setTimeout as sleep } from "node:timers/promises";

/*
 * Requests first, background drawing after (issue 23, ADR 0078). On a small machine (two cores)
 * the first start's background work — the starter library's and the demo posts' pictures, drawn
 * by libvips in this process — would take the CPU from the pages and greeting images people are
 * waiting for. The API counts the requests it is answering; a background loop awaits
 * backgroundTurn() before each picture, which waits for a quiet moment (or, under steady
 * traffic, lets one picture through every MAX_WAIT_MS, so the work still finishes).
 */

let active = 0;
let lastEnded = 0;
const QUIET_MS = 100;
const MAX_WAIT_MS = 2000;
const POLL_MS = 20;

/** Counts `work` as a request being answered while it runs. */
export async function asForeground<T>(work: () => Promise<T>): Promise<T> {
  active++;
  try {
    return await work();
  } finally {
    active--;
    lastEnded = performance.now();
  }
}

/** Resolves when no request has been answered for QUIET_MS, or after MAX_WAIT_MS at most. */
export async function backgroundTurn(): Promise<void> {
  const start = performance.now();
  while (performance.now() - start < MAX_WAIT_MS) {
    if (active === 0 && performance.now() - lastEnded >= QUIET_MS) return;
    await sleep(POLL_MS);
  }
}
