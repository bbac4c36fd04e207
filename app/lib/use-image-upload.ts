import { useEffect, useRef, useState } from "react";
import type { DocumentPurpose } from "#contracts/enums.ts";
import { checkImageFile, uploadFile } from "./card-editor-upload";

export type UploadStatus = { kind: "idle" } | { kind: "uploading"; percent: number } | { kind: "done" } | { kind: "error"; message: string };

/**
 * One picked image straight to the API (JavaScript on): the API's own checks first, then the
 * upload with its percentage; picking again cancels the upload before it, as does leaving the
 * page. `onUploaded` gets the stored picture's URL. The card editor's image fields and the staff
 * forms' URL fields share it.
 */
export function useImageUpload(purpose: DocumentPurpose, ownerId: number, onUploaded: (url: string) => void) {
  const [status, setStatus] = useState<UploadStatus>({ kind: "idle" });
  const abort = useRef<(() => void) | null>(null);
  useEffect(() => () => abort.current?.(), []);

  async function onPick(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = "";
    if (!file) return;
    const refused = checkImageFile(file);
    if (refused) return setStatus({ kind: "error", message: refused });
    abort.current?.();
    setStatus({ kind: "uploading", percent: 0 });
    const upload = uploadFile(file, { purpose, businessId: ownerId }, (percent) => setStatus({ kind: "uploading", percent }));
    abort.current = upload.abort;
    const result = await upload.promise;
    abort.current = null;
    if (result.ok) {
      onUploaded(result.url);
      setStatus({ kind: "done" });
    } else setStatus({ kind: "error", message: result.message });
  }

  return { status, onPick };
}
