/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * FlexSearch's own "light" build (an Index and nothing else: 4.5 KB gzip instead of the full
 * bundle's 17.5 KB). The core asks FlexSearch only which records hold a token (strict tokens, our
 * own encoder), and the worker's size counts in the first download of instant search (issue 13:
 * ≤ 60 KB gzip before the first result). The package's export map names only the full bundle, so
 * the light file is imported by its path; the types are the package's own. Node, the tests, the
 * bench and the browser all run this same build.
 */
// @ts-expect-error the light build ships no declaration file; the package's Index type below applies
import { Index as LightIndex } from '../../node_modules/flexsearch/dist/flexsearch.light.module.min.js';
import type { Index as FlexIndex } from 'flexsearch';

export const Index: typeof FlexIndex = LightIndex;
export type Index = FlexIndex;
