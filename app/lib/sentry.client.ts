import * as Sentry from "@sentry/react-router";

/** SPEC §9: traces 1, session replays 0.1, error replays 1. */
export function initSentry(dsn: string) {
  Sentry.init({
    dsn,
    integrations: [Sentry.reactRouterTracingIntegration(), Sentry.replayIntegration()],
    tracesSampleRate: 1,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1,
  });
}
