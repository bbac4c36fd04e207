/** What came back: the API's status and JSON body, or why nothing did. */
export type UploadOutcome =
  | { kind: "answered"; status: number; body: Record<string, unknown> }
  | { kind: "failed" } // the connection broke
  | { kind: "aborted" };

/**
 * POSTs a multipart body to one of our API routes with XMLHttpRequest, because fetch cannot
 * report upload progress, and reports the percentage sent. The session cookie goes along (same
 * origin). Each caller reads the answer its route gives; the card editor's photos and the
 * staff's bulk greeting upload both send through here.
 */
export function uploadWithProgress(
  url: string,
  body: FormData,
  onProgress: (percent: number) => void,
): { promise: Promise<UploadOutcome>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadOutcome>((resolve) => {
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => resolve({ kind: "answered", status: xhr.status, body: (xhr.response ?? {}) as Record<string, unknown> });
    xhr.onerror = () => resolve({ kind: "failed" });
    xhr.onabort = () => resolve({ kind: "aborted" });
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}
