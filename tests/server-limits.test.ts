/**
 * The server's limits (issue 26; review 2026-11-27 N5, N6, N11): a request aborted at any moment leaves
 * no file handle open (counted in /proc/self/fd, never left to garbage collection); slow readers are cut
 * by the send timeout and one address gets at most `maxSendsPerClient` responses at once (the next are
 * 503 with Retry-After); Accept-Encoding's q-values are honoured and unknown codings ignored. Counts,
 * not times: each wait is for a condition (bounded in polls as a safety net).
 */
import { mkdirSync, mkdtempSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, serve } from '../scripts/server.ts';

const dist = join(mkdtempSync(join(tmpdir(), 'cr-limits-')), 'dist');
mkdirSync(join(dist, 'en', '702'), { recursive: true });
const PAGE = `<!doctype html><title>702</title>${'x'.repeat(4000)}`;
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>home</title>');
writeFileSync(join(dist, 'en', '702', 'index.html'), PAGE);
writeFileSync(join(dist, 'en', '702', 'index.html.br'), brotliCompressSync(PAGE));
writeFileSync(join(dist, 'en', '702', 'index.html.gz'), gzipSync(PAGE));
writeFileSync(join(dist, '404.html'), '<!doctype html><title>not found</title>');
// Larger than what the loopback socket buffers hold, so a reader that stops reading holds its response open.
const BIG = 48 << 20;
writeFileSync(join(dist, 'big.json'), Buffer.alloc(BIG, 0x20));

const MAX_SENDS = 8;
let server: Server;
let port = 0;
let handled = 0;
beforeAll(async () => {
  const s = await serve(dist, 0, { idleTimeout: 5, sendTimeout: 2, maxSendsPerClient: MAX_SENDS });
  server = s.server;
  server.on('request', () => handled++);
  port = Number(new URL(s.url).port);
});
afterAll(() => {
  server?.closeAllConnections();
  server?.close();
});

/** Node's warnings for file handles closed by garbage collection (what an aborted request used to leave). */
const gcClosed: string[] = [];
process.on('warning', (w) => void (/on garbage collection/.test(w.message) && gcClosed.push(w.message)));
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** File descriptors of this process open on files of the site. */
const openInSite = () => readdirSync('/proc/self/fd').filter((fd) => {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`).startsWith(dist);
  } catch {
    return false;
  }
}).length;

/** Polls `cond` until true, at most `polls` times 50 ms apart (a safety bound, not an asserted time). */
async function until(cond: () => boolean, polls = 400): Promise<boolean> {
  for (let i = 0; i < polls && !cond(); i++) await new Promise((ok) => setTimeout(ok, 50));
  return cond();
}

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('Accept-Encoding', () => {
  it('q-values and unknown codings: br;q=0 refuses brotli, x-br is not br, * accepts both', () => {
    expect(acceptedEncodings('gzip, br')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('br;q=0, gzip;q=0')).toEqual([]);
    expect(acceptedEncodings('br;q=0, gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('identity, x-br')).toEqual([]);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('br;q=0, *')).toEqual(['gzip']);
    expect(acceptedEncodings('GZIP;Q=0.5')).toEqual(['gzip']);
    expect(acceptedEncodings('')).toEqual([]);
  });
  it('the server sends what the client accepts: identity for br;q=0, gzip;q=0 and for x-br; gzip for br;q=0, gzip', async () => {
    for (const [accept, encoding] of [['br;q=0, gzip;q=0', undefined], ['identity, x-br', undefined], ['br;q=0, gzip', 'gzip'], ['gzip, br', 'br']] as const) {
      const r = await get('/en/702/', { 'accept-encoding': accept });
      expect([accept, r.status, r.headers['content-encoding']]).toEqual([accept, 200, encoding]);
    }
  });
});

describe('aborted requests and slow readers', () => {
  it('300 requests reset right after they are sent (most while the file is being opened): no file handle stays open, the server answers', async () => {
    const before = handled;
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(Array.from({ length: 30 }, () => new Promise<void>((done) => {
        const s = connect(port, '127.0.0.1', () => {
          s.write(`GET /${batch % 2 ? 'big.json' : 'en/702/'} HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br\r\n\r\n`);
          setImmediate(() => s.resetAndDestroy());
        });
        s.on('close', () => done());
        s.on('error', () => {});
      })));
    }
    // The server saw the requests (an abort counts only if a handler ran for it).
    expect(await until(() => handled - before > 0)).toBe(true);
    expect(await until(() => openInSite() === 0)).toBe(true);
    // None of them was closed by garbage collection (Node warns for each, DEP0137): run it and count.
    gc();
    await new Promise((ok) => setTimeout(ok, 100));
    expect(gcClosed).toEqual([]);
    expect((await get('/en/702/')).status).toBe(200);
  });

  it(`slow readers: ${MAX_SENDS} that stop reading hold their responses until the send timeout cuts them; meanwhile the next 20 from the same address get 503 with Retry-After; then no handle is open`, async () => {
    const readers: { socket: Socket; status: string; received: number; closed: boolean }[] = [];
    for (let i = 0; i < MAX_SENDS; i++) {
      const r = { socket: connect(port, '127.0.0.1'), status: '', received: 0, closed: false };
      r.socket.on('data', (d: Buffer) => {
        if (!r.status) {
          r.status = d.toString('latin1').split('\r\n')[0]!;
          r.socket.pause(); // reads nothing more
        }
        r.received += d.length;
      });
      r.socket.on('close', () => (r.closed = true));
      r.socket.on('error', () => {});
      r.socket.write('GET /big.json HTTP/1.1\r\nHost: x\r\n\r\n');
      readers.push(r);
    }
    expect(await until(() => readers.every((r) => r.status !== ''))).toBe(true);
    expect(readers.map((r) => r.status)).toEqual(Array(MAX_SENDS).fill('HTTP/1.1 200 OK'));
    expect(openInSite()).toBe(MAX_SENDS);
    const refused = await Promise.all(Array.from({ length: 20 }, () => get('/en/702/')));
    expect(refused.map((r) => [r.status, r.headers['retry-after'], r.body.toString()])).toEqual(Array(20).fill([503, '5', 'too many downloads at once from your address; try again']));
    // The send timeout ends each slow reader's response (its file closed) before its body is complete:
    // reading again, each gets what the socket buffers held, then the end of the connection.
    expect(await until(() => openInSite() === 0)).toBe(true);
    for (const r of readers) r.socket.resume();
    expect(await until(() => readers.every((r) => r.closed))).toBe(true);
    expect(readers.filter((r) => r.received < BIG)).toHaveLength(MAX_SENDS);
    expect((await get('/en/702/')).status).toBe(200);
  });
});
