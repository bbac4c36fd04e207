/**
 * Sends at the provider's rate (issue 25): each channel's sends in this process are spaced evenly
 * at `perSecond` (SMS_SENDS_PER_SECOND…), so a backlog of 1,00,000 reminders goes out at the rate
 * the provider's account allows instead of as fast as the workers can fetch. When the provider
 * still answers "too many" (HTTP 429, another process sending too), `holdOff` stops the channel's
 * sends here for the time it asked.
 *
 * Per process: with several server processes, set each to the provider's rate divided by their number.
 */
export type SendPace = {
  /** Waits for this channel's next free slot (resolves at once under the rate); rejects when `signal` aborts. */
  take(channel: string, signal?: AbortSignal): Promise<void>;
  /** No sends on this channel for `seconds` (the provider's Retry-After). */
  holdOff(channel: string, seconds: number): void;
};

/** A provider said "too many requests": nothing went out, try again after `retryAfterSeconds`. */
export class ProviderBusy extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** Retry-After in seconds (a number or an HTTP date), `fallback` when absent or unreadable; 1 s to 1 h. */
export function retryAfterSeconds(header: string | null, now = Date.now(), fallback = 5): number {
  if (!header) return fallback;
  const n = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - now) / 1000;
  return Number.isFinite(n) ? Math.min(3600, Math.max(1, Math.ceil(n))) : fallback;
}

export function createSendPace(perSecond: Record<string, number>, clock: () => number = () => performance.now()): SendPace {
  /** The time (ms, on `clock`) each channel's next send may start. */
  const next = new Map<string, number>();
  return {
    take(channel, signal) {
      const rate = perSecond[channel];
      if (!rate || rate <= 0) return Promise.resolve();
      const now = clock();
      const at = Math.max(now, next.get(channel) ?? 0);
      // Reserve the slot before waiting: two workers asking at once get two slots, 1/rate apart.
      next.set(channel, at + 1000 / rate);
      const wait = at - now;
      if (wait <= 0) return Promise.resolve();
      return new Promise((resolve, reject) => {
        // The listener goes when the wait ends: the signal is the worker's, shared by every send.
        const onAbort = () => {
          clearTimeout(timer);
          reject(signal!.reason ?? new Error("aborted"));
        };
        const timer = setTimeout(() => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        }, wait);
        signal?.addEventListener("abort", onAbort, { once: true });
      });
    },
    holdOff(channel, seconds) {
      next.set(channel, Math.max(next.get(channel) ?? 0, clock() + seconds * 1000));
    },
  };
}
