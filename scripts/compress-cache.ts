/**
 * Compression on demand for the server behind `npm start`: the deploy tree holds no precompressed
 * copies (a static host counts every file, docs/deploy.md), so the server compresses a text file the
 * first time a client asks for it and keeps the result in memory, bounded by bytes and dropped least
 * recently used first. A key names the file's path, size and mtime, so a rebuild never serves a stale
 * copy. Two requests for the same file while it is being compressed share one compression.
 */
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { GZIP_LEVEL, brotliOptions } from './build/compress.ts';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files smaller than this are sent as they are (compression would save less than a packet). */
export const MIN_COMPRESS_BYTES = 1024;
/** Files larger than this are streamed as they are rather than held in memory whole. */
export const MAX_COMPRESS_BYTES = 16 * 1024 * 1024;

export class CompressionCache {
  private readonly entries = new Map<string, Promise<Buffer>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;

  /** `maxBytes`: compressed bytes kept at most (default 64 MiB). */
  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /** Compressed bytes held now. */
  get size(): number {
    return this.bytes;
  }

  /** The file's body in `encoding`, compressed from `read()` once per path, size and mtime. */
  get(path: string, size: number, mtimeMs: number, encoding: 'br' | 'gzip', read: () => Promise<Buffer>): Promise<Buffer> {
    const key = `${encoding}:${size}:${mtimeMs}:${path}`;
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const made = read().then((body) => (encoding === 'br' ? br(body, brotliOptions(body)) : gz(body, { level: GZIP_LEVEL })));
    this.entries.set(key, made);
    made.then(
      (out) => {
        if (this.entries.get(key) !== made) return;
        this.sizes.set(key, out.length);
        this.bytes += out.length;
        this.evict();
      },
      () => this.entries.get(key) === made && this.entries.delete(key),
    );
    return made;
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      const n = this.sizes.get(key);
      if (n === undefined) continue; // still being compressed
      this.entries.delete(key);
      this.sizes.delete(key);
      this.bytes -= n;
    }
  }
}
