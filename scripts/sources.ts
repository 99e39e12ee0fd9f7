/** `npm run -s cr -- sources`: which documents the build would use, from where, and what is missing. */
import { describeResolved, resolveSources } from '../src/pipeline/sources.ts';

export async function describeSources(): Promise<string> {
  return `${describeResolved(await resolveSources({ download: false }))}\n`;
}
