// pglite-socket runs every protocol message through PGlite on its own (Bind, Describe, Execute,
// Sync: four round trips into the database per query). PGlite takes a whole extended-protocol
// batch at once (its own `query()` sends one), so this handler hands it everything up to each
// Sync in one call (ADR 0014). It replaces PGLiteSocketHandler.handleData of
// @electric-sql/pglite-socket 0.2.17 (pinned), keeping its parsing, SSL and cancel handling.

const STARTUP_PROTOCOL = 196608;
/** Messages after which the client waits for an answer: the batch goes to PGlite here. */
const ENDS_BATCH = new Set(["S".charCodeAt(0), "Q".charCodeAt(0), "H".charCodeAt(0), "X".charCodeAt(0)]);

/** @param {typeof import("@electric-sql/pglite-socket").PGLiteSocketHandler} Handler */
export function batchPerSync(Handler) {
  /** @this {any} @param {Buffer} data */
  Handler.prototype.handleData = async function handleData(data) {
    if (!this.socket || !this.active) return 0;
    this.messageBuffer = Buffer.concat([this.messageBuffer, data]);
    let outgoing = 0;
    /** @type {Buffer[]} */
    let batch = [];
    const send = async () => {
      if (!batch.length) return;
      const message = batch.length === 1 ? batch[0] : Buffer.concat(batch);
      batch = [];
      /** @type {Error | undefined} */
      let failed;
      await this.queryQueue.enqueue(this.id, new Uint8Array(message), (/** @type {Uint8Array} */ out) => {
        if (out.length > 0 && this.socket?.writable && this.active) {
          this.socket.write(Buffer.from(out), (/** @type {Error | undefined} */ err) => {
            if (err) failed = err;
          });
        }
        outgoing += out.length;
      });
      if (failed) throw failed;
    };
    while (this.messageBuffer.length > 0) {
      if (this.handleSslRequest() || this.handleCancelRequest()) continue;
      const buffer = this.messageBuffer;
      let length = 0;
      let startup = false;
      if (buffer.length >= 8 && buffer.readInt32BE(4) === STARTUP_PROTOCOL) {
        length = buffer.readInt32BE(0);
        startup = true;
      } else if (buffer.length >= 5) {
        length = 1 + buffer.readInt32BE(1);
      }
      if (length === 0 || buffer.length < length) break;
      const message = buffer.subarray(0, length);
      this.messageBuffer = buffer.subarray(length);
      if (!this.active || !this.socket) break;
      if (startup) {
        await send();
        batch.push(message);
        await send();
      } else {
        batch.push(message);
        if (ENDS_BATCH.has(message[0])) await send();
      }
    }
    if (this.active && this.socket) await send();
    this.dispatchEvent(new CustomEvent("data", { detail: { incoming: data.length, outgoing } }));
    return outgoing;
  };
}
