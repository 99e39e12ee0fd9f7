import { readFileSync } from 'node:fs';
import type { HistoryStore } from '../src/history/store.ts';
const store = JSON.parse(readFileSync('/tmp/i11/store.json', 'utf8')) as HistoryStore;
for (const n of process.argv.slice(2)) for (const chain of store.rules) if (chain.some((s) => s[2] === n)) console.log(n, JSON.stringify(chain.map((s) => [store.editions[s[0]], store.editions[s[1]], s[2], store.texts[s[3]]!.slice(0, 70)])));
