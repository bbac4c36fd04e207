import { useEffect, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * Seconds left before a new OTP may be asked for (the API's 30 s cooldown). Without JavaScript
 * the page shows the figure as it was when rendered (pressing early gets the API's "Please wait"
 * message); with it the figure ticks down and the button waits. `since` restarts the count (a
 * new code was just sent).
 */
export function useResendCountdown(seconds: number, since: unknown) {
  const hydrated = useHydrated();
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const next = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [seconds, since]);
  return { left, waiting: hydrated && left > 0 };
}

/** The wait's two wordings for the sign-in script, which ticks the figure down without React (ADR 0046, 0066). */
export const resendWaitTexts = (t: { resendWaitOne: string; resendWaitOther: string }) => ({ "data-one": t.resendWaitOne, "data-other": t.resendWaitOther });
