/**
 * One HTTP(S) download with limits of its own: a connect timeout, a total timeout (both in seconds),
 * a size cap and a few redirects, only to http: or https: and never from https: down to http:.
 * Node's fetch has no connect timeout, waits ~300 s on a peer that accepts and never answers and
 * buffers any body whole, so the build and `cr update` use node:http(s) directly, through this one
 * module (`downloadWithRetry` adds the retry and the progress lines both print). Build-time only (Node).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface DownloadLimits {
  /** Seconds to establish the TCP connection. */
  connectTimeout: number;
  /** Seconds for the whole transfer, redirects included. */
  totalTimeout: number;
  /** Largest body accepted, in bytes (the CR is about 1 MB). */
  maxBytes?: number;
  maxRedirects?: number;
}

/** The default size cap: 32 MiB, some 30 times the largest rules text. */
export const MAX_DOWNLOAD_BYTES = 32 * 1024 * 1024;
const MAX_REDIRECTS = 5;

export class DownloadError extends Error {
  /** The address (or a redirect's) is not allowed: another attempt would be refused again. */
  readonly refused: boolean;
  constructor(url: string, why: string, refused = false) {
    super(`${url}: ${why}`);
    this.name = 'DownloadError';
    this.refused = refused;
  }
}

export interface Downloaded {
  bytes: Uint8Array;
  /** The address the body came from (after redirects). */
  url: string;
  /** The Content-Type header, '' when absent. */
  contentType: string;
}

/** Why an address may not be fetched (from a page at `from`, or a redirect from it), or null when it may. */
export function refusedAddress(target: string, from?: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(target);
  } catch {
    return 'not a valid URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `unsupported protocol ${parsed.protocol}; expected http: or https:`;
  if (from && new URL(from).protocol === 'https:' && parsed.protocol === 'http:') return `from https: down to http: (${from}); expected https:`;
  return null;
}

/** Fetches `url` and returns its body, content type and final address; rejects with a DownloadError saying what went wrong. */
function fetchBody(url: string, limits: DownloadLimits): Promise<Downloaded> {
  const maxBytes = limits.maxBytes ?? MAX_DOWNLOAD_BYTES;
  const deadline = Date.now() + limits.totalTimeout * 1000;
  const once = (target: string, redirectsLeft: number, from?: string): Promise<Downloaded> =>
    new Promise((resolve, reject) => {
      const refused = refusedAddress(target, from);
      if (refused) {
        reject(new DownloadError(target, from ? `redirect refused: ${refused}` : refused, true));
        return;
      }
      const parsed = new URL(target);
      const request = parsed.protocol === 'https:' ? httpsRequest : httpRequest;
      let settled = false;
      const finish = (error: Error | null, body?: Downloaded) => {
        if (settled) return;
        settled = true;
        clearTimeout(connectTimer);
        clearTimeout(totalTimer);
        if (error) {
          req.destroy();
          reject(error);
        } else resolve(body!);
      };
      const req = request(parsed, { agent: false, headers: { 'user-agent': 'cr-atlas-build', accept: '*/*' } });
      const connectTimer = setTimeout(
        () => finish(new DownloadError(target, `no connection within ${limits.connectTimeout} s (connect timeout)`)),
        limits.connectTimeout * 1000,
      );
      const totalTimer = setTimeout(
        () => finish(new DownloadError(target, `not complete within ${limits.totalTimeout} s (total timeout)`)),
        Math.max(0, deadline - Date.now()),
      );
      req.on('socket', (socket) => {
        if (!socket.connecting) clearTimeout(connectTimer);
        else socket.once('connect', () => clearTimeout(connectTimer));
      });
      req.on('error', (e: NodeJS.ErrnoException) => finish(new DownloadError(target, e.code ? `${e.code} (${e.message})` : e.message)));
      req.on('response', (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          if (redirectsLeft <= 0) return finish(new DownloadError(target, `more than ${limits.maxRedirects ?? MAX_REDIRECTS} redirects`));
          let next: string;
          try {
            next = new URL(res.headers.location, target).href;
          } catch {
            return finish(new DownloadError(target, `redirect refused: "${res.headers.location}" is not a valid URL`, true));
          }
          once(next, redirectsLeft - 1, target).then((b) => finish(null, b), (e: Error) => finish(e));
          return;
        }
        if (status !== 200) {
          res.resume();
          return finish(new DownloadError(target, `HTTP ${status}; expected 200`));
        }
        // A declared size over the cap is refused before any of the body is read.
        const declared = Number(res.headers['content-length']);
        if (res.headers['content-length'] !== undefined && declared > maxBytes) {
          return finish(new DownloadError(target, `Content-Length ${declared} is larger than ${maxBytes} bytes; expected a rules text`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) finish(new DownloadError(target, `larger than ${maxBytes} bytes; expected a rules text`));
          else chunks.push(chunk);
        });
        res.on('error', (e) => finish(new DownloadError(target, res.complete ? e.message : `connection closed before the body was complete (${e.message})`)));
        res.on('close', () => {
          if (!res.complete) finish(new DownloadError(target, 'connection closed before the body was complete'));
        });
        res.on('end', () => {
          if (res.headers['content-length'] !== undefined && declared !== size) {
            return finish(new DownloadError(target, `body has ${size} bytes; Content-Length said ${declared}`));
          }
          finish(null, { bytes: new Uint8Array(Buffer.concat(chunks)), url: target, contentType: String(res.headers['content-type'] ?? '') });
        });
      });
      req.end();
    });
  return once(url, limits.maxRedirects ?? MAX_REDIRECTS);
}

/** Fetches `url` and returns its body; rejects with a DownloadError saying what went wrong and after how long. */
export function download(url: string, limits: DownloadLimits): Promise<Uint8Array> {
  return fetchBody(url, limits).then((d) => d.bytes);
}

const kib = (n: number) => `${Math.round(n / 1024)} KiB`;

/**
 * `fetchBody` with `retries` more attempts after a failure, one progress line per attempt:
 *   `download LABEL: 932 KiB in 0.4 s from URL` / `download LABEL: failed after 1.0 s (attempt 1 of 2): why`.
 * A refused address is not retried (it would be refused again). Rejects with the last error.
 */
export async function downloadWithRetry(url: string, limits: DownloadLimits, retries: number, log: (line: string) => void, label: string): Promise<Downloaded> {
  const attempts = 1 + retries;
  for (let attempt = 1; ; attempt++) {
    const started = Date.now();
    const took = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
    try {
      const got = await fetchBody(url, limits);
      log(`download ${label}: ${kib(got.bytes.length)} in ${took()} from ${got.url}${got.url !== url ? ` (redirected from ${url})` : ''}`);
      return got;
    } catch (e) {
      const refused = e instanceof DownloadError && e.refused;
      log(`download ${label}: failed after ${took()} (attempt ${attempt} of ${attempts}): ${(e as Error).message}`);
      if (attempt >= attempts || refused) throw e;
    }
  }
}
