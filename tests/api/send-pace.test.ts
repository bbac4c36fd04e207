/** Sends at the provider's rate (issue 25): each channel's sends spaced evenly, a provider's Retry-After honoured. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSendPace, retryAfterSeconds } from "#server/services/send-pace.ts";

beforeEach(() => void vi.useFakeTimers({ now: 0 }));
afterEach(() => void vi.useRealTimers());

/** When (fake ms) each of `n` takes on `channel` resolves. */
async function startTimes(pace: ReturnType<typeof createSendPace>, channel: string, n: number) {
  const times: number[] = [];
  const all = Array.from({ length: n }, () => pace.take(channel).then(() => void times.push(Date.now())));
  await vi.runAllTimersAsync();
  await Promise.all(all);
  return times.sort((a, b) => a - b);
}

describe("the send pace", () => {
  it("spaces a channel's sends at its rate, and leaves the other channels alone", async () => {
    const pace = createSendPace({ sms: 10, email: 2 }, () => Date.now());
    expect(await startTimes(pace, "sms", 5)).toEqual([0, 100, 200, 300, 400]);
    expect(await startTimes(pace, "email", 3)).toEqual([400, 900, 1400]);
    // A channel without a rate (or 0) is not paced.
    expect(await startTimes(pace, "whatsapp", 3)).toEqual([1400, 1400, 1400]);
  });

  it("waits out the provider's Retry-After on that channel only", async () => {
    const pace = createSendPace({ sms: 10, email: 10 }, () => Date.now());
    pace.holdOff("sms", 30);
    expect(await startTimes(pace, "email", 1)).toEqual([0]);
    expect(await startTimes(pace, "sms", 2)).toEqual([30_000, 30_100]);
  });

  it("leaves no listener on the worker's signal once a wait is over (a backlog of 1,00,000 must not pile them up)", async () => {
    const pace = createSendPace({ sms: 1000 }, () => Date.now());
    const stop = new AbortController();
    let listeners = 0;
    const add = stop.signal.addEventListener.bind(stop.signal);
    const remove = stop.signal.removeEventListener.bind(stop.signal);
    stop.signal.addEventListener = ((...a: Parameters<typeof add>) => (listeners++, add(...a))) as typeof add;
    stop.signal.removeEventListener = ((...a: Parameters<typeof remove>) => (listeners--, remove(...a))) as typeof remove;
    const all = Array.from({ length: 50 }, () => pace.take("sms", stop.signal));
    await vi.runAllTimersAsync();
    await Promise.all(all);
    expect(listeners).toBe(0);
  });

  it("stops waiting when its worker is stopped", async () => {
    const pace = createSendPace({ sms: 1 }, () => Date.now());
    await pace.take("sms");
    const stop = new AbortController();
    const waiting = pace.take("sms", stop.signal);
    stop.abort(new Error("stopping"));
    await expect(waiting).rejects.toThrow("stopping");
  });

  it("reads Retry-After as seconds or a date, within 1 s and 1 h", () => {
    expect(retryAfterSeconds("30")).toBe(30);
    expect(retryAfterSeconds(null)).toBe(5);
    expect(retryAfterSeconds("soon", 0, 60)).toBe(60);
    expect(retryAfterSeconds(new Date(90_000).toUTCString(), 0)).toBe(90);
    expect(retryAfterSeconds("0")).toBe(1);
    expect(retryAfterSeconds("86400")).toBe(3600);
  });
});
