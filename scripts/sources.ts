/**
 * `npm run -s cr -- sources [--offline] [--allow-missing]`: which documents the build would use, from
 * where, what it would download and what is missing, under the same settings as `npm run data`.
 * Never downloads. Exit 1 when the build would stop (a checksum mismatch, or a missing document
 * without --allow-missing).
 */
import { UsageError, parseOptions } from './args.ts';
import { describeResolved, describeSettings, resolveSources, sourceProblems, type SourceSettings } from '../src/pipeline/sources.ts';

export async function describeSources(settings: SourceSettings): Promise<{ text: string; ok: boolean }> {
  const resolved = await resolveSources({ settings, plan: true });
  const problems = sourceProblems(resolved, settings);
  const verdict = problems.length === 0 ? 'the build would go ahead' : `the build would stop:\n${problems.map((p) => `  ${p}`).join('\n')}`;
  return { text: `${describeSettings(settings)}\n${describeResolved(resolved)}\n${verdict}\n`, ok: problems.length === 0 };
}

/** `--offline` and `--allow-missing` (shared by `cr data`, `cr sources` and `npm run build`); UsageError on anything else. */
export function parseSourceFlags(args: string[]): { offline: boolean; allowMissing: boolean } {
  const { values, positionals } = parseOptions(args, { offline: { type: 'boolean' }, 'allow-missing': { type: 'boolean' } });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"; expected only --offline or --allow-missing`);
  return { offline: values.offline === true, allowMissing: values['allow-missing'] === true };
}
