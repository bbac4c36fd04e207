import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, isRouteErrorResponse, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";

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
  // The page is rendered whole, then sent as one body (ADR 0027): every loader has finished before
  // rendering starts, so streaming would only send the same bytes in more pieces, and the
  // compression in server/main.ts reads the whole body anyway. One buffer instead of a Node
  // stream piped into a web stream also lets a late render error still set the status.
  return new Promise<Response>((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    // Errors inside a rendered page (the shell's own go to onShellError and React Router's handleError).
    const renderErrors: unknown[] = [];
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const body = new Writable({
      write(chunk: Uint8Array, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        for (const error of renderErrors) logPanelError(error, request);
        responseHeaders.set("content-type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      onAllReady() {
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        renderErrors.push(error);
      },
    });
  });
}

/**
 * A loader's, action's or render's unexpected error: logged by request id, route and class only
 * (its message can quote what a visitor typed). An aborted request is not an error, nor is a
 * client's mistake React Router answers with a 4xx (a path no route matches, a method a page does
 * not take): anyone can send those, so at error level they would flood the log (issue 22 L7).
 * They are logged at debug, when LOG_LEVEL=debug.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    if (process.env.LOG_LEVEL === "debug") {
      const route = `${request.method} ${new URL(request.url).pathname}`;
      console.log(JSON.stringify({ level: "debug", msg: "Panel request refused", status: error.status, requestId: request.headers.get("x-request-id"), route: route.slice(0, 300) }));
    }
    return;
  }
  logPanelError(error, request);
};

function logPanelError(error: unknown, request: Request) {
  const errorClass = error instanceof Error ? error.constructor.name : typeof error;
  const stack = error instanceof Error ? (error.stack ?? "").split("\n").filter((l) => /^\s+at /.test(l)).slice(0, 8).join("\n") : undefined;
  const route = `${request.method} ${new URL(request.url).pathname}`;
  console.error(JSON.stringify({ level: "error", msg: "Panel error", requestId: request.headers.get("x-request-id"), route, errorClass, stack }));
}
