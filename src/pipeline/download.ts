/**
 * One HTTP(S) download with limits of its own: a connect timeout, a total timeout (both in seconds),
 * a size cap and a few redirects. Node's fetch has no connect timeout and waits ~300 s on a peer
 * that accepts and never answers, so the build uses node:http(s) directly. Build-time only (Node).
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

export class DownloadError extends Error {
  constructor(url: string, why: string) {
    super(`${url}: ${why}`);
    this.name = 'DownloadError';
  }
}

/** Fetches `url` and returns its body; rejects with a DownloadError saying what went wrong and after how long. */
export function download(url: string, limits: DownloadLimits): Promise<Uint8Array> {
  const maxBytes = limits.maxBytes ?? 32 * 1024 * 1024;
  const deadline = Date.now() + limits.totalTimeout * 1000;
  const once = (target: string, redirectsLeft: number): Promise<Uint8Array> =>
    new Promise((resolve, reject) => {
      let parsed: URL;
      try {
        parsed = new URL(target);
      } catch {
        reject(new DownloadError(target, 'not a valid URL'));
        return;
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
        reject(new DownloadError(target, `unsupported protocol ${parsed.protocol}; expected http: or https:`));
        return;
      }
      const request = parsed.protocol === 'https:' ? httpsRequest : httpRequest;
      let settled = false;
      const finish = (error: Error | null, body?: Uint8Array) => {
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
          if (redirectsLeft <= 0) return finish(new DownloadError(target, 'too many redirects'));
          const next = new URL(res.headers.location, target).href;
          once(next, redirectsLeft - 1).then((b) => finish(null, b), (e: Error) => finish(e));
          return;
        }
        if (status !== 200) {
          res.resume();
          return finish(new DownloadError(target, `HTTP ${status}; expected 200`));
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
          const expected = Number(res.headers['content-length']);
          if (res.headers['content-length'] !== undefined && expected !== size) {
            return finish(new DownloadError(target, `body has ${size} bytes; Content-Length said ${expected}`));
          }
          finish(null, new Uint8Array(Buffer.concat(chunks)));
        });
      });
      req.end();
    });
  return once(url, limits.maxRedirects ?? 5);
}
