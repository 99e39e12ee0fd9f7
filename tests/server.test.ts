/**
 * The server behind `npm start` (scripts/server.ts) under hostile and unlucky clients: traversal
 * variants, open redirect, symlinks out of the site, idle and slow clients, headers, precompressed
 * files, and a rebuild (atomic swap of the directory) under load. 127.0.0.1 only; every loop is
 * bounded in count and time.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, serve } from '../scripts/server.ts';
import { buildAtomically } from '../scripts/build/build-run.ts';

/** A small site: pages, an asset, a precompressed copy. */
function writeSite(dist: string, marker = 'one'): void {
  mkdirSync(join(dist, 'en', '702'), { recursive: true });
  mkdirSync(join(dist, '_astro'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>home ${marker}</title>`);
  writeFileSync(join(dist, 'en', 'index.html'), `<!doctype html><title>en ${marker}</title>`);
  writeFileSync(join(dist, 'en', '702', 'index.html'), `<!doctype html><title>702 ${marker}</title>${'x'.repeat(4000)}`);
  writeFileSync(join(dist, 'en', '702', 'index.html.br'), brotliCompressSync(`<!doctype html><title>702 ${marker}</title>${'x'.repeat(4000)}`));
  writeFileSync(join(dist, '404.html'), '<!doctype html><title>not found</title>');
  // Japanese has its own not-found page; this site has no Korean one (a build without Korean).
  mkdirSync(join(dist, 'ja'), { recursive: true });
  writeFileSync(join(dist, 'ja', '404.html'), '<!doctype html><html lang="ja"><title>ページが見つかりません</title>');
  writeFileSync(join(dist, '_astro', 'app.abc123.js'), 'console.log(1)');
}

const parent = mkdtempSync(join(tmpdir(), 'cr-server-'));
writeSite(join(parent, 'dist'));
// A secret file beside (not inside) the site, and symlinks from inside to outside.
writeFileSync(join(parent, 'secret.txt'), 'SECRET');
symlinkSync('/etc', join(parent, 'dist', 'etc-link'));
symlinkSync(join(parent, 'secret.txt'), join(parent, 'dist', 'secret-link.txt'));

let server: Server;
let port = 0;
beforeAll(async () => {
  const s = await serve(join(parent, 'dist'), 0, { idleTimeout: 1, headersTimeout: 1, requestTimeout: 2 });
  server = s.server;
  port = Number(new URL(s.url).port);
});
afterAll(() => {
  server?.closeAllConnections();
  server?.close();
});

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request with the target exactly as given (no client-side normalisation). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.setTimeout(5000, () => req.destroy(new Error(`timeout on ${path}`)));
    req.on('error', fail);
    req.end();
  });
}

/** Raw bytes on a socket, for targets node:http would refuse to send; resolves with what came back. */
function raw(text: string, waitMs = 3000): Promise<string> {
  return new Promise((ok) => {
    const socket = connect(port, '127.0.0.1');
    let got = '';
    socket.on('data', (d) => (got += d.toString('latin1')));
    socket.on('close', () => ok(got));
    socket.on('error', () => ok(got));
    socket.write(text);
    setTimeout(() => socket.destroy(), waitMs);
  });
}

describe('paths', () => {
  it('serves pages, directories with index.html, and redirects /en/702 to /en/702/', async () => {
    expect((await get('/')).body.toString()).toContain('home one');
    expect((await get('/en/702/')).body.toString()).toContain('702 one');
    const r = await get('/en/702?x=1');
    expect([r.status, r.headers.location]).toEqual([301, '/en/702/?x=1']);
  });

  it('never leaves the site: 25 traversal variants give 400 or 404 and never the secret', async () => {
    const variants = [
      '/../secret.txt', '/..%2fsecret.txt', '/%2e%2e/secret.txt', '/%2e%2e%2fsecret.txt', '/en/../../secret.txt',
      '/en/%2e%2e/%2e%2e/secret.txt', '/..%5csecret.txt', '/%5c..%5csecret.txt', '/en/..%252f..%252fsecret.txt',
      '/....//secret.txt', '/%c0%ae%c0%ae/secret.txt', '/%00/secret.txt', '/en/%00', '/secret-link.txt',
      '/etc-link/hostname', '/etc-link/passwd', '/etc-link/', '//etc/hostname', '///../secret.txt', '/./../secret.txt',
      '/%2f%2e%2e%2fsecret.txt', '/en/.%2e/.%2e/secret.txt', '/..;/secret.txt', '/%252e%252e/secret.txt', '/.%00./secret.txt',
    ];
    for (const v of variants) {
      const r = await get(v);
      expect([400, 404], v).toContain(r.status);
      expect(r.body.toString(), v).not.toContain('SECRET');
      expect(r.body.toString(), v).not.toMatch(/root:|localhost/);
    }
  });

  it('absolute-form and odd request targets on a raw socket never reach a file outside', async () => {
    for (const target of ['http://127.0.0.1/../secret.txt', '*', '../secret.txt', '/..\\secret.txt']) {
      const reply = await raw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(reply, target).toMatch(/^HTTP\/1\.1 (400|404) /);
      expect(reply, target).not.toContain('SECRET');
    }
  });

  it('a precompressed copy that is a symlink out of the site is not followed: the plain page is sent', async () => {
    mkdirSync(join(parent, 'dist', 'en', 'linked'));
    writeFileSync(join(parent, 'dist', 'en', 'linked', 'index.html'), '<!doctype html><title>linked page</title>');
    writeFileSync(join(parent, 'secret.txt.gz'), gzipSync('SECRET'));
    symlinkSync(join(parent, 'secret.txt.gz'), join(parent, 'dist', 'en', 'linked', 'index.html.gz'));
    const r = await get('/en/linked/', { 'accept-encoding': 'gzip' });
    expect([r.status, r.headers['content-encoding'], r.body.toString()]).toEqual([200, undefined, '<!doctype html><title>linked page</title>']);
  });

  it('a site directory that is a symlink re-pointed at another build: the next request is answered from the new build', async () => {
    const releases = mkdtempSync(join(tmpdir(), 'cr-releases-'));
    writeSite(join(releases, 'a'), 'release-a');
    writeSite(join(releases, 'b'), 'release-b');
    symlinkSync(join(releases, 'a'), join(releases, 'current'));
    const s = await serve(join(releases, 'current'), 0);
    try {
      const at = (path: string) => new Promise<string>((ok, fail) => request(`${s.url}${path.slice(1)}`, { agent: false }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => ok(body));
      }).on('error', fail).end());
      expect(await at('/en/')).toContain('en release-a');
      symlinkSync(join(releases, 'b'), join(releases, 'next'));
      renameSync(join(releases, 'next'), join(releases, 'current'));
      expect(await at('/en/')).toContain('en release-b');
      expect(await at('/en/702/')).toContain('702 release-b');
    } finally {
      s.server.closeAllConnections();
      s.server.close();
    }
  });

  it('no open redirect: a target starting with // gives no protocol-relative Location', async () => {
    for (const v of ['//x//evil.example/..%2fen', '//evil.example/en', '/%2f%2fevil.example/en', '//evil.example/%2e%2e/en', '/\\evil.example/en']) {
      const r = await get(v);
      const location = String(r.headers.location ?? '');
      expect(location, v).not.toMatch(/^\/\/|^\/\\|^[a-z]+:/i);
      if (r.status === 301) expect(location, v).toMatch(/^\/[^/\\]/);
    }
    // The review's reproduction reads as /x/en (not in the site): 404, no Location.
    const review = await get('//x//evil.example/..%2fen');
    expect([review.status, review.headers.location]).toEqual([404, undefined]);
    expect((await get('//en')).headers.location).toBe('/en/');
  });

  it('only GET and HEAD', async () => {
    expect((await get('/', {}, 'POST')).status).toBe(405);
    const head = await get('/en/', {}, 'HEAD');
    expect([head.status, head.body.length]).toEqual([200, 0]);
  });
});

describe('headers', () => {
  it('security headers (CSP with frame-ancestors), cache policy, validators and 304', async () => {
    const r = await get('/en/');
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(r.headers['content-security-policy']).toContain("default-src 'none'");
    expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await get('/_astro/app.abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await get('/en/', { 'if-none-match': String(r.headers.etag) });
    expect([again.status, again.body.length]).toEqual([304, 0]);
  });

  it('the build’s .br copy when the client accepts brotli, the plain file otherwise', async () => {
    const br = await get('/en/702/', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const identity = await get('/en/702/');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toContain('702 one');
  });

  it('404 page with status 404 for an unknown path', async () => {
    const r = await get('/en/nope/');
    expect([r.status, r.body.toString()]).toEqual([404, '<!doctype html><title>not found</title>']);
  });

  it('an unknown path under /ja/ gets the Japanese not-found page; a language without one, or no language, the root one', async () => {
    const ja = '<!doctype html><html lang="ja"><title>ページが見つかりません</title>';
    const root = '<!doctype html><title>not found</title>';
    const answers = await Promise.all(['/ja/nope/', '/ja/702.999/', '/ja/', '/ko/nope/', '/japan/', '/nope/ja/'].map(async (p) => [p, (await get(p)).status, (await get(p)).body.toString()]));
    expect(answers).toEqual([
      ['/ja/nope/', 404, ja],
      ['/ja/702.999/', 404, ja],
      ['/ja/', 404, ja],
      ['/ko/nope/', 404, root],
      ['/japan/', 404, root],
      ['/nope/ja/', 404, root],
    ]);
  });
});

describe('requests the parser refuses get a readable answer, then the connection closes', () => {
  it('a 100 KB query (`/en/search/?q=…`): 414 with a short page and the security headers; the server answers the next request', async () => {
    const reply = await raw(`GET /en/search/?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    const [head, body] = reply.split('\r\n\r\n');
    expect(head!.split('\r\n')[0]).toBe('HTTP/1.1 414 URI Too Long');
    expect(head).toContain('\r\nContent-Type: text/html; charset=utf-8\r\n');
    expect(head).toContain("frame-ancestors 'none'");
    expect(reply).toContain('\r\nConnection: close\r\n');
    expect(Number(/\r\nContent-Length: (\d+)/.exec(head!)![1])).toBe(body!.length); // latin1: one char per byte;
    expect(body).toContain('<h1>This address is too long</h1>');
    expect((await get('/')).status).toBe(200);
  });
  it('a 20 KB header: 431 with a short page', async () => {
    const reply = await raw(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(reply.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(reply).toContain('<h1>Request headers too large</h1>');
  });
  it('a request line that is not HTTP: 400 with a short page', async () => {
    const reply = await raw('HELLO\r\n\r\n');
    expect(reply.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(reply).toContain('<h1>Bad request</h1>');
  });
});

describe('idle and slow clients', () => {
  /**
   * A connection to the server and what became of it: what it received, whether the server ended it
   * (a FIN from the server: the socket's 'end' event) and which of the server's own mechanisms did —
   * its idle timeout (the server's 'timeout' event for this connection) or its request timeout (a
   * 'clientError' for it). `feed` writes to the socket until the server closes it. If the server
   * never closes it, the client gives up after `giveUpMs` (a bound on the test, not an assertion):
   * then `endedByServer` is false and the test fails on that.
   */
  async function watch(feed: (socket: ReturnType<typeof connect>) => void = () => {}, giveUpMs = 20_000) {
    let serverSide: unknown = null;
    const byServer: string[] = [];
    const onConnection = (s: import('node:net').Socket) => void (serverSide ??= s);
    const onTimeout = (s: unknown) => void (s === serverSide && byServer.push('idle timeout'));
    const onClientError = (e: NodeJS.ErrnoException, s: unknown) => void (s === serverSide && byServer.push(`clientError ${e.code}`));
    server.on('connection', onConnection);
    server.on('timeout', onTimeout);
    server.on('clientError', onClientError);
    try {
      return await new Promise<{ received: string; endedByServer: boolean; byServer: string[] }>((ok) => {
        const socket = connect(port, '127.0.0.1');
        const received: Buffer[] = [];
        let endedByServer = false;
        const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
        socket.on('data', (d: Buffer) => received.push(d));
        socket.on('end', () => (endedByServer = true));
        socket.on('error', () => {});
        socket.on('close', () => {
          clearTimeout(giveUp);
          ok({ received: Buffer.concat(received).toString('utf8'), endedByServer, byServer });
        });
        feed(socket);
      });
    } finally {
      server.off('connection', onConnection);
      server.off('timeout', onTimeout);
      server.off('clientError', onClientError);
    }
  }

  it('a connection that sends nothing is closed by the server’s idle timeout, with nothing sent to it', async () => {
    expect(await watch()).toEqual({ received: '', endedByServer: true, byServer: ['idle timeout'] });
  });

  it('a kept-alive connection that falls silent after its answer is closed by the server’s idle timeout', async () => {
    const r = await watch((socket) => socket.write('GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
    expect(r.received).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\nKeep-Alive: timeout=1\r\n[\s\S]*<title>en one<\/title>$/);
    expect([r.endedByServer, r.byServer]).toEqual([true, ['idle timeout']]);
  });

  it('a client that sends its headers one byte at a time, never finishing them, is cut off by the headers timeout with a 408 page', async () => {
    const r = await watch((socket) => {
      // Never idle (a byte every 50 ms), never done (a header that does not end): only the headers
      // timeout can end this. Bounded: at most 2,000 bytes.
      const text = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ';
      let i = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || i >= 2000) return clearInterval(timer);
        socket.write(text[i++] ?? 'a');
      }, 50);
      socket.on('close', () => clearInterval(timer));
    });
    expect(r.received).toBe(refusal(Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' })));
    expect(r.received.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(r.endedByServer).toBe(true);
    expect(r.byServer[0]).toBe('clientError ERR_HTTP_REQUEST_TIMEOUT');
  });
  it('1,000 idle connections are all accepted, all closed after the idle timeout, and the server still answers', { timeout: 300_000 }, async () => {
    // Waits for events, never for a time (a loaded machine is slow, not wrong): each accept, each close.
    let accepted = 0;
    let onAccept = () => {};
    const count = () => {
      accepted++;
      onAccept();
    };
    server.on('connection', count);
    const acceptedAtLeast = (n: number) => new Promise<void>((ok) => {
      onAccept = () => void (accepted >= n && ok());
      onAccept();
    });
    // In batches of 100, well under the listen backlog (511): beyond it the kernel drops connections
    // the server never sees, which would test the kernel, not the server.
    const sockets: ReturnType<typeof connect>[] = [];
    const closed: Promise<void>[] = [];
    for (let batch = 0; batch < 10; batch++) {
      sockets.push(...(await Promise.all(Array.from({ length: 100 }, () => new Promise<ReturnType<typeof connect>>((ok) => {
        const s = connect(port, '127.0.0.1', () => ok(s));
        closed.push(new Promise((done) => s.once('close', () => done())));
        s.on('error', () => ok(s));
      })))));
      await acceptedAtLeast(sockets.length);
    }
    expect(accepted).toBe(1000);
    // The server's idle timeout closes every one of them: each socket sees its close.
    await Promise.all(closed);
    server.off('connection', count);
    const serverSide = () => new Promise<number>((ok) => server.getConnections((_e, n) => ok(n)));
    expect(await serverSide()).toBe(0);
    expect(sockets.filter((s) => !s.destroyed && s.readyState === 'open').length).toBe(0);
    expect((await get('/')).status).toBe(200);
  });
});

describe('a rebuild while serving', () => {
  it('the site directory removed while serving (S2: the server used to exit on a file error): 503 with Retry-After, then the rebuilt site; the server never stops', async () => {
    const parentDir = mkdtempSync(join(tmpdir(), 'cr-gone-'));
    const dir = join(parentDir, 'dist');
    writeSite(dir, 'before');
    const s = await serve(dir, 0);
    const at = (path: string) => new Promise<Reply>((ok, fail) => request(`${s.url}${path.slice(1)}`, { agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', fail).end());
    try {
      expect((await at('/en/')).body.toString()).toContain('en before');
      rmSync(dir, { recursive: true });
      for (const path of ['/en/', '/en/702/', '/_astro/app.abc123.js', '/nope/']) {
        const r = await at(path);
        expect([r.status, r.headers['retry-after'], r.body.toString()], path).toEqual([503, '5', 'the site is not built']);
      }
      writeSite(dir, 'after');
      expect((await at('/en/')).body.toString()).toContain('en after');
      expect(s.server.listening).toBe(true);
    } finally {
      s.server.closeAllConnections();
      s.server.close();
    }
  });

  it('swapping dist/ 15 times under 4 concurrent request loops: every answer complete, no error, no refusal', async () => {
    const dist = join(parent, 'dist');
    let stop = false;
    const seen = { ok: 0, other: [] as string[] };
    const loop = async () => {
      for (let n = 0; n < 3000 && !stop; n++) {
        for (const path of ['/', '/en/', '/en/702/', '/_astro/app.abc123.js']) {
          try {
            const r = await get(path);
            if (r.status === 200 && r.body.length > 0) seen.ok++;
            else seen.other.push(`${path} ${r.status}`);
          } catch (e) {
            seen.other.push(`${path} ${(e as Error).message}`);
          }
        }
      }
    };
    const loops = Array.from({ length: 4 }, loop);
    for (let k = 0; k < 15; k++) {
      // The stage writes the new site into `out`, as astro build does; buildAtomically swaps it in.
      await buildAtomically(dist, [{ name: 'site', run: (out) => writeSite(out, `build${k}`) }]);
      await new Promise((ok) => setTimeout(ok, 100));
    }
    stop = true;
    await Promise.all(loops);
    expect(seen.other).toEqual([]);
    expect(seen.ok).toBeGreaterThan(100);
    expect((await get('/')).body.toString()).toContain('home build14');
  }, 60_000);
});
