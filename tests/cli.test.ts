/** The `cr parse` contract: JSON shape, exit codes, and an answer within seconds for any input. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED, needs } from './inputs.ts';

const shared = needs(SHARED);
import { EN, ROOT, SEED } from './helpers.ts';
import { hintLine } from '../src/model/diagnostics.ts';

const dir = mkdtempSync(join(tmpdir(), 'cr-cli-'));
const file = (name: string, content: string | Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

/** Runs the CLI; a run that does not finish in 30 s is killed (status null), so a hang fails the test. */
function cr(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/cr.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000, maxBuffer: 64 << 20 });
}

// A small, well-formed English document of our own.
const MINI = [
  'Magic: The Gathering Comprehensive Rules', '', 'These rules are effective as of March 4, 2022.', '',
  '1. Game Concepts', '', '100. General', '', '100.1. These rules apply. See rule 100.1a.', '',
  '100.1a A two-player game. See rules 100.1b-c and section 1.', '', 'Example: An example.', '',
  '100.1b More.', '', '100.1c Even more.', '', 'Glossary', '', 'Game', 'A thing. See rule 100.1.', '', 'Credits', '', 'Us.',
].join('\r\n');

/** One line on stderr, nothing on stdout, no stack trace. */
const usageFailure = (r: ReturnType<typeof cr>, status: number, message: string) => {
  expect(r.status).toBe(status);
  expect(r.stdout).toBe('');
  expect(r.stderr.split('\n')[0]).toContain(message);
  expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/);
};

describe('cr options (node:util parseArgs, strict)', () => {
  it('reads --lang=ko and --lang ko alike, before or after the file', () => {
    const joined = cr('parse', '--lang=ko', SEED.ko1);
    const spaced = cr('parse', SEED.ko1, '--lang', 'ko');
    expect(joined.status).toBe(0);
    expect(JSON.parse(joined.stdout).lang).toBe('ko');
    expect(joined.stdout).toBe(spaced.stdout);
  });
  it('rejects an unknown option or a missing value with one line and exit 1 (never reads it as a file)', () => {
    const unknown = cr('parse', '--langg=ko', SEED.ko1);
    usageFailure(unknown, 1, 'cr: unknown option --langg');
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    usageFailure(cr('parse', SEED.ko1, '--lang'), 1, 'cr: --lang needs a value');
    usageFailure(cr('data', '--fast'), 1, 'cr: unknown option --fast');
  });
  it('cr scenario: --edition=E works; an unknown option or a missing value exits 2 (its convention)', () => {
    const f = join(ROOT, 'content/scenarios/613.4-ex2-gray-ogre.json');
    const r = cr('scenario', f, '--json', '--edition=2019-01-25');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ passed: true });
    usageFailure(cr('scenario', '--all', '--bogus'), 2, 'cr scenario: unknown option --bogus');
    usageFailure(cr('scenario', f, '--set'), 2, 'cr scenario: --set needs a value');
  });
});

describe('cr parse', () => {
  it('prints one JSON document with the contract fields for one file', () => {
    const r = cr('parse', file('mini.txt', MINI));
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ lang: 'en', edition: '2022-03-04' });
    expect(doc.rules.map((x: { number: string }) => x.number)).toEqual(['100', '100.1', '100.1a', '100.1b', '100.1c']);
    expect(doc.rules[2]).toEqual({
      number: '100.1a', kind: 'subrule', text: 'A two-player game. See rules 100.1b-c and section 1.', examples: ['An example.'],
      refs: ['100.1b', '100.1c', '1'], notes: [], line: 11,
    });
    expect(doc.glossary).toEqual([{ term: 'Game', definition: 'A thing. See rule 100.1.', refs: ['100.1'] }]);
    expect(doc.diagnostics).toEqual([]);
  });

  shared.it('prints one JSON line per file for several files, honouring --lang', () => {
    const r = cr('parse', EN('2019-01-25'), SEED.ko1, '--lang', 'ko');
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => JSON.parse(l).lang)).toEqual(['ko', 'ko']);
    const auto = cr('parse', EN('2019-01-25'), SEED.ko1).stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(auto.map((d) => [d.lang, d.edition])).toEqual([['en', '2019-01-25'], ['ko', null]]);
  });

  it.each([
    ['an empty file', '', 'the file is empty'],
    ['binary garbage', new Uint8Array(Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 256)), 'not a Comprehensive Rules document'],
    ['prose without rules', 'Hello.\nThis is a letter, not rules.\n', 'expected numbered rule lines'],
  ])('exits 1 with a one-line message for %s', (_, content, message) => {
    const r = cr('parse', file(`bad-${Math.random()}.txt`, content));
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/); // no stack trace
  });

  it('exits 1 for a file that does not exist, and for a bad --lang', () => {
    expect(cr('parse', join(dir, 'nope.txt'))).toMatchObject({ status: 1, stderr: expect.stringContaining('cannot read: ENOENT') });
    expect(cr('parse', file('mini-lang.txt', MINI), '--lang', 'fr')).toMatchObject({ status: 1, stderr: 'cr: --lang must be en, ja or ko, not "fr"\n' });
  });

  shared.it('answers (never hangs) for a truncated, a shuffled and a 400 000-character-line document', () => {
    const full = readFileSync(EN('2019-01-25'));
    const truncated = cr('parse', file('truncated.txt', full.subarray(0, 300_000)));
    expect(truncated.status).toBe(0);
    const t = JSON.parse(truncated.stdout);
    expect(t.rules.length).toBeGreaterThan(1000);
    const cut = full.subarray(0, 300_000).toString('latin1').split('\r\n');
    const lastWhole = cut.filter((l) => /^\d{3}\.\d/.test(l)).at(-1)!;
    expect(t.rules.at(-1).number).toBe(lastWhole.split(' ')[0]!.replace(/\.$/, '')); // the last numbered line, cut or not

    const lines = full.toString('latin1').split('\r\n');
    let seed = 42;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = lines.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [lines[i], lines[j]] = [lines[j]!, lines[i]!];
    }
    const shuffled = cr('parse', file('shuffled.txt', Buffer.from(lines.join('\r\n'), 'latin1')));
    expect(shuffled.status).toBe(0);
    const s = JSON.parse(shuffled.stdout);
    expect(s.diagnostics.filter((d: { severity: string }) => d.severity === 'error').map((d: { code: string }) => d.code)).toEqual(['not-in-order']);
    // The error is said where it happens too: located on stderr, with the hint and its /diagnostics/ link.
    const error = s.diagnostics.find((d: { code: string }) => d.code === 'not-in-order');
    expect(shuffled.stderr).toBe(`cr: ${error.file}:${error.line}: not-in-order: ${error.message}\n  ${hintLine('not-in-order')}\n`);
    // Nothing is lost: every numbered line of the source is still an entry.
    expect(s.rules).toHaveLength(lines.filter((l) => /^\d{3}\./.test(l)).length);

    const long = cr('parse', file('long.txt', `100. General\n\n100.1. ${'word '.repeat(80_000)}See rule 100.2.\n\n100.2. Two.\n\n100.3. Three.\n`));
    expect(long.status).toBe(0);
    const l = JSON.parse(long.stdout);
    expect(l.rules[1].text).toHaveLength(400_000 + 'See rule 100.2.'.length);
    expect(l.rules[1].refs).toEqual(['100.2']);
    for (const r of [truncated, shuffled, long]) expect(r.signal).toBeNull(); // finished, not killed by the timeout
  });
});

shared.describe('cr parse with several files, on a pipe', () => {
  it('a file that fails never cuts off the documents already printed; exit 1 and one line for it', () => {
    const one = cr('parse', EN('2026-01-16'), EN('2019-01-25'));
    expect(one.status).toBe(0);
    const r = cr('parse', EN('2026-01-16'), join(dir, 'missing.txt'), EN('2019-01-25'));
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`cr: ${join(dir, 'missing.txt')}: cannot read: ENOENT\n`);
    // Both documents in full (each well over the 64 KB a pipe holds), in order, the same as without the bad file.
    expect(r.stdout).toBe(one.stdout);
    expect(r.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l).edition)).toEqual(['2026-01-16', '2019-01-25']);
  });
  it('piped into head, it ends quietly (no EPIPE trace)', () => {
    const r = spawnSync('sh', ['-c', `"${process.execPath}" --import tsx scripts/cr.ts parse "${EN('2026-01-16')}" | head -c 100 > /dev/null`], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
  });
});

describe('cr parse --final: the documents as the site has them (src/pipeline/build-documents.ts)', () => {
  it('the four Korean 2017 chapter posts become one document, in chapter order, with the rules of the generated edition', async () => {
    const posts = ['ko-2017-01-20-part7.txt', 'ko-2017-01-20-part1.txt', 'ko-2017-01-20-part5.txt', 'ko-2017-01-20-part9.txt'].map((f) => join(ROOT, 'content', 'seeds', f));
    const r = cr('parse', '--final', ...posts);
    expect(r.status).toBe(0);
    // One document (printed whole, indented, as for one file), not four lines: merged per language and edition.
    const doc = JSON.parse(r.stdout) as { lang: string; rules: { number: string }[] };
    expect(doc.lang).toBe('ko');
    // Chapters 1, 5, 7, 9, in that order, whatever the order of the files (part 7 came first).
    const chapters = [...new Set(doc.rules.map((x) => x.number[0]))];
    expect(chapters).toEqual(['1', '5', '7', '9']);
    const { readDocument } = await import('../src/pipeline/generated.ts');
    expect(doc.rules.map((x) => x.number)).toEqual(readDocument('ko', '2017-01-20').rules.map((x) => x.number));
  });
});
