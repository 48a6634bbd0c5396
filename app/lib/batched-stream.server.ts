import { Transform, type TransformCallback } from "node:stream";

/**
 * A pass-through that hands on what was written in one turn of the event loop as one chunk.
 * React writes a page as dozens of small pieces; each would otherwise be its own trip through the
 * web stream, the response and the compressor (a zlib job per piece). A page rendered at once
 * leaves as one piece, while anything React sends later still streams when it comes.
 */
export class BatchedStream extends Transform {
  private pending: Buffer[] = [];
  private scheduled = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.pending.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.sendPending());
    }
    callback();
  }

  override _flush(callback: TransformCallback): void {
    this.sendPending();
    callback();
  }

  private sendPending(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const batch = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = [];
    this.push(batch);
  }
}
