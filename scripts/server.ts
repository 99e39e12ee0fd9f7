/**
 * The static server behind `npm start` (and the browser tests): serves a built site directory on
 * 127.0.0.1, strictly.
 *   - Paths: only `/…` targets; decoded, normalised, and resolved through realpath, so `..`, `%2f`,
 *     backslashes, NUL and symlinks cannot reach a file outside the site. Directory redirects are
 *     built from the normalised path (always one leading slash: never a protocol-relative Location).
 *   - Errors: every file-system call is awaited and caught; a file that vanishes mid-request (a
 *     rebuild swapping dist/) is looked up again, and a stream error ends only that response.
 *   - Time: idle, slow-header and slow-request connections are cut (headersTimeout, requestTimeout,
 *     keepAliveTimeout, socket timeout), and so is a response still being sent after `sendTimeout`
 *     (a slow reader); one client address has at most `maxSendsPerClient` responses in flight, the
 *     next gets 503 with Retry-After: memory stays bounded however many slow readers connect.
 *   - Handles: a file is opened only for a client still connected, and its handle is closed when the
 *     response ends, fails or is aborted (never left to garbage collection).
 *   - Refusals: a request Node's parser rejects (a 100 KB `?q=` → 414, huge headers → 431, 400, 408)
 *     gets a short readable page with the security headers, then the connection is closed.
 *   - Short addresses: a rule number (`/ja/704.5j/`, any spelling) or the latest edition under its date
 *     (`/en/2026-01-16/702/`) has no file; it gets a 301 to the page (src/site/host/short-address.ts).
 *   - Not found: status 404 with the not-found page of the path's language (`/ja/…` → /ja/404.html,
 *     src/site/host/not-found.ts), else /404.html.
 *   - Headers: security headers and cache policy (src/site/host/headers.ts), ETag/Last-Modified with
 *     304s, and a compressed body chosen by Accept-Encoding (q-values honoured: `br;q=0` refuses
 *     brotli; unknown codings such as `x-br` are ignored): a `.br`/`.gz` copy beside the file when a
 *     directory has them, else compressed on demand and kept in memory (scripts/compress-cache.ts).
 */
import { constants as fsConstants } from 'node:fs';
import { open, readFile, realpath, stat, type FileHandle } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { extname, join, posix, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheControl, securityHeaders } from '../src/site/host/headers.ts';
import { notFoundPage } from '../src/site/host/not-found.ts';
import { resolveShortAddress, type AddressEdition } from '../src/site/host/short-address.ts';
import { RULE_INDEX_FILE, type RuleIndex } from '../src/site/rule-index.ts';
import { COMPRESSIBLE } from './build/compress.ts';
import { CompressionCache, MAX_COMPRESS_BYTES, MIN_COMPRESS_BYTES } from './compress-cache.ts';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  // Pagefind's index files.
  '.pf_meta': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pagefind': 'application/octet-stream',
};

export interface ServeOptions {
  /** Seconds a connection may stay idle between requests (keep-alive) or with nothing sent. */
  idleTimeout?: number;
  /** Seconds to receive a request's headers / the whole request. */
  headersTimeout?: number;
  requestTimeout?: number;
  /** Seconds a response body may take to send (a slow reader is cut after it). Default 120: the largest file (a few MB of rules JSON) at 1 Mbit/s, with room. */
  sendTimeout?: number;
  /** Responses one client address may have in flight at once; the next gets 503. Default 64. */
  maxSendsPerClient?: number;
  /** Short rule addresses answered with a 301 (default true); false serves like a plain static host (the not-found page resolves them). */
  shortAddresses?: boolean;
}

/**
 * The precompressed codings a client accepts, in the server's order of preference (br, then gzip),
 * from its Accept-Encoding: each listed coding (or `*`) with a q-value above 0. Unknown codings are
 * ignored; a coding with q=0, or not listed when there is no `*`, is not sent.
 */
export function acceptedEncodings(header: string): ('br' | 'gzip')[] {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qv = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const value = qv === undefined ? 1 : Number(qv);
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const star = q.get('*');
  return (['br', 'gzip'] as const).filter((enc) => (q.get(enc) ?? star ?? 0) > 0);
}

type Target = { kind: 'file'; path: string } | { kind: 'redirect'; location: string } | { kind: 'missing' } | { kind: 'bad' };

/** `/a/b/` from a raw request target, or null when it is not an origin-form path we serve. */
function cleanPath(rawPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || /[\0\\]/.test(decoded)) return null;
  // Collapse `//`, resolve `.`/`..` (never above the root): the result starts with exactly one slash.
  const normal = posix.normalize(decoded.replace(/\/{2,}/g, '/'));
  return normal.startsWith('/') && !normal.startsWith('//') ? normal : null;
}

const encodePath = (p: string) => p.split('/').map(encodeURIComponent).join('/');
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** The root's real path; during a swap of dist/ (two renames) it may be absent for a moment. */
async function rootOf(dist: string): Promise<string | null> {
  for (let i = 0; i < 20; i++) {
    try {
      return await realpath(dist);
    } catch {
      await sleep(25);
    }
  }
  return null;
}

/**
 * The real file a clean path names inside `root`. A directory path (`/en/702/`) names its index.html
 * directly (one realpath, no stat: the common case costs little); a file path is stat'ed, and a
 * directory without the slash redirects. Whether it is really a regular file is checked on the open
 * handle (send).
 */
async function resolveTarget(dist: string, root: string, path: string, search: string): Promise<Target> {
  const dir = path.endsWith('/');
  let real: string;
  try {
    // Through dist itself (not the cached root): a dist/ symlink re-pointed at another build is followed.
    real = await realpath(join(dist, dir ? `${path}index.html` : path));
  } catch {
    return { kind: 'missing' };
  }
  // A symlink may point anywhere: what counts is where it really leads.
  if (!real.startsWith(root + sep)) return { kind: 'missing' };
  if (dir) return { kind: 'file', path: real };
  const st = await stat(real).catch(() => null);
  if (st?.isDirectory()) return { kind: 'redirect', location: `${encodePath(path)}/${search}` };
  return st?.isFile() ? { kind: 'file', path: real } : { kind: 'missing' };
}

/** A JSON file of the site, parsed, kept while its size and mtime stay the same (a rebuild changes them). */
const jsonCache = new Map<string, { key: string; value: unknown }>();
async function siteJson<T>(file: string): Promise<T | null> {
  const st = await stat(file).catch(() => null);
  if (!st?.isFile()) return null;
  const key = `${st.size}-${st.mtimeMs}`;
  const hit = jsonCache.get(file);
  if (hit?.key === key) return hit.value as T;
  const value = JSON.parse(await readFile(file, 'utf8')) as T;
  if (jsonCache.size >= 64) jsonCache.clear();
  jsonCache.set(file, { key, value });
  return value;
}

/** Where a path the site has no file for leads (src/site/host/short-address.ts), read from the built files. */
async function shortAddress(root: string, path: string): Promise<string | null> {
  const index = await siteJson<{ editions: AddressEdition[] }>(join(root, 'api', 'index.json'));
  if (!index) return null;
  return resolveShortAddress(path, index.editions, (base) => siteJson<RuleIndex>(join(root, base, RULE_INDEX_FILE)));
}

// Opened without following a final symlink: `real` is resolved, so a `.br`/`.gz` beside it that is a
// symlink (perhaps out of the site) is refused rather than followed.
const READ_NOFOLLOW = fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW;

/** The request handler for `dist` (exported for tests that drive it without a socket). */
function handler(dist: string, options: Pick<ServeOptions, 'sendTimeout' | 'maxSendsPerClient' | 'shortAddresses'> = {}) {
  let root: string | null = null;
  const compressed = new CompressionCache();
  const sendTimeout = (options.sendTimeout ?? 120) * 1000;
  const maxSends = options.maxSendsPerClient ?? 64;
  /** Responses being sent, per client address. */
  const sending = new Map<string, number>();
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Registered first, so an abort at any point is seen (a listener added after 'close' never fires).
    let gone = false;
    res.once('close', () => (gone = true));
    const base = securityHeaders();
    const plain = (status: number, text: string, extra: Record<string, string> = {}) => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(status, { ...base, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra }).end(req.method === 'HEAD' ? undefined : text);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(405, 'method not allowed', { Allow: 'GET, HEAD' });
    const raw = req.url ?? '';
    const q = raw.indexOf('?');
    const rawPath = q < 0 ? raw : raw.slice(0, q);
    const search = q < 0 ? '' : raw.slice(q);
    const path = cleanPath(rawPath);
    if (path === null) return plain(400, 'bad request path');

    /**
     * Sends the file (or the build's precompressed copy the client accepts). The file is opened first
     * and its length and validators taken from the open file, so a rebuild that swaps dist/ meanwhile
     * cannot make the body disagree with its headers. false: the file vanished before it was opened.
     */
    const send = async (status: number, target: Extract<Target, { kind: 'file' }>, logical: string): Promise<boolean> => {
      if (gone) return true; // the client left: open nothing
      let handle: FileHandle | null = null;
      let encoding: string | null = null;
      for (const enc of acceptedEncodings(String(req.headers['accept-encoding'] ?? ''))) {
        handle = await open(`${target.path}.${enc === 'br' ? 'br' : 'gz'}`, READ_NOFOLLOW).catch(() => null);
        if (handle) {
          encoding = enc;
          break;
        }
      }
      handle ??= await open(target.path, READ_NOFOLLOW).catch(() => null);
      if (!handle) return false;
      try {
        if (gone) return true; // left while the file was opened: closed below
        const st = await handle.stat();
        if (!st.isFile()) {
          plain(404, 'not found');
          return true;
        }
        // No copy beside it: a text file is compressed here, once, and kept (scripts/compress-cache.ts).
        let body: Buffer | null = null;
        const wanted = encoding ? undefined : acceptedEncodings(String(req.headers['accept-encoding'] ?? ''))[0];
        if (wanted && COMPRESSIBLE.has(extname(target.path).toLowerCase()) && st.size >= MIN_COMPRESS_BYTES && st.size <= MAX_COMPRESS_BYTES) {
          const h = handle;
          body = await compressed.get(target.path, st.size, st.mtimeMs, wanted, () => h.readFile());
          encoding = wanted;
        }
        const etag = `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
        const headers: Record<string, string> = {
          ...base,
          'Content-Type': MIME[extname(target.path).toLowerCase()] ?? 'application/octet-stream',
          'Cache-Control': status === 200 ? cacheControl(logical) : 'no-store',
          ETag: etag,
          'Last-Modified': st.mtime.toUTCString(),
          Vary: 'Accept-Encoding',
          'Content-Length': String(body ? body.length : st.size),
          ...(encoding ? { 'Content-Encoding': encoding } : {}),
        };
        if (status === 200 && req.headers['if-none-match'] === etag) {
          delete headers['Content-Length'];
          res.writeHead(304, headers).end();
          return true;
        }
        res.writeHead(status, headers);
        if (req.method === 'HEAD') {
          res.end();
          return true;
        }
        if (gone) return true;
        if (body) {
          const timer = setTimeout(() => res.destroy(), sendTimeout);
          res.once('close', () => clearTimeout(timer));
          res.end(body);
          return true;
        }
        const stream = handle.createReadStream({ autoClose: true });
        handle = null; // the stream owns it now: pipeline destroys it (closing the handle) however the response ends
        const timer = setTimeout(() => res.destroy(), sendTimeout);
        try {
          await pipeline(stream, res);
        } catch {
          res.destroy();
        } finally {
          clearTimeout(timer);
        }
        return true;
      } finally {
        await handle?.close().catch(() => {});
      }
    };

    const client = req.socket.remoteAddress ?? '';
    const inFlight = sending.get(client) ?? 0;
    if (inFlight >= maxSends) return plain(503, 'too many downloads at once from your address; try again', { 'Retry-After': '5' });
    sending.set(client, inFlight + 1);
    try {
      // Looked up again once when a file vanishes between lookup and open (dist/ swapped by a rebuild).
      for (let attempt = 0; attempt < 2; attempt++) {
        // The root's real path is looked up once and again only when a lookup misses (a rebuild's
        // swap, a re-pointed symlink): a hit inside the cached root is a file inside the site.
        if (attempt > 0 || root === null) root = await rootOf(dist);
        if (root === null) return plain(503, 'the site is not built', { 'Retry-After': '5' });
        const target = await resolveTarget(dist, root, path, search);
        if (target.kind === 'redirect') {
          res.writeHead(301, { ...base, Location: target.location, 'Cache-Control': 'no-store' }).end();
          return;
        }
        if (target.kind === 'file') {
          if (await send(200, target, path)) return;
          continue;
        }
        if (attempt === 0) continue; // missing: look again with a fresh root before answering 404
        // A short rule address or the latest edition under its date (no file of their own): 301 to the page.
        const short = options.shortAddresses === false ? null : await shortAddress(root, path).catch(() => null);
        if (short) {
          res.writeHead(301, { ...base, Location: encodeURI(short) + (short.includes('#') ? '' : search), 'Cache-Control': 'no-store' }).end();
          return;
        }
        // The path's language's not-found page (`/ja/…` → /ja/404.html) when the build has it, else /404.html.
        let notFound = await resolveTarget(dist, root, notFoundPage(path), '');
        if (notFound.kind !== 'file') notFound = await resolveTarget(dist, root, '/404.html', '');
        if (notFound.kind === 'file' && (await send(404, notFound, '/404.html'))) return;
        if (notFound.kind === 'file') continue;
        return plain(404, 'not found');
      }
      return plain(503, 'the site is being rebuilt; try again', { 'Retry-After': '1' });
    } catch {
      return plain(500, 'internal error');
    } finally {
      const left = (sending.get(client) ?? 1) - 1;
      if (left > 0) sending.set(client, left);
      else sending.delete(client);
    }
  };
}

const REFUSAL: Record<number, [string, string, string]> = {
  400: ['Bad Request', 'Bad request', 'The server could not read this request.'],
  408: ['Request Timeout', 'Too slow', 'The request did not arrive in time.'],
  414: ['URI Too Long', 'This address is too long', 'The address (with its query) is longer than the 16 KB this site accepts. A search of that length cannot find a rule: shorten it and try again.'],
  431: ['Request Header Fields Too Large', 'Request headers too large', 'The request\u2019s headers are larger than the 16 KB this site accepts.'],
};

/**
 * The raw HTTP answer to a request Node's parser rejected: 414 when the request line alone is over
 * the header limit (a huge `?q=`), 431 for other oversized headers, 408 for a timeout, else 400 —
 * each a short page with the site's security headers, never a bare status or a dropped connection.
 */
export function refusal(err: NodeJS.ErrnoException & { rawPacket?: Buffer }): string {
  let status = 400;
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    const packet = err.rawPacket?.toString('latin1') ?? '';
    const lineEnd = packet.indexOf('\r\n');
    status = /^[A-Z]+ /.test(packet) && (lineEnd < 0 || lineEnd > 8192) ? 414 : 431;
  } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || err.code === 'HPE_HEADERS_TIMEOUT') status = 408;
  const [reason, title, text] = REFUSAL[status]!;
  const body = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · CR Atlas</title><h1>${title}</h1><p>${text}</p><p><a href="/">CR Atlas</a></p></html>\n`;
  const headers = { ...securityHeaders(), 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' };
  return `HTTP/1.1 ${status} ${reason}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n${body}`;
}

/** Serves `dist` (default: the project's dist/) on 127.0.0.1:`port` (0 = a free port). */
export function serve(dist = resolve(fileURLToPath(import.meta.url), '../../dist'), port = 0, options: ServeOptions = {}): Promise<{ server: Server; url: string }> {
  const idle = (options.idleTimeout ?? 15) * 1000;
  const handle = handler(dist, options);
  const server = createServer(
    {
      headersTimeout: (options.headersTimeout ?? 10) * 1000,
      requestTimeout: (options.requestTimeout ?? 30) * 1000,
      keepAliveTimeout: idle,
      // Node checks the two timeouts above on this interval (default 30 s).
      connectionsCheckingInterval: 1000,
    },
    (req, res) => void handle(req, res),
  );
  // A socket with no traffic at all (opened and silent) is closed after `idle`.
  server.setTimeout(idle, (socket) => socket.destroy());
  // Requests Node refuses before the handler sees them: an answer a person can read, then close.
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    socket.end(refusal(err));
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      const { port: p } = server.address() as AddressInfo;
      ok({ server, url: `http://127.0.0.1:${p}/` });
    });
  });
}

// `tsx scripts/server.ts DIR [PORT]`: serve a directory as is (the bench runs the server in its own process).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { url } = await serve(resolve(process.argv[2] ?? 'dist'), Number(process.argv[3] ?? 0));
  process.stdout.write(`${url}\n`);
}
