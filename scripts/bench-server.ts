/**
 * Server numbers for `npm run bench`: requests per second and p50/p99 latency of scripts/server.ts
 * serving dist/, run in its own process, for a mix of pages, an asset, a redirect and a 404, at
 * 10 and 100 concurrent keep-alive clients: per row a 1 s warm-up, then 3 runs of 3 s, and the median of
 * the runs' requests/s, p50 and p99 (one busy moment on a shared machine moves one run, not the row).
 * 127.0.0.1 only. `server` (a script that serves DIR on PORT and prints its URL) lets a variant be compared.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { median, quantile } from './stats.ts';
import { DIST, ROOT } from './start.ts';

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
    return `Server (${server} on dist/, own process; ${PATHS.length} paths in turn: pages, a redirect, a 404, an asset; per row the median of 3 runs of 3 s)\n${table(['load', 'requests (3 runs)', 'req/s', 'p50 ms', 'p99 ms', 'errors'], rows)}`;
  } finally {
    child.kill();
  }
}
