/**
 * Compression on demand (scripts/compress-cache.ts, used by scripts/server.ts): the deploy tree holds
 * no .br/.gz copies, so the server compresses a text file when a client accepts it — the body
 * decompresses to the file exactly, its length is the header's, a small file or an image is sent as it
 * is, a file changed on disk is compressed anew, and the cache stays within its byte bound.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../scripts/server.ts';
import { CompressionCache } from '../scripts/compress-cache.ts';

const dir = mkdtempSync(join(tmpdir(), 'cr-compress-'));
const page = `<!doctype html><title>702</title>${'<p>Trample 702.19b. '.repeat(400)}`;
mkdirSync(join(dir, 'en', '702'), { recursive: true });
writeFileSync(join(dir, 'en', '702', 'index.html'), page);
writeFileSync(join(dir, 'small.json'), '{"a":1}');
writeFileSync(join(dir, 'image.png'), Buffer.alloc(4096, 7));
writeFileSync(join(dir, '404.html'), '<!doctype html><title>not found</title>');

let server: Server;
let base = '';
beforeAll(async () => {
  ({ server, url: base } = await serve(dir, 0));
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

function get(path: string, encoding: string, method = 'GET'): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((ok, fail) => {
    request(new URL(path, base), { method, headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', fail)
      .end();
  });
}

describe('compression on demand', () => {
  it('gzip and brotli bodies decompress to the file, with their length in Content-Length', async () => {
    const gz = await get('/en/702/', 'gzip');
    expect([gz.status, gz.headers['content-encoding'], gz.headers.vary]).toEqual([200, 'gzip', 'Accept-Encoding']);
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(gunzipSync(gz.body).toString()).toBe(page);
    expect(gz.body.length).toBeLessThan(page.length / 4);
    const br = await get('/en/702/', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    const head = await get('/en/702/', 'br', 'HEAD');
    expect([head.headers['content-length'], head.body.length]).toEqual([String(br.body.length), 0]);
  });

  it('a small file, an image, or a client that accepts no coding gets the file as it is', async () => {
    for (const [path, enc] of [['/small.json', 'br'], ['/image.png', 'gzip, br'], ['/en/702/', 'identity'], ['/en/702/', 'br;q=0, gzip;q=0']] as const) {
      const r = await get(path, enc);
      expect([path, enc, r.headers['content-encoding']]).toEqual([path, enc, undefined]);
    }
  });

  it('a file changed on disk is compressed anew (the key holds size and mtime)', async () => {
    const changed = page.replace('702.19b', '702.19c');
    writeFileSync(join(dir, 'en', '702', 'index.html'), changed);
    utimesSync(join(dir, 'en', '702', 'index.html'), new Date(), new Date(Date.now() + 5000));
    expect(gunzipSync((await get('/en/702/', 'gzip')).body).toString()).toBe(changed);
  });
});

describe('CompressionCache', () => {
  it('compresses a file once, shares it between concurrent requests, and keeps within its byte bound', async () => {
    let reads = 0;
    const body = Buffer.from('x'.repeat(50_000) + 'y'.repeat(50_000));
    const read = async () => (reads++, body);
    const cache = new CompressionCache(200);
    const [a, b] = await Promise.all([cache.get('/a', body.length, 1, 'gzip', read), cache.get('/a', body.length, 1, 'gzip', read)]);
    expect(reads).toBe(1);
    expect(a).toBe(b);
    expect(gunzipSync(a).equals(body)).toBe(true);
    // A second file: the two do not fit in 200 bytes, so the older one goes.
    await cache.get('/b', body.length, 1, 'gzip', read);
    expect(cache.size).toBeLessThanOrEqual(200);
    await cache.get('/a', body.length, 1, 'gzip', read);
    expect(reads).toBe(3);
  });
});
