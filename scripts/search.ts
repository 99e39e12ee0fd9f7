/**
 * `npm run -s cr -- search --lang en|ja|ko [--edition YYYY-MM-DD] [--batch] [QUERY]`
 *
 * Uses the same search core as the browser worker (src/search/). With `--batch`, reads one query
 * per line from stdin and prints one JSON line per query:
 *   {"query": …, "results": [{"number": …, "lang": …, "snippet": …}, …]}   (top 10, best first)
 * Without `--batch`, prints the same for QUERY, plus readable lines on stderr when stdout is a TTY.
 */
import { LANGS, isLang } from '../src/i18n/locales.ts';
import { parseOptions } from './args.ts';
import { catalogEditions, loadSearcher, UsageError } from './search-cache.ts';
import { SearchSession } from '../src/search/session.ts';
import type { Lang } from '../src/model/types.ts';

const USAGE = `usage: cr search --lang ${LANGS.join('|')} [--edition YYYY-MM-DD] [--batch] [QUERY]`;

/**
 * The session `cr search` asks: as nodeSession (search-session.ts), but from search-cache.ts's kept
 * copies, so that one query loads neither the schemas nor the bundle builder when they match.
 */
async function cliSession(lang: Lang, edition?: string): Promise<SearchSession> {
  const editions = await catalogEditions();
  const e = edition ? editions.find((x) => x.lang === lang && x.edition === edition) : editions.find((x) => x.lang === lang && x.latest);
  if (!e) {
    const known = editions.filter((x) => x.lang === lang).map((x) => x.edition);
    throw new UsageError(`no ${lang} edition ${edition ?? '(latest)'}; known: ${known.join(', ') || 'none'}`);
  }
  return new SearchSession(await loadSearcher(`${lang}-${e.edition}`), async (id) => (await import('./build/search-index.ts')).loadHead(id));
}


function line(query: string, hits: { number: string; lang: Lang; snippet: string }[]): string {
  return JSON.stringify({ query, results: hits.map((h) => ({ number: h.number, lang: h.lang, snippet: h.snippet })) });
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function runSearchCommand(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseOptions(args, { lang: { type: 'string' }, edition: { type: 'string' }, batch: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } });
  } catch (e) {
    process.stderr.write(`cr search: ${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals: rest } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const { lang, edition } = values;
  const batch = values.batch ?? false;
  if (!isLang(lang)) {
    process.stderr.write(`cr search: --lang must be ${LANGS.slice(0, -1).join(', ')} or ${LANGS.at(-1)}\n${USAGE}\n`);
    return 2;
  }
  if (edition !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(edition)) {
    process.stderr.write(`cr search: --edition must be YYYY-MM-DD, not "${edition}"\n`);
    return 2;
  }
  let session: SearchSession;
  try {
    session = await cliSession(lang as Lang, edition);
  } catch (e) {
    process.stderr.write(`cr search: ${(e as Error).message}\n`);
    return e instanceof UsageError ? 2 : 1;
  }
  if (batch) {
    const input = await readStdin();
    const out: string[] = [];
    for (const raw of input.split(/\r?\n/)) {
      const query = raw.trim();
      if (!query) continue;
      out.push(line(raw.replace(/\r$/, ''), await session.search(query, 10)));
    }
    process.stdout.write(out.length ? `${out.join('\n')}\n` : '');
    return 0;
  }
  const query = rest.join(' ').trim();
  if (!query) {
    process.stderr.write(`cr search: give a QUERY or --batch\n${USAGE}\n`);
    return 2;
  }
  const hits = await session.search(query, 10);
  process.stdout.write(`${line(query, hits)}\n`);
  if (process.stderr.isTTY) {
    for (const h of hits) process.stderr.write(`${h.number.padEnd(9)} [${h.lang} ${h.via}] ${h.snippet.slice(0, 100)}\n`);
  }
  return 0;
}
