/**
 * Replacing a generated directory whole (dist/, src/generated/, public/search/, public/sandbox/): the
 * new content is written into a fresh sibling directory (`.NAME-next-PID`) and put in the target's
 * place by two renames only once it is complete. A failure or an interruption (Ctrl+C, SIGTERM,
 * SIGHUP) removes the unfinished directory and leaves the previous one exactly as it was, so nothing
 * ever reads a half-written directory. A process killed outright (SIGKILL) leaves its sibling behind:
 * the next replacement of the same target removes it (its PID is gone), and puts back a previous
 * directory a kill between the two renames left aside.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { escapeRe } from '../../src/pipeline/alternation.ts';

/** The sibling that holds `target`'s next (`next`) or outgoing (`old`) content for process `pid`. */
export function siblingOf(target: string, kind: 'next' | 'old', pid = process.pid): string {
  return join(dirname(target), `.${basename(target)}-${kind}-${pid}`);
}

function alive(pid: number): boolean {
  if (pid === process.pid) return false; // our own leftovers are never in use when we start over
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Siblings of `target` left by processes that are gone. A previous directory set aside by a process
 * killed between its two renames (target absent, `.NAME-old-PID` present) is renamed back first.
 */
export function clearLeftovers(target: string): string[] {
  const parent = dirname(target);
  if (!existsSync(parent)) return [];
  const pattern = new RegExp(`^\\.${escapeRe(basename(target))}-(next|old)-(\\d+)$`);
  const removed: string[] = [];
  for (const name of readdirSync(parent)) {
    const m = pattern.exec(name);
    if (!m || alive(Number(m[2]))) continue;
    const path = join(parent, name);
    if (m[1] === 'old' && !existsSync(target)) renameSync(path, target);
    else rmSync(path, { recursive: true, force: true });
    removed.push(path);
  }
  return removed;
}

// Cleanups of the replacements under way, run once when a terminating signal arrives; then the
// signal is raised again with no listener left, so the process ends as signalled.
const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const cleanups = new Set<(signal: NodeJS.Signals) => void>();
function onSignal(signal: NodeJS.Signals): void {
  for (const c of [...cleanups].reverse()) {
    try {
      c(signal);
    } catch {
      // the other cleanups still run
    }
  }
  cleanups.clear();
  for (const s of SIGNALS) process.removeListener(s, onSignal);
  process.kill(process.pid, signal);
}

/** Runs `cleanup` if the process is told to stop before the returned function is called. */
export function onInterrupt(cleanup: (signal: NodeJS.Signals) => void): () => void {
  if (cleanups.size === 0) for (const s of SIGNALS) process.on(s, onSignal);
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
    if (cleanups.size === 0) for (const s of SIGNALS) process.removeListener(s, onSignal);
  };
}

/** Puts the finished `next` in `target`'s place; the previous content is removed only after that. */
function swapIn(next: string, target: string): void {
  const old = siblingOf(target, 'old');
  if (existsSync(target)) renameSync(target, old);
  renameSync(next, target);
  rmSync(old, { recursive: true, force: true });
}

/**
 * Starts a replacement of `target`: a fresh sibling to fill (removed if the process is interrupted), and the two
 * ways it ends. `commit` swaps it in and returns the result; `abandon` removes it and returns the error to rethrow
 * (`target` is untouched). Either way the interrupt watch stops. Shared by the async and the sync form.
 */
function begin(target: string): { next: string; commit: <T>(result: T) => T; abandon: (e: unknown) => unknown } {
  clearLeftovers(target);
  const next = siblingOf(target, 'next');
  rmSync(next, { recursive: true, force: true });
  mkdirSync(next, { recursive: true });
  const done = onInterrupt(() => rmSync(next, { recursive: true, force: true }));
  const abandon = (e: unknown) => {
    rmSync(next, { recursive: true, force: true });
    done();
    return e;
  };
  const commit = <T>(result: T): T => {
    try {
      swapIn(next, target);
    } catch (e) {
      throw abandon(e);
    }
    done();
    return result;
  };
  return { next, commit, abandon };
}

/** Fills a fresh directory with `fill` and swaps it in for `target`; on an error `target` is untouched. */
export async function replaceDirectory<T>(target: string, fill: (dir: string) => Promise<T> | T): Promise<T> {
  const { next, commit, abandon } = begin(target);
  const result = await Promise.resolve()
    .then(() => fill(next))
    .catch((e: unknown) => {
      throw abandon(e);
    });
  return commit(result);
}

/** replaceDirectory for a synchronous `fill`. */
export function replaceDirectorySync<T>(target: string, fill: (dir: string) => T): T {
  const { next, commit, abandon } = begin(target);
  let result: T;
  try {
    result = fill(next);
  } catch (e) {
    throw abandon(e);
  }
  return commit(result);
}
