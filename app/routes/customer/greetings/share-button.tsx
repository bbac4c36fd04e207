import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * "Share on WhatsApp" for a file we made (a branded image or video): without JavaScript a wa.me
 * link with `waText`; with it, the phone's share sheet gets the file itself when it can take
 * files, else the same wa.me link opens.
 */
export function ShareFileButton({
  fileUrl,
  fileName,
  type,
  text,
  waText = text,
  unprepared,
  label,
  upgradeOn403 = false,
}: {
  fileUrl: string;
  fileName: string;
  type: "image/jpeg" | "video/mp4";
  /** What goes with the file into the share sheet. */
  text: string;
  /** The wa.me link's text (without JavaScript, or when the sheet cannot take files). */
  waText?: string;
  /** Shown when the file could not be fetched. */
  unprepared: string;
  /** "Share on WhatsApp" in the page's language. */
  label: string;
  /** A 403 means the plan does not include it: open the upgrade dialog. */
  upgradeOn403?: boolean;
}) {
  const hydrated = useHydrated();
  const [message, setMessage] = useState<string | null>(null);
  const wa = `https://wa.me/?text=${encodeURIComponent(waText)}`;
  return (
    <div className="space-y-1">
      <a
        href={wa}
        target="_blank"
        rel="noopener noreferrer"
        className="flex w-full items-center justify-center rounded-lg bg-[#128C7E] px-4 py-2.5 font-semibold text-white"
        onClick={async (e) => {
          if (!hydrated || typeof navigator.canShare !== "function") return;
          e.preventDefault();
          const res = await fetch(fileUrl).catch(() => null);
          if (upgradeOn403 && res?.status === 403) {
            window.location.hash = "upgrade";
            return;
          }
          if (!res?.ok) {
            setMessage(unprepared);
            return;
          }
          const file = new File([await res.blob()], fileName, { type });
          if (navigator.canShare({ files: [file] })) await navigator.share({ files: [file], text }).catch(() => {});
          else window.open(wa, "_blank", "noopener");
        }}
      >
        {label}
      </a>
      {message ? (
        <p role="alert" className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}
