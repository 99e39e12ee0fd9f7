/**
 * A search session of one language and edition for Node callers that want it at once (tests,
 * scripts/bench/relevance.ts, the bench): the same searcher as `cr search` (search-cache.ts), with the
 * catalog read and checked here. The command line itself (scripts/search.ts) takes the lighter,
 * asynchronous path that loads the schemas only when its kept copies do not match.
 */
import { readCatalog } from '../src/pipeline/generated.ts';
import type { Lang } from '../src/model/types.ts';
import { SearchSession } from '../src/search/session.ts';
import { preparedSearcher, UsageError } from './search-cache.ts';
import { loadBundle, loadHead } from './build/search-index.ts';

/** Builds a session for a language and edition with a Node loader for the bridged bundles. */
export function nodeSession(lang: Lang, edition?: string): SearchSession {
  const catalog = readCatalog();
  const e = edition
    ? catalog.editions.find((x) => x.lang === lang && x.edition === edition)
    : catalog.editions.find((x) => x.lang === lang && x.latest);
  if (!e) {
    const known = catalog.editions.filter((x) => x.lang === lang).map((x) => x.edition);
    throw new UsageError(`no ${lang} edition ${edition ?? '(latest)'}; known: ${known.join(', ') || 'none'}`);
  }
  // Other languages' bundles come as heads, as in the browser (a cross-language query loads no
  // second full bundle).
  const id = `${lang}-${e.edition}`;
  return new SearchSession(preparedSearcher(id, loadBundle(id)), async (other) => loadHead(other));
}
