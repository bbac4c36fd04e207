import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  // server/main.ts puts a fresh CSP nonce on every document request.
  const nonce = request.headers.get("x-csp-nonce") ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and SPA-mode wait for everything; browsers get the shell as soon as it is ready.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough();
        responseHeaders.set("content-type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) logPanelError(error, request);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * A loader's, action's or render's unexpected error: logged by request id, route and class only
 * (its message can quote what a visitor typed). An aborted request is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (!request.signal.aborted) logPanelError(error, request);
};

function logPanelError(error: unknown, request: Request) {
  const errorClass = error instanceof Error ? error.constructor.name : typeof error;
  const stack = error instanceof Error ? (error.stack ?? "").split("\n").filter((l) => /^\s+at /.test(l)).slice(0, 8).join("\n") : undefined;
  const route = `${request.method} ${new URL(request.url).pathname}`;
  console.error(JSON.stringify({ level: "error", msg: "Panel error", requestId: request.headers.get("x-request-id"), route, errorClass, stack }));
}
