import { readFileSync } from 'node:fs';
import { parseDocument } from '../src/pipeline/index.ts';
import { editionItems } from '../src/history/items.ts';
const [file, ...nums] = process.argv.slice(2);
const it = editionItems(parseDocument(readFileSync(`/work/shared/rules/en-archive/${file}.txt`), file!, { lang: 'en' }));
for (const r of it.rules) if (nums.some((n) => r.number === n || (n.endsWith('*') && r.number.startsWith(n.slice(0, -1))))) console.log(r.number, '|', r.text);
