import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * WhatsApp share: without JavaScript a wa.me link with a line of text (attach the downloaded
 * image); with it, the phone's share sheet gets the branded image itself when it can take files.
 */
export function ShareButton({ imageUrl, fileName, text }: { imageUrl: string; fileName: string; text: string }) {
  const hydrated = useHydrated();
  const [message, setMessage] = useState<string | null>(null);
  const wa = `https://wa.me/?text=${encodeURIComponent(text)}`;
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
          const res = await fetch(imageUrl);
          if (res.status === 403) {
            window.location.hash = "upgrade";
            return;
          }
          if (!res.ok) {
            setMessage("The image could not be prepared. Please try again.");
            return;
          }
          const file = new File([await res.blob()], fileName, { type: "image/jpeg" });
          if (navigator.canShare({ files: [file] })) await navigator.share({ files: [file], text }).catch(() => {});
          else window.open(wa, "_blank", "noopener");
        }}
      >
        Share on WhatsApp
      </a>
      {message ? (
        <p role="alert" className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}
