import { useEffect, useState } from "react";
import { CloseIcon } from "./icons";
import type { ToastType } from "~/lib/toast.server";

const VISIBLE_MS = 6000; // SPEC §9: success snackbar 6 seconds

/**
 * Bottom snackbar for a toast (app/lib/toast.server.ts). With JavaScript a success or info
 * hides itself after 6 s and an error stays until dismissed; without JavaScript each stays until
 * the close link is followed (the link targets the marker before it, and CSS hides the bar).
 */
export function Snackbar({ message, type = "success", top = false }: { message: string; type?: ToastType; top?: boolean }) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    if (type === "error") return;
    const t = setTimeout(() => setOpen(false), VISIBLE_MS);
    return () => clearTimeout(t);
  }, [type]);
  if (!open) return null;
  return (
    <>
      <span id="snackbar-closed" className="peer" />
      <div className={`fixed inset-x-0 ${top ? "top-16" : "bottom-4"} z-[70] flex justify-center px-4 peer-target:hidden`}>
        <div
          role={type === "error" ? "alert" : "status"}
          aria-live={type === "error" ? "assertive" : "polite"}
          className={`flex w-full max-w-md items-center gap-3 rounded-lg px-4 py-3 text-sm text-white shadow-lg ${type === "error" ? "bg-red-700" : "bg-slate-900"}`}
        >
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
