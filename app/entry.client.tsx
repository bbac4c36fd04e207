import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installClientErrorLogging } from "./lib/client-log.client";

installClientErrorLogging();

// Sentry only when the server says a DSN is configured (SPEC §9 sample rates); loaded lazily
// so phones without it never download the SDK.
const dsn = document.querySelector<HTMLMetaElement>('meta[name="sentry-dsn"]')?.content;
if (dsn) void import("./lib/sentry.client").then((m) => m.initSentry(dsn));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
