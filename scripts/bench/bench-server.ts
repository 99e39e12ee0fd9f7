/**
 * Server numbers for `npm run bench`: requests per second and p50/p99 latency of scripts/server.ts
 * serving dist/, run in its own process, for a mix of pages, an asset, a redirect and a 404, at
 * 10 and 100 concurrent keep-alive clients: per row a 1 s warm-up, then 3 runs of 3 s, and the median of
 * the runs' requests/s, p50 and p99 (one busy moment on a shared machine moves one run, not the row).
 * Then its memory under 1,000 slow readers (each asks for the largest rules JSON, reads its first bytes and
 * stops): RSS before, while they hold their connections, and after they leave, with how many were
 * answered 200 (at most the per-client cap, the rest 503). 127.0.0.1 only. `server` (a script that serves
 * DIR on PORT and prints its URL) lets a variant be compared.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { median, quantile } from '../stats.ts';
import { DIST, ROOT } from '../start.ts';

const PATHS = ['/', '/en/', '/en/702/', '/ja/', '/ko/', '/en/702', '/en/no-such-page/', '/favicon.svg'];

function one(agent: Agent, port: number, path: string, gzip: boolean): Promise<number> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers: gzip ? { 'accept-encoding': 'br, gzip' } : {} }, (res) => {
      res.resume();
      res.on('end', () => ok(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end();
  });
}

async function load(port: number, clients: number, seconds: number, gzip: boolean) {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = c; Date.now() < end; i++) {
        const t = performance.now();
        try {
          await one(agent, port, PATHS[i % PATHS.length]!, gzip);
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  agent.destroy();
  return { requests: latencies.length, rps: latencies.length / seconds, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), errors };
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** 1,000 clients that read the first bytes of `path` and stop; resolves when each has its status line. */
async function slowReaders(port: number, path: string, n: number): Promise<{ sockets: Socket[]; statuses: Map<string, number> }> {
  const statuses = new Map<string, number>();
  const sockets: Socket[] = [];
  await Promise.all(Array.from({ length: n }, () => new Promise<void>((done) => {
    const s = connect(port, '127.0.0.1', () => s.write(`GET ${path} HTTP/1.1\r\nHost: bench\r\n\r\n`));
    sockets.push(s);
    s.once('data', (d: Buffer) => {
      const status = d.toString('latin1').split(' ')[1] ?? '?';
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      s.pause();
      done();
    });
    s.once('error', () => {
      statuses.set('error', (statuses.get('error') ?? 0) + 1);
      done();
    });
  })));
  return { sockets, statuses };
}

export async function benchServer(table: (h: string[], rows: (string | number)[][]) => string, server = 'scripts/server.ts'): Promise<string> {
  if (!existsSync(join(DIST, 'build.json'))) return 'Server: no finished build in dist/ (npm run build first)';
  const child = spawn(process.execPath, ['--import', 'tsx', server, DIST, '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise<string>((ok, fail) => {
      child.stdout.once('data', (d: Buffer) => ok(d.toString().trim()));
      child.once('exit', () => fail(new Error('server exited')));
    });
    const port = Number(new URL(url).port);
    const rows: (string | number)[][] = [];
    for (const [clients, gzip] of [[10, false], [100, false], [100, true]] as const) {
      await load(port, clients, 1, gzip); // warm-up
      const runs: Awaited<ReturnType<typeof load>>[] = [];
      for (let i = 0; i < 3; i++) runs.push(await load(port, clients, 3, gzip));
      const med = (f: (r: (typeof runs)[number]) => number) => median(runs.map(f));
      rows.push([`${clients} clients${gzip ? ', br/gzip' : ''}`, runs.reduce((n, r) => n + r.requests, 0), med((r) => r.rps).toFixed(0), med((r) => r.p50).toFixed(2), med((r) => r.p99).toFixed(2), runs.reduce((n, r) => n + r.errors, 0)]);
    }
    // Memory under slow readers, on the largest rules JSON of the build.
    const api = join(DIST, 'api/en');
    const latest = readdirSync(api).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort().at(-1);
    let slow = '';
    if (latest) {
      const before = rssMb(child.pid!);
      const { sockets, statuses } = await slowReaders(port, `/api/en/${latest}/rules.json`, 1000);
      const during = rssMb(child.pid!);
      for (const s of sockets) s.destroy();
      await new Promise((ok) => setTimeout(ok, 1000));
      const after = rssMb(child.pid!);
      slow = `\nServer memory under 1,000 slow readers of /api/en/${latest}/rules.json (read the first bytes, then stop): RSS ${before.toFixed(0)} MB before, ${during.toFixed(0)} MB while they hold, ${after.toFixed(0)} MB 1 s after they leave; answers ${[...statuses].sort().map(([k, v]) => `${v} × ${k}`).join(', ')}`;
    }
    return `Server (${server} on dist/, own process; ${PATHS.length} paths in turn: pages, a redirect, a 404, an asset; per row the median of 3 runs of 3 s)\n${table(['load', 'requests (3 runs)', 'req/s', 'p50 ms', 'p99 ms', 'errors'], rows)}${slow}`;
  } finally {
    child.kill();
  }
}
