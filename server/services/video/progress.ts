/** How often a render's percent is written: each write is a query on the one PGlite connection. */
const PROGRESS_EVERY_MS = 750;

/**
 * A render's progress reporter (ADR 0022): ffmpeg reports a fraction many times a second; the
 * row gets a new whole percent at most every 750 ms, never 100 (that is "ready"), and the
 * writes go one after the other, so `settled()` before the final status keeps a late percent
 * from landing after it. A failed write is only logged: the render goes on.
 */
export function progressWriter(write: (percent: number) => Promise<unknown>, onError: (err: unknown) => void) {
  let writes: Promise<unknown> = Promise.resolve();
  let lastWrite = 0;
  let lastPercent = 0;
  return {
    onProgress(fraction: number) {
      const percent = Math.min(99, Math.floor(fraction * 100));
      const at = Date.now();
      if (percent <= lastPercent || at - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = at;
      lastPercent = percent;
      writes = writes.then(() => write(percent)).catch(onError);
    },
    settled: () => writes,
  };
}
