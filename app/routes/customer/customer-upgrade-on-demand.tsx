import { lazy, Suspense, useEffect, useState } from "react";
import type { Prefill } from "~/components/upgrade/customer-upgrade";
import { PaymentFailedNotice } from "./payment-failed-notice";
import { useUpgradeHash } from "~/components/upgrade/use-upgrade-hash";

// The dialog, its carousel and the checkout island are fetched the first time #upgrade opens:
// every customer page renders the layout, and most visits never open it (first-load
// JavaScript, ADR 0014). The hash never reaches the server, so nothing is lost server-side.
const CustomerUpgrade = lazy(() => import("~/components/upgrade/customer-upgrade").then((m) => ({ default: m.CustomerUpgrade })));

/**
 * The customer layout's #upgrade, loaded on demand and kept once loaded (its snackbar outlives
 * the dialog). A failed payment that came back through the callback is shown on whatever
 * customer page it landed, with or without JavaScript.
 */
export function CustomerUpgradeOnDemand({ prefill }: { prefill: Prefill }) {
  const open = useUpgradeHash();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  return (
    <>
      {wanted ? (
        <Suspense fallback={null}>
          <CustomerUpgrade prefill={prefill} />
        </Suspense>
      ) : null}
      <PaymentFailedNotice />
    </>
  );
}
