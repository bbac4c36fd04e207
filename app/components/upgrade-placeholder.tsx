import { CloseIcon } from "./icons";

/**
 * The `#upgrade` target (SPEC §2 Premium upgrade dialog). The plans come in a later issue;
 * until then it says so. Shown by CSS :target, so it opens without JavaScript; with
 * JavaScript, closing goes back in history as the spec asks.
 */
export function UpgradePlaceholder() {
  return (
    <div id="upgrade" role="dialog" aria-modal="true" aria-labelledby="upgrade-title" className="fixed inset-0 z-50 hidden flex-col bg-white target:flex">
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
        <h2 id="upgrade-title" className="text-lg font-semibold">
          Pricing
        </h2>
        <a
          href="#close"
          role="button"
          aria-label="Close pricing"
          className="-mr-2 inline-flex size-10 items-center justify-center rounded-full hover:bg-slate-100"
          onClick={(e) => {
            if (window.location.hash === "#upgrade") {
              e.preventDefault();
              window.history.back();
            }
          }}
        >
          <CloseIcon />
        </a>
      </div>
      <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
        <p className="text-lg font-medium text-slate-900">Plans are not available yet</p>
        <p className="text-sm text-slate-600">Subscription plans and online payment are coming soon. Please check back later.</p>
      </div>
    </div>
  );
}
