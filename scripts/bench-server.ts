/**
 * Server numbers for `npm run bench`: requests per second and p50/p99 latency of scripts/server.ts
 * serving dist/, run in its own process, for a mix of pages, an asset, a redirect and a 404, at
 * 10 and 100 concurrent keep-alive clients (5 s each, after a 1 s warm-up). 127.0.0.1 only.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { quantile } from './stats.ts';
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

export async function benchServer(table: (h: string[], rows: (string | number)[][]) => string): Promise<string> {
  if (!existsSync(join(DIST, 'build.json'))) return 'Server: no finished build in dist/ (npm run build first)';
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/server.ts', DIST, '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise<string>((ok, fail) => {
      child.stdout.once('data', (d: Buffer) => ok(d.toString().trim()));
      child.once('exit', () => fail(new Error('server exited')));
    });
    const port = Number(new URL(url).port);
    const rows: (string | number)[][] = [];
    for (const [clients, gzip] of [[10, false], [100, false], [100, true]] as const) {
      await load(port, clients, 1, gzip); // warm-up
      const r = await load(port, clients, 5, gzip);
      rows.push([`${clients} clients${gzip ? ', br/gzip' : ''}`, r.requests, r.rps.toFixed(0), r.p50.toFixed(2), r.p99.toFixed(2), r.errors]);
    }
    return `Server (scripts/server.ts on dist/, own process; ${PATHS.length} paths in turn: pages, a redirect, a 404, an asset; 5 s per row)\n${table(['load', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors'], rows)}`;
  } finally {
    child.kill();
  }
}
