// Regenerates taxonomy.json from the official ESPD-EDM v4.1.0 files (run by hand on a new version):
//   npx tsx server/analysis/espd/build-taxonomy.ts <ESPD-criterion.xml> <codelists/gc/Criterion.gc>
// The criteria are the taxonomy's own (UUIDs, groups, IDs) so that a response passes the official
// BR-TC rules, which compare every criterion with that file.
import { readFileSync, writeFileSync } from 'node:fs';
import { readEspdRequest } from './read';
import { FRENCH_EXCLUSION_ARTICLES } from './articles';

const [taxonomyPath, codeListPath] = process.argv.slice(2);
if (!taxonomyPath || !codeListPath) throw new Error('usage: build-taxonomy.ts <ESPD-criterion.xml> <Criterion.gc>');

const taxonomy = readEspdRequest(readFileSync(taxonomyPath, 'utf8'));
// eo-group: answered when the company leads a groupement (the French default set does not ask it).
const wanted = new Set([...Object.keys(FRENCH_EXCLUSION_ARTICLES), 'gen-year-to', 'year-manpower', 'eo-group']);
const criteria = taxonomy.criteria.filter((c) => wanted.has(c.code));
const missing = [...wanted].filter((code) => !criteria.some((c) => c.code === code));
if (missing.length) throw new Error(`not in the taxonomy: ${missing.join(', ')}`);

// Criterion.gc rows: code, Name, then one <lang>_label per language; only English and French are kept.
const labels: Record<string, { en: string; fr: string }> = {};
for (const row of readFileSync(codeListPath, 'utf8').split('<Row>').slice(1)) {
  const value = (column: string) => new RegExp(`ColumnRef="${column}">\\s*<SimpleValue>([^<]*)</SimpleValue>`).exec(row)?.[1]?.trim();
  const code = value('code');
  if (code) labels[code] = { en: value('eng_label') ?? value('Name') ?? code, fr: value('fra_label') ?? value('eng_label') ?? code };
}

writeFileSync(new URL('./taxonomy.json', import.meta.url), `${JSON.stringify({ source: 'OP-TED/ESPD-EDM v4.1.0 (EUPL 1.2): xml-examples/ESPD-criterion.xml, codelists/gc/Criterion.gc', labels, criteria }, null, 1)}\n`);
console.info(`${criteria.length} criteria, ${Object.keys(labels).length} labels`);
