// The embedded database in its own thread (ADR 0014): PGlite runs here, off the server's event
// loop, and answers the PostgreSQL wire protocol on a Unix socket, so the server reaches it with
// the same `pg` driver as PostgreSQL. Plain JavaScript: a worker thread starts without the
// TypeScript loader under vitest. Messages: "dump" → { dump: Uint8Array }, "close" → { closed }.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketHandler, PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { batchPerSync } from "./pglite-batching.mjs";

// One call into PGlite per extended-protocol batch instead of one per message (ADR 0014).
batchPerSync(PGLiteSocketHandler);

/** @type {{ dataDir?: string; loadDataDir?: Uint8Array; socketPath: string }} */
const { dataDir, loadDataDir, socketPath } = workerData;

try {
  const db = await PGlite.create({ dataDir, loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined });
  // The server's pool holds one connection: PGlite is a single session, and pglite-socket's
  // multiplexing of several interleaves extended-protocol batches and transactions (pglite
  // issue #1046). The socket accepts a second one only so that the pool's replacement for a
  // connection it drops after a query error is not refused while the old one is still closing.
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 2 });
  await server.start();

  parentPort.on("message", async (msg) => {
    try {
      if (msg === "dump") {
        const blob = await db.dumpDataDir("none");
        const dump = new Uint8Array(await blob.arrayBuffer());
        parentPort.postMessage({ dump }, [dump.buffer]);
      } else if (msg === "close") {
        await server.stop();
        await db.close();
        parentPort.postMessage({ closed: true });
        parentPort.close();
      }
    } catch (err) {
      parentPort.postMessage({ error: String(err?.stack ?? err) });
    }
  });
  parentPort.postMessage({ ready: true });
} catch (err) {
  parentPort.postMessage({ error: String(err?.message ?? err) });
}
