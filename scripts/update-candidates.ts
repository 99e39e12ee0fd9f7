/**
 * Where `cr update` looks for a newer document, bounded: a directory or file (regular files only,
 * each under the size cap), or an address fetched with the build's downloader (connect and total
 * timeouts, one retry, the size cap, at most 5 redirects and only to http(s), a progress line per
 * attempt). A page is followed to the `.txt` files it links, at most MAX_LINKS of them (those whose
 * names carry the latest dates first); every link not followed is reported with the reason.
 * Candidates are yielded one at a time, so memory holds one document however many are linked.
 */
import { closeSync, existsSync, openSync, readSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DownloadError, MAX_DOWNLOAD_BYTES, downloadWithRetry, refusedAddress, type DownloadLimits } from '../src/pipeline/download.ts';

/** Links followed from one page at most: the official page links one text; an archive page may link dozens. */
export const MAX_LINKS = 10;

export interface Candidate {
  /** Where it was found (a path or URL). */
  origin: string;
  /** The address its bytes came from (after redirects), for a downloaded one. */
  url?: string;
  bytes: Uint8Array;
}

/** A candidate, or a line about something not examined: `failed` when it could not be read (it might have been newer). */
export type Found = { candidate: Candidate } | { note: string; failed?: boolean };

export interface FetchContext {
  limits: DownloadLimits;
  retries: number;
  /** Progress lines (stderr in the CLI). */
  log: (line: string) => void;
}

/** Something that stops the update before any candidate: the address or directory itself cannot be read. */
export class UpdateSourceError extends Error {}

/** The date a file name carries (`MagicCompRules 20260116.txt`, `…-2026-01-16.txt`), for ordering; '' when none. */
export function nameDate(name: string): string {
  let plain = name;
  try {
    plain = decodeURIComponent(name); // `MagicCompRules%2020260116.txt`: the %20 is not part of the date
  } catch {
    /* a stray % */
  }
  const m = [...plain.matchAll(/(?<!\d)((?:19|20)\d{2})-?(\d{2})-?(\d{2})(?!\d)/g)].at(-1);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : '';
}

/** The `.txt` links of a page, resolved against its address, in page order, each once. */
export function pageLinks(html: string, base: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/href\s*=\s*["']([^"']+\.txt)["']/gi)) {
    const raw = m[1]!.replace(/&amp;/g, '&');
    try {
      out.add(new URL(raw, base).href);
    } catch {
      out.add(raw);
    }
  }
  return [...out];
}

/** Reads a regular file of at most `max` bytes (a file that grows past the cap while read is refused too). */
function readCapped(path: string, max: number): Uint8Array | string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(max + 1);
    let size = 0;
    for (let n; size <= max && (n = readSync(fd, buffer, size, max + 1 - size, null)) > 0; ) size += n;
    return size > max ? `larger than ${max} bytes; expected a rules text` : new Uint8Array(buffer.subarray(0, size));
  } finally {
    closeSync(fd);
  }
}

function* fromDisk(from: string): Generator<Found> {
  const path = resolve(from);
  if (!existsSync(path)) throw new UpdateSourceError(`${from}: no such directory or file`);
  const top = statSync(path);
  const files = top.isDirectory() ? readdirSync(path).filter((f) => f.toLowerCase().endsWith('.txt')).sort().map((f) => join(path, f)) : [path];
  for (const file of files) {
    // statSync follows a symlink: one to /dev/zero is a device, a FIFO would block a read forever.
    const st = statSync(file, { throwIfNoEntry: false });
    if (!st?.isFile()) {
      const what = !st ? 'gone' : st.isDirectory() ? 'a directory' : st.isFIFO() ? 'a FIFO' : st.isCharacterDevice() || st.isBlockDevice() ? 'a device' : 'not a regular file';
      if (file === path) throw new UpdateSourceError(`${from}: ${what}; expected a directory or a regular file`);
      yield { note: `skipped ${file}: ${what}; expected a regular file` };
      continue;
    }
    if (st.size > MAX_DOWNLOAD_BYTES) {
      yield { note: `skipped ${file}: ${st.size} bytes, larger than ${MAX_DOWNLOAD_BYTES}; expected a rules text` };
      continue;
    }
    const bytes = readCapped(file, MAX_DOWNLOAD_BYTES);
    if (typeof bytes === 'string') yield { note: `skipped ${file}: ${bytes}` };
    else yield { candidate: { origin: file, bytes } };
  }
}

async function* fromAddress(from: string, ctx: FetchContext): AsyncGenerator<Found> {
  const refused = refusedAddress(from);
  if (refused) throw new UpdateSourceError(`${from}: ${refused}`);
  let page;
  try {
    page = await downloadWithRetry(from, ctx.limits, ctx.retries, ctx.log, 'page');
  } catch (e) {
    throw new UpdateSourceError(e instanceof DownloadError ? e.message : `${from}: ${(e as Error).message}`);
  }
  if (!/html/i.test(page.contentType)) {
    yield { candidate: { origin: from, url: page.url, bytes: page.bytes } };
    return;
  }
  // A page (the official rules page): the .txt files it links.
  const links = pageLinks(new TextDecoder().decode(page.bytes), page.url);
  if (links.length === 0) throw new UpdateSourceError(`${from}: the page links to no .txt file`);
  const allowed: string[] = [];
  for (const link of links) {
    const why = refusedAddress(link, page.url);
    if (why) yield { note: `refused link ${link}: ${why}` };
    else allowed.push(link);
  }
  // Newest-named first (stable: page order among equals), then the cap.
  const ordered = allowed.map((link, i) => ({ link, i, date: nameDate(new URL(link).pathname) })).sort((a, b) => b.date.localeCompare(a.date) || a.i - b.i);
  const followed = ordered.slice(0, MAX_LINKS);
  if (ordered.length > MAX_LINKS) {
    yield { note: `not followed: ${ordered.length - MAX_LINKS} of the page's ${ordered.length} .txt links (at most ${MAX_LINKS} are followed from one page, the latest dates in their names first; the first not followed: ${ordered[MAX_LINKS]!.link})` };
  }
  for (const [k, { link }] of followed.entries()) {
    try {
      const got = await downloadWithRetry(link, ctx.limits, ctx.retries, ctx.log, `link ${k + 1} of ${followed.length}`);
      yield { candidate: { origin: link, url: got.url, bytes: got.bytes } };
    } catch (e) {
      yield { note: `could not read link ${(e as Error).message}`, failed: true };
    }
  }
}

/** Every candidate at `from` (a directory, a file, or an http(s) address), one at a time. */
export async function* candidatesFrom(from: string, ctx: FetchContext): AsyncGenerator<Found> {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(from)) yield* fromAddress(from, ctx);
  else yield* fromDisk(from);
}
