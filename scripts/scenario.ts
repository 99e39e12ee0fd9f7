/**
 * `npm run -s cr -- scenario FILE [--json] [--edition E] [--set PATH=VALUE …]`   run one scenario, print its trace
 * `npm run -s cr -- scenario --all [--json]`                                   run every scenario in content/scenarios
 * `npm run -s cr -- scenario --check`                                          validate every scenario, run nothing
 * `npm run -s cr -- scenario --schema`                                         write content/scenarios/scenario.schema.json from src/engine/schema.ts
 * `npm run -s cr -- scenario --crosswalk`                                      print how the engine maps the rules it cites to 2026 (history + overrides)
 *
 * Exit code 1 when an expectation fails or a scenario is invalid (the message names the file, JSON path and what
 * was expected); 2 for a usage error.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenarioJsonSchema } from '../src/engine/schema.ts';
import { checkScenario, runScenario, validateScenario, type RunResult, type Scenario } from '../src/engine/index.ts';
import { CROSSWALK_2019_2026, CROSSWALK_OVERRIDES } from '../src/engine/crosswalk.ts';
import { parseOptions } from './args.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SCENARIO_DIR = join(ROOT, 'content/scenarios');
export const SCHEMA_FILE = join(SCENARIO_DIR, 'scenario.schema.json');

/** The text of the published JSON Schema, as generated from the zod description (src/engine/schema.ts). */
export function schemaFileText(): string {
  return `${JSON.stringify(scenarioJsonSchema(), null, 1)}\n`;
}

export interface LoadedScenario {
  file: string;
  scenario?: Scenario;
  errors: string[];
}

/** Read, parse and validate one scenario file. Never throws: problems are returned as messages. */
export function loadScenario(file: string): LoadedScenario {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return { file, errors: [`${file}: cannot read: ${(e as NodeJS.ErrnoException).code ?? String(e)}`] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { file, errors: [`${file}: not valid JSON: ${(e as Error).message}`] };
  }
  const v = validateScenario(json);
  if (!v.scenario) return { file, errors: v.errors.map((e) => `${file}: ${e.path}: ${e.message}`) };
  const scenario = v.scenario as Scenario;
  const more = checkScenario(scenario);
  if (more.length) return { file, errors: more.map((e) => `${file}: ${e.path}: ${e.message}`) };
  return { file, scenario, errors: [] };
}

export function scenarioFiles(dir = SCENARIO_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'scenario.schema.json')
    .sort()
    .map((f) => join(dir, f));
}

/** Run a scenario under its own ruleset and under each edition it is compared with. */
export function runAllEditions(s: Scenario): RunResult[] {
  const out = [runScenario(s)];
  for (const c of s.compare ?? []) out.push(runScenario(s, { edition: c.ruleset }));
  return out;
}

function formatRun(r: RunResult): string {
  const lines: string[] = [`scenario ${r.id} (rules ${r.edition})${r.modified ? ' — modified, not the CR example' : ''}`];
  for (const st of r.steps) {
    lines.push(`\n[${st.index}] ${st.description}${st.skipped ? '' : ''}`);
    for (const e of st.entries) lines.push(`    ${e.rules.length ? `(${e.rules.join(', ')}) ` : ''}${e.text}`);
    if (st.result !== undefined) lines.push(`    → ${JSON.stringify(st.result)}`);
    if (st.illegal) lines.push(`    ✗ illegal (${st.illegal.rule}): ${st.illegal.text}`);
    if (st.error) lines.push(`    ! ${st.error}`);
    const fails = r.expectations.filter((e) => e.step === st.index && !e.passed);
    for (const f of fails) lines.push(`    ✗ expected ${f.path} = ${JSON.stringify(f.expected)}, got ${JSON.stringify(f.actual)}`);
  }
  lines.push('\nfinal state:');
  for (const p of ['P1', 'P2'] as const) {
    const ps = r.final.players[p];
    lines.push(`  ${p}: life ${ps.life}${ps.poison ? `, poison ${ps.poison}` : ''}${ps.pool ? `, pool ${ps.pool}` : ''}, hand ${ps.hand}, library ${ps.library}, graveyard [${ps.graveyard.join(', ')}]${ps.lost ? `, lost (${ps.lost})` : ''}`);
  }
  for (const [id, o] of Object.entries(r.final.objects)) {
    if (/^P[12]-(library|hand)\d+$/.test(id)) continue;
    const pt = o.power !== undefined ? ` ${o.power}/${o.toughness}` : '';
    const cs = Object.entries(o.counters).map(([k, n]) => `${n}×${k}`).join(' ');
    lines.push(`  ${id} (${o.name}): ${o.zone}${pt}${o.tapped ? ', tapped' : ''}${o.damage ? `, ${o.damage} damage` : ''}${cs ? `, ${cs}` : ''}`);
  }
  const failed = r.expectations.filter((e) => !e.passed).length;
  lines.push(`\n${r.passed ? 'PASS' : 'FAIL'}: ${r.expectations.length - failed}/${r.expectations.length} expectations met${r.errors.length ? `; ${r.errors.length} error(s)` : ''}`);
  return lines.join('\n');
}

function parseValue(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

const SCENARIO_USAGE = 'usage: cr scenario FILE [--json] [--edition E] [--set PATH=VALUE]… | --all [--json] | --check | --schema | --crosswalk';

export async function runScenarioCommand(args: string[]): Promise<number> {
  const out = (s: string) => process.stdout.write(`${s}\n`);
  const err = (s: string) => process.stderr.write(`${s}\n`);
  let parsed;
  try {
    parsed = parseOptions(args, {
      json: { type: 'boolean' }, all: { type: 'boolean' }, check: { type: 'boolean' }, crosswalk: { type: 'boolean' }, schema: { type: 'boolean' },
      edition: { type: 'string' }, set: { type: 'string', multiple: true },
    });
  } catch (e) {
    err(`cr scenario: ${(e as Error).message}\n${SCENARIO_USAGE}`);
    return 2;
  }
  const { values: opts, positionals: files } = parsed;
  const json = opts.json ?? false;
  if (opts.schema) {
    writeFileSync(SCHEMA_FILE, schemaFileText());
    out(`wrote ${SCHEMA_FILE}`);
    return 0;
  }
  if (opts.crosswalk) {
    // every rule cited by the scenarios' traces and expectations
    const cited = new Set<string>();
    for (const f of scenarioFiles()) {
      const l = loadScenario(f);
      if (!l.scenario) continue;
      for (const st of runScenario(l.scenario).steps) for (const e of st.entries) for (const r of e.rules) cited.add(r);
      JSON.stringify(l.scenario).replace(/"([1-9][0-9]{2}\.[0-9]+[a-z]?)"/g, (_m, r: string) => (cited.add(r), ''));
    }
    for (const f of readdirSync(join(ROOT, 'src/engine')).filter((x) => x.endsWith('.ts'))) {
      readFileSync(join(ROOT, 'src/engine', f), 'utf8').replace(/'([1-9][0-9]{2}\.[0-9]+[a-z]?)'/g, (_m, r: string) => (cited.add(r), ''));
    }
    out(JSON.stringify(citedCrosswalk([...cited].sort()), null, 1));
    return 0;
  }
  if (opts.all || opts.check) {
    const files = scenarioFiles();
    const results: { id: string; file: string; attach: { edition: string; rule: string; example: number }[]; passed: boolean; editions?: Record<string, boolean>; errors?: string[] }[] = [];
    let bad = 0;
    for (const f of files) {
      const l = loadScenario(f);
      if (!l.scenario) {
        bad++;
        results.push({ id: basename(f, '.json'), file: basename(f), attach: [], passed: false, errors: l.errors });
        if (!json) for (const e of l.errors) err(e);
        continue;
      }
      const s = l.scenario;
      const attach = s.attach.map((a) => ({ edition: a.edition, rule: a.rule, example: a.example }));
      if (opts.check) {
        results.push({ id: s.id, file: basename(f), attach, passed: true });
        continue;
      }
      const runs = runAllEditions(s);
      const passed = runs.every((r) => r.passed);
      if (!passed) bad++;
      const entry: (typeof results)[number] = { id: s.id, file: basename(f), attach, passed, editions: Object.fromEntries(runs.map((r) => [r.edition, r.passed])) };
      const errs = runs.flatMap((r) => [...r.errors, ...r.expectations.filter((e) => !e.passed).map((e) => `[${r.edition}] step ${e.step}: expected ${e.path} = ${JSON.stringify(e.expected)}, got ${JSON.stringify(e.actual)}`)]);
      if (errs.length) entry.errors = errs;
      results.push(entry);
      if (!json) out(`${passed ? 'PASS' : 'FAIL'} ${s.id} (${attach.map((a) => `${a.rule}#${a.example}`).join(', ')})${errs.length ? `\n  ${errs.join('\n  ')}` : ''}`);
    }
    if (json) out(JSON.stringify(results.map(({ id, attach, passed, errors, editions }) => ({ id, attach, passed, ...(editions ? { editions } : {}), ...(errors ? { errors } : {}) })), null, 1));
    else out(`\n${results.length - bad}/${results.length} scenarios passed`);
    return bad ? 1 : 0;
  }
  const edition = opts.edition;
  const overrides: Record<string, unknown> = {};
  for (const kv of opts.set ?? []) {
    const eq = kv.indexOf('=');
    if (eq < 0) {
      err('cr scenario: --set needs PATH=VALUE');
      return 2;
    }
    overrides[kv.slice(0, eq)] = parseValue(kv.slice(eq + 1));
  }
  if (files.length !== 1) {
    err(SCENARIO_USAGE);
    return 2;
  }
  const l = loadScenario(files[0]!);
  if (!l.scenario) {
    if (json) out(JSON.stringify({ file: files[0], valid: false, errors: l.errors }, null, 1));
    for (const e of l.errors) err(e);
    return 1;
  }
  let r: RunResult;
  try {
    r = runScenario(l.scenario, { ...(edition ? { edition } : {}), overrides });
  } catch (e) {
    err(`${files[0]}: ${(e as Error).message}`);
    return 1;
  }
  if (json) out(JSON.stringify(r, null, 1));
  else out(formatRun(r));
  if (!r.passed && !json) {
    for (const f of r.expectations.filter((e) => !e.passed)) err(`${files[0]}: step ${f.step}: expected ${f.path} = ${JSON.stringify(f.expected)}, got ${JSON.stringify(f.actual)}`);
    for (const e of r.errors) err(`${files[0]}: ${e}`);
  }
  return r.passed ? 0 : 1;
}

// ------------------------------------------------------------------ crosswalk
/**
 * The 2019 → 2026 numbers of the rules the engine cites, as the engine translates them (src/engine/crosswalk.ts:
 * the history's crosswalk plus its commented overrides), each marked with where the answer comes from.
 */
function citedCrosswalk(rules: string[]): Record<string, { to: string; from: 'history' | 'override' | 'unchanged' }> {
  const out: Record<string, { to: string; from: 'history' | 'override' | 'unchanged' }> = {};
  for (const r of rules) {
    const to = CROSSWALK_2019_2026[r];
    out[r] = { to: to ?? r, from: r in CROSSWALK_OVERRIDES ? 'override' : to ? 'history' : 'unchanged' };
  }
  return out;
}
