/**
 * Sandbox data for the site: validates every scenario in content/scenarios/ (JSON Schema + the engine's own
 * checks; a problem fails the build with the file, the JSON path and what was expected) and writes
 *
 *   {outDir}/sandbox/index.json              { version, latest, editions, examples: {"{edition}|{rule}|{ordinal}": id} }
 *   {outDir}/sandbox/scenarios/{id}.json     one scenario each (minified)
 *
 * A newer English edition no scenario names gets the scenarios whose example text it prints unchanged
 * (scripts/sandbox-carry.ts). Call with `public/` before `astro build` or with `dist/` after it. Both outputs are generated: gitignore
 * `public/sandbox/` (dist/ already is).
 *
 * `tsx scripts/build/sandbox-data.ts [OUT_DIR]` runs it from the command line (default: public).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { Scenario } from '../../src/engine/index.ts';
import { SANDBOX_DIR, exampleKey, type SandboxManifest } from '../../src/sandbox/manifest.ts';
import { hasCatalog, readCatalog, readDocument } from '../../src/pipeline/generated.ts';
import { examplesOf } from '../../src/engine/example-match.ts';
import { japaneseNames } from '../../src/sandbox/local-names.ts';
import type { SiteScenario } from '../../src/sandbox/manifest.ts';
import { loadManifest } from '../../src/pipeline/sources.ts';
import { loadScenario, scenarioFiles, SCENARIO_DIR } from '../scenario.ts';
import { replaceDirectorySync } from './replace-dir.ts';
import { carrySource, carryToEdition } from '../sandbox-carry.ts';
import { PROJECT_ROOT } from '../../src/pipeline/sources.ts';

const ROOT = PROJECT_ROOT;

export interface SandboxDataOptions {
  /** Scenario directory (default content/scenarios). */
  scenarioDir?: string;
  /** Latest edition per language; default: src/generated/catalog.json, else the newest edition per language in content/manifest.json. */
  latest?: Record<string, string>;
  /** Editions per language; default from the same sources. */
  editions?: Record<string, string[]>;
}

export class SandboxDataError extends Error {
  constructor(public readonly problems: string[]) {
    super(`sandbox data: ${problems.length} problem(s) in the scenarios:\n  ${problems.join('\n  ')}`);
    this.name = 'SandboxDataError';
  }
}

/** Latest edition and published editions per language, from the site's catalog (or the source manifest). */
export function siteEditions(root = ROOT): { latest: Record<string, string>; editions: Record<string, string[]> } {
  const latest: Record<string, string> = {};
  const editions: Record<string, string[]> = {};
  const add = (lang: string, edition: string) => {
    const list = (editions[lang] ??= []);
    if (!list.includes(edition)) list.push(edition);
  };
  if (hasCatalog(root)) {
    for (const e of readCatalog(root).editions) {
      add(e.lang, e.edition);
      if (e.latest) latest[e.lang] = e.edition;
    }
  } else {
    for (const s of loadManifest(root).sources) add(s.lang, s.edition);
  }
  for (const [lang, list] of Object.entries(editions)) {
    list.sort().reverse();
    latest[lang] ??= list[0]!;
  }
  return { latest, editions };
}

const ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** Validates every scenario and writes the sandbox data under `outDir`. Throws SandboxDataError naming file and field. */
export async function writeSandboxData(outDir: string, opts: SandboxDataOptions = {}): Promise<{ scenarios: number; carried: number }> {
  const files = scenarioFiles(opts.scenarioDir ?? SCENARIO_DIR);
  const problems: string[] = [];
  const examples: Record<string, string> = {};
  const owner = new Map<string, string>(); // key or id → file
  const scenarios: Scenario[] = [];
  for (const file of files) {
    const loaded = loadScenario(file);
    const rel = file.startsWith(ROOT) ? file.slice(ROOT.length + 1) : file;
    if (!loaded.scenario) {
      problems.push(...loaded.errors.map((e) => e.replace(file, rel)));
      continue;
    }
    const s = loaded.scenario;
    if (!ID.test(s.id)) problems.push(`${rel}: $.id: "${s.id}" can't be a file name (letters, digits, - and _ only)`);
    const prevId = owner.get(`id:${s.id}`);
    if (prevId) problems.push(`${rel}: $.id: "${s.id}" is already the id of ${prevId}`);
    owner.set(`id:${s.id}`, rel);
    s.attach.forEach((a, i) => {
      const key = exampleKey(a.edition, a.rule, a.example);
      const prev = owner.get(`ex:${key}`);
      if (prev) problems.push(`${rel}: $.attach[${i}]: example ${a.rule}:${a.example} of ${a.edition} already has a scenario (${prev})`);
      owner.set(`ex:${key}`, rel);
      examples[key] = s.id;
    });
    scenarios.push(s);
  }
  if (problems.length) throw new SandboxDataError(problems);

  const site = opts.latest && opts.editions ? { latest: opts.latest, editions: opts.editions } : siteEditions();
  const extra = carryToNewEditions(scenarios, opts.editions ?? site.editions, examples);
  const manifest: SandboxManifest = {
    version: 1,
    latest: opts.latest ?? site.latest,
    editions: opts.editions ?? site.editions,
    examples: Object.fromEntries(Object.entries(examples).sort(([a], [b]) => a.localeCompare(b))),
  };
  const names = localNamesFor(scenarios, manifest.editions);
  // Written whole into a fresh directory, then swapped in (scripts/build/replace-dir.ts): never half a set.
  replaceDirectorySync(join(outDir, SANDBOX_DIR), (dir) => {
    mkdirSync(join(dir, 'scenarios'), { recursive: true });
    writeFileSync(join(dir, 'index.json'), `${JSON.stringify(manifest)}\n`);
    for (const s0 of scenarios) {
      const s = extra.has(s0.id) ? { ...s0, attach: [...s0.attach, ...extra.get(s0.id)!] } : s0;
      const out: SiteScenario = names.has(s.id) ? { ...s, localNames: names.get(s.id)! } : s;
      writeFileSync(join(dir, 'scenarios', `${s.id}.json`), `${JSON.stringify(out)}\n`);
    }
  });
  return { scenarios: scenarios.length, carried: [...extra.values()].reduce((n, a) => n + a.length, 0) };
}

/**
 * English editions of the site that no scenario names (a newer edition `cr update` added): each scenario
 * follows its example there when the text is the same (scripts/sandbox-carry.ts). Adds the examples' keys
 * to `examples` and returns the extra attachments per scenario id (an edition the schema does not list:
 * the site's scenario files carry it, the scenario files in content/ do not).
 */
function carryToNewEditions(scenarios: Scenario[], editions: Record<string, string[]>, examples: Record<string, string>): Map<string, Scenario['attach']> {
  const extra = new Map<string, Scenario['attach']>();
  if (!hasCatalog()) return extra;
  const generated = new Set(readCatalog().editions.filter((e) => e.lang === 'en').map((e) => e.edition));
  const named = new Set<string>(scenarios.flatMap((s) => s.attach.map((a) => a.edition)));
  for (const edition of editions['en'] ?? []) {
    const from = carrySource(scenarios, edition);
    if (named.has(edition) || !from || !generated.has(edition) || !generated.has(from)) continue;
    for (const c of carryToEdition(scenarios, from, edition).carried) {
      examples[exampleKey(edition, c.to.rule, c.to.ordinal)] = c.id;
      const attach = { edition, rule: c.to.rule, example: c.to.ordinal, ruleset: c.ruleset } as unknown as Scenario['attach'][number];
      extra.set(c.id, [...(extra.get(c.id) ?? []), attach]);
    }
  }
  return extra;
}

/**
 * Card names as the Japanese examples write them (src/sandbox/local-names.ts), for every scenario attached to an
 * example of an edition the site has in both English and Japanese. Without generated documents: none.
 */
export function localNamesFor(scenarios: Scenario[], editions: Record<string, string[]>, root = ROOT): Map<string, SiteScenario['localNames']> {
  const out = new Map<string, SiteScenario['localNames']>();
  if (!hasCatalog(root)) return out;
  const both = (editions['ja'] ?? []).filter((e) => (editions['en'] ?? []).includes(e));
  const texts = new Map(both.map((e) => {
    const index = (lang: 'en' | 'ja') => new Map(examplesOf(readDocument(lang, e, root)).map((x) => [`${x.rule}#${x.ordinal}`, x.text]));
    return [e, { en: index('en'), ja: index('ja') }] as const;
  }));
  for (const s of scenarios) {
    for (const a of s.attach) {
      const t = texts.get(a.edition);
      const en = t?.en.get(`${a.rule}#${a.example}`);
      const ja = t?.ja.get(`${a.rule}#${a.example}`);
      const names = en && ja ? japaneseNames(s, en, ja) : null;
      if (names) out.set(s.id, { ja: names });
    }
  }
  return out;
}

if (process.argv[1] && basename(process.argv[1]) === 'sandbox-data.ts') {
  const out = resolve(process.argv[2] ?? join(ROOT, 'public'));
  writeSandboxData(out).then(
    (r) => console.log(`sandbox: ${r.scenarios} scenarios → ${join(out, SANDBOX_DIR)}`),
    (e: Error) => {
      console.error(e.message);
      process.exit(1);
    },
  );
}
