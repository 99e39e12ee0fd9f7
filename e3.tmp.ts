import { readDocument } from './src/pipeline/generated.ts';
const d = readDocument('en', '2026-01-16') as any;
const want = new Set(process.argv.slice(2));
const flat = (b: any): string => JSON.stringify(b).replace(/"(type|value|text|term|number)":/g,'').replace(/[{}\[\]"]/g,'').slice(0,900);
for (const r of d.rules) if (want.has(r.number)) console.log(r.number, flat(r.body), '\n');
