import { useEffect, useState } from "react";
import { CloseIcon } from "./icons";

const VISIBLE_MS = 6000; // SPEC §9: success snackbar 6 seconds

/**
 * Bottom snackbar. With JavaScript it hides itself after 6 s; without, it stays until the
 * close link is followed (the link targets the marker before it, and CSS hides the bar).
 */
export function Snackbar({ message }: { message: string }) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const t = setTimeout(() => setOpen(false), VISIBLE_MS);
    return () => clearTimeout(t);
  }, []);
  if (!open) return null;
  return (
    <>
      <span id="snackbar-closed" className="peer" />
      <div className="fixed inset-x-0 bottom-4 z-[70] flex justify-center px-4 peer-target:hidden">
        <div role="status" aria-live="polite" className="flex w-full max-w-md items-center gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg">
          <p className="flex-1">{message}</p>
          <a
            href="#snackbar-closed"
            aria-label="Dismiss message"
            className="-m-2 rounded p-2 text-slate-300 hover:text-white"
            onClick={(e) => {
              e.preventDefault();
              setOpen(false);
            }}
          >
            <CloseIcon className="size-5" />
          </a>
        </div>
      </div>
    </>
  );
}
