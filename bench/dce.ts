// `npm run bench:dce [-- --set NAME] [--quick]` (issue 23): how well the rules read real DCEs,
// against the hand labels. Prints figures as markdown tables (for docs/dce-analysis.md), never
// fails on them (exit 1 on a crash only). Each labelled set (tests/fixtures/dce-labels/*.json) is
// the files its `kinds` names (SOURCES.md and other files are not documents), read as the product
// reads them: runExtraction, one document per file or ZIP entry, classifyDocument, then
// extractFacts (now = 2025-01-01, so that no deadline is past). A fact is right when its value is
// the label's (sameValue, as tests/api/dce-rules.test.ts compares them).
//  1. facts found, labelled and right, precision (right / found) and recall (right / labelled),
//     per set, overall, on the new sets and on the dev sets (the two the rules were written from);
//  2. the same per key class, overall and per set, and per key overall; then every miss;
//  3. award criteria exactly right per set that states them (every lot group of
//     `awardCriteriaByLots` must equal the product's one flat list), with the first difference;
//  4. right facts that cite a labelled page: one of the fact's (file, page) among the label's sources;
//  5. document kinds right, and the wrong ones;
//  6. CCTP requirements (tests/fixtures/cctp-labels): recall = labelled requirements whose fragment
//     (folded) is inside a found requirement; precision = among found requirements (on the labelled
//     pages) that match a labelled requirement or a labelled non-requirement, the share that match
//     a requirement;
//  7. chat retrieval: every question of tests/fixtures/chat-questions.json and chat-questions/*.json,
//     hit@1 and hit@3 of search() over the set's pages (stripRepeatedLines per part, as the chat
//     indexes them): overall, per set, French and English apart;
//  8. time per set: extraction, facts (classify + extractFacts), CCTP requirements, chat.
// The issue's targets are printed next to the figures. `--set NAME` runs one set; `--quick` (CI)
// runs the two dev sets (or the --set), facts and kinds only (sections 1-5 and 8);
// `--without-held-out` leaves out the held-out sets (while rules are being written).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { extractRequirements, type FoundRequirement } from '../server/analysis/cctp';
import { classifyDocument, extractFacts, type AnalysedDocument, type Criterion, type DocumentKind, type Fact, type FactKey } from '../server/analysis/dce';
import { buildIndex, search, type PageText } from '../server/analysis/retrieval';
import { stripRepeatedLines } from '../server/extraction/clean';
import { runExtraction } from '../server/extraction/run';
import { fold, sameFactValue } from '../tests/support/dce-labels';

const FIXTURES = 'tests/fixtures/dce';
const DCE_LABELS = 'tests/fixtures/dce-labels';
const CCTP_LABELS = 'tests/fixtures/cctp-labels';
const CHAT_QUESTIONS = ['tests/fixtures/chat-questions.json', 'tests/fixtures/chat-questions'];
const NOW = new Date('2025-01-01T00:00:00Z');
const DEV_SETS = new Set(['grenoble-inp_2026FCSSA0025', 'france-travail_010.26_bornes-irve']);
const TARGET = { factsPrecision: 0.95, classRecall: 0.85, cctpRecall: 0.9, cctpPrecision: 0.9, chatHit3: 0.9 };

const KEY_CLASSES: [string, FactKey[]][] = [
  ['dates', ['submissionDeadline', 'questionsDeadline']],
  ['procedure-lots-variants-price-signature-visit', ['procedure', 'lots', 'variantsAllowed', 'priceType', 'electronicSignatureRequired', 'siteVisit']],
  ['validity', ['offerValidityDays']],
  ['criteria', ['awardCriteria']],
  ['free text', ['contractDuration', 'executionDelay', 'warranty', 'penalties', 'submissionPlatform']],
  ['document lists', ['candidatureDocuments', 'offerDocuments']],
  ['file rules', ['fileRules']],
];
const ALL_KEYS: FactKey[] = KEY_CLASSES.flatMap(([, keys]) => keys);

// ---------------------------------------------------------------------------------------------
// Labels

type LabelSource = { file: string; page: number; quote?: string };
type CriteriaGroup = { lots: number[]; criteria: Criterion[] };
type DceLabel = {
  set: string;
  /** "held-out": labelled only after the rules were written, reported apart. */
  group?: 'held-out';
  /** File name -> kind; may hold kinds the product does not know (CCP, CRT, CRF…). */
  kinds: Record<string, string>;
  facts: Partial<Record<FactKey, unknown>> & { awardCriteriaByLots?: CriteriaGroup[] };
  awardCriteriaUnit?: 'percent' | 'points';
  awardCriteriaTotal?: number;
  winnerDocuments?: string[];
  sources?: Record<string, LabelSource[] | undefined>;
  conflicts?: { key: string; what: string }[];
};
type CctpLabel = {
  set: string;
  file: string;
  /** The pages labelled ("1-40", "3,5-7" or a list): found requirements elsewhere are neither right nor wrong. */
  pages?: string | number[];
  requirements: { page: number; section: string; contains: string; kind: string }[];
  notRequirements: string[];
};
type Question = { set: string; question: string; expected: { fileName: string; page: number }[] };

/** What a label says of a key: its value, or for the criteria its lot groups. */
type Expected = { kind: 'value'; value: unknown } | { kind: 'byLots'; groups: CriteriaGroup[] };

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const jsonFiles = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => join(dir, name))
    : [];

function expectedOf(label: DceLabel, key: FactKey): Expected | undefined {
  const value = label.facts[key];
  if (value !== undefined) return { kind: 'value', value };
  if (key === 'awardCriteria' && label.facts.awardCriteriaByLots) return { kind: 'byLots', groups: label.facts.awardCriteriaByLots };
  return undefined;
}

function labelSources(label: DceLabel, key: FactKey): LabelSource[] | undefined {
  return label.sources?.[key] ?? (key === 'awardCriteria' ? label.sources?.awardCriteriaByLots : undefined);
}

/** "1-40" / "3,5-7" / [3, 5] -> a test on a page number; no spec = every page. */
function pageFilter(spec: string | number[] | undefined): (page: number) => boolean {
  if (spec === undefined) return () => true;
  if (Array.isArray(spec)) return (page) => spec.includes(page);
  const ranges = spec.split(',').map((part) => {
    const [from, to] = part.split('-').map((n) => Number(n.trim()));
    return [from ?? NaN, to ?? from ?? NaN] as const;
  });
  return (page) => ranges.some(([from, to]) => page >= from && page <= to);
}

// ---------------------------------------------------------------------------------------------
// Comparison: a copy of tests/api/dce-rules.test.ts (fold, sameValue), not imported from tests/.



/** The criteria the product read: one list for every lot, or one per group of lots. */
function productCriteria(facts: Map<FactKey, Fact>): CriteriaGroup[] | undefined {
  const flat = facts.get('awardCriteria')?.value as Criterion[] | undefined;
  if (flat) return [{ lots: [], criteria: flat }];
  return facts.get('awardCriteriaByLots')?.value as CriteriaGroup[] | undefined;
}

const sameLots = (a: number[], b: number[]) => JSON.stringify([...a].sort((x, y) => x - y)) === JSON.stringify([...b].sort((x, y) => x - y));

/** Per lot group: each labelled group must be read for the same lots with the same criteria. */
function isRight(key: FactKey, found: unknown, expected: Expected): boolean {
  if (expected.kind === 'value') return key === 'awardCriteria' ? (found as CriteriaGroup[]).length === 1 && sameFactValue(key, (found as CriteriaGroup[])[0]!.criteria, expected.value) : sameFactValue(key, found, expected.value);
  const groups = found as CriteriaGroup[];
  return groups.length === expected.groups.length && expected.groups.every((group) => groups.some((g) => sameLots(g.lots, group.lots) && sameFactValue('awardCriteria', g.criteria, group.criteria)));
}

const clip = (text: string, max = 60) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

type Weighted = { name: string; weight: number };

/** The first difference between two lists of (sub-)criteria, at `where`; null when they are the same. */
function listDiff(found: Weighted[], label: Weighted[], where: string): string | null {
  const count = found.length === label.length ? '' : `${found.length} found, ${label.length} labelled; `;
  for (let at = 0; at < Math.max(found.length, label.length); at++) {
    const f = found[at];
    const l = label[at];
    const place = `${where}${at + 1}`;
    if (!f || !l) return `${count}${place}: ${f ? `"${clip(f.name)}" found, none labelled` : `none found, "${clip(l!.name)}" labelled`}`;
    if (fold(f.name) !== fold(l.name)) return `${count}${place}: "${clip(f.name)}" found, "${clip(l.name)}" labelled`;
    if (Math.abs(f.weight - l.weight) > 0.5) return `${count}${place} "${clip(l.name, 30)}": weight ${f.weight} found, ${l.weight} labelled`;
  }
  return count ? count.slice(0, -2) : null;
}

/** The first difference between two criteria lists, in one line; null when they are the same. */
function criteriaDiff(found: Criterion[], label: Criterion[]): string | null {
  const top = listDiff(found, label, 'criterion ');
  if (top) return top;
  for (let at = 0; at < label.length; at++) {
    const sub = listDiff(found[at]?.subCriteria ?? [], label[at]?.subCriteria ?? [], `criterion ${at + 1}, sub-criterion `);
    if (sub) return sub;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Reading a set as the product does

type ReadDoc = AnalysedDocument & { kind: DocumentKind; file: string };
type SetRun = {
  label: DceLabel;
  dev: boolean;
  heldOut: boolean;
  docs: ReadDoc[];
  /** The pages as the chat indexes them (running headers and footers stripped per part). */
  chatPages: PageText[];
  facts: Map<FactKey, Fact>;
  problems: string[];
  ms: { extraction: number; facts: number; cctp?: number; chat?: number };
};

const basename = (path: string) => path.split('/').pop() ?? path;

/** Extracts each file (one child at a time, as the server's queue does), one document per part. */
async function readSet(set: string, files: string[]) {
  const docs: Omit<ReadDoc, 'kind'>[] = [];
  const chatPages: PageText[] = [];
  const problems: string[] = [];
  const started = performance.now();
  for (const file of files) {
    const path = join(FIXTURES, set, file);
    if (!existsSync(path)) {
      problems.push(`${file}: named by the label, not in ${join(FIXTURES, set)}`);
      continue;
    }
    try {
      const result = await runExtraction({ path, fileName: file }, {});
      for (const part of result.parts) {
        if (part.error) problems.push(`${file}${part.entry ? ` (${part.entry})` : ''}: ${part.error}`);
        const fileName = part.entry ? basename(part.entry) : file;
        const documentId = `${set}/${file}${part.entry ? `/${part.entry}` : ''}`;
        // PostgreSQL text cannot hold NUL: the product strips it before storing the pages.
        const texts = part.pages.map((page) => page.text.replaceAll('\0', ''));
        const bodies = stripRepeatedLines(texts);
        docs.push({ documentId, entry: part.entry, fileName, file, pages: part.pages.map((page, at) => ({ page: page.page, text: texts[at] ?? '' })) });
        part.pages.forEach((page, at) => chatPages.push({ documentId, entry: part.entry, fileName, page: page.page, body: bodies[at] ?? '' }));
      }
    } catch (error) {
      problems.push(`${file}: not read (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return { docs, chatPages, problems, ms: performance.now() - started };
}

async function runSet(label: DceLabel): Promise<SetRun> {
  // The label's order, as the rule tests read them.
  const read = await readSet(label.set, Object.keys(label.kinds));
  const started = performance.now();
  const docs: ReadDoc[] = read.docs.map((doc) => ({ ...doc, kind: classifyDocument(doc.fileName, doc.pages) }));
  const facts = new Map(extractFacts(docs, { now: NOW }).map((fact) => [fact.key, fact]));
  const factsMs = performance.now() - started;
  return { label, dev: DEV_SETS.has(label.set), heldOut: label.group === 'held-out', docs, chatPages: read.chatPages, facts, problems: read.problems, ms: { extraction: read.ms, facts: factsMs } };
}

// ---------------------------------------------------------------------------------------------
// Counting and printing

type Count = { found: number; labelled: number; right: number };
type Outcome = { set: string; dev: boolean; heldOut: boolean; key: FactKey; fact?: Fact; expected?: Expected; right: boolean };

const zero = (): Count => ({ found: 0, labelled: 0, right: 0 });
const countOf = (outcomes: Outcome[]): Count =>
  outcomes.reduce((c, o) => ({ found: c.found + (o.fact ? 1 : 0), labelled: c.labelled + (o.expected ? 1 : 0), right: c.right + (o.right ? 1 : 0) }), zero());
const ratio = (a: number, b: number) => (b ? (a / b).toFixed(2) : '-');
const precision = (c: Count) => ratio(c.right, c.found);
const recall = (c: Count) => ratio(c.right, c.labelled);
const verdict = (value: number, target: number) => `${value >= target ? 'met' : 'missed'} (≥ ${target})`;
const ms = (x: number) => (x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : `${Math.round(x)} ms`);
const show = (value: unknown) => clip(JSON.stringify(value) ?? 'undefined', 160);
const status = (run: { dev: boolean; heldOut?: boolean }) => (run.dev ? 'dev (rules written from)' : run.heldOut ? 'held-out (labelled after the rules)' : 'new');
const groupOf = (run: { dev: boolean; heldOut: boolean }) => (run.dev ? 'dev sets' : run.heldOut ? 'held-out sets' : 'new sets');

function table(head: string[], rows: (string | number)[][]) {
  const cells = [head, ...rows.map((row) => row.map(String))];
  const widths = head.map((_, at) => Math.max(...cells.map((row) => (row[at] ?? '').length)));
  const line = (row: string[]) => `| ${row.map((cell, at) => cell.padEnd(widths[at] ?? 0)).join(' | ')} |`;
  console.info([line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.slice(1).map(line)].join('\n'));
}

const heading = (text: string) => console.info(`\n## ${text}\n`);

// ---------------------------------------------------------------------------------------------

function parseArgs(argv: string[]) {
  const at = argv.findIndex((a) => a === '--set' || a.startsWith('--set='));
  const set = at < 0 ? undefined : argv[at]!.includes('=') ? argv[at]!.slice('--set='.length) : argv[at + 1];
  return { set, quick: argv.includes('--quick'), withoutHeldOut: argv.includes('--without-held-out') };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const allLabels = jsonFiles(DCE_LABELS).map((path) => readJson<DceLabel>(path));
  let labels = allLabels.filter((label) => (args.set ? label.set === args.set : args.quick ? DEV_SETS.has(label.set) : !(args.withoutHeldOut && label.group === 'held-out')));
  if (args.set === '' || (args.set === undefined && process.argv.includes('--set'))) {
    console.error('bench:dce: --set needs a set name');
    process.exitCode = 2;
    return;
  }
  if (args.set && labels.length === 0) {
    console.error(`bench:dce: no label for set "${args.set}"; labelled sets: ${allLabels.map((l) => l.set).join(', ')}`);
    process.exitCode = 2;
    return;
  }
  // Dev sets first, then the new ones.
  labels = [...labels.filter((l) => DEV_SETS.has(l.set)), ...labels.filter((l) => !DEV_SETS.has(l.set))];
  const started = performance.now();
  console.info(`# bench:dce, ${new Date().toISOString().slice(0, 10)}, load ${loadavg()[0]!.toFixed(1)}${args.quick ? ', --quick (dev sets, facts and kinds only)' : ''}${args.set ? `, --set ${args.set}` : ''}`);
  console.info(`\nSets: ${labels.map((l) => `${l.set} (${status({ dev: DEV_SETS.has(l.set), heldOut: l.group === 'held-out' })})`).join(', ')}. Facts read with now = ${NOW.toISOString().slice(0, 10)}.`);

  const runs: SetRun[] = [];
  for (const label of labels) runs.push(await runSet(label));
  const problems = runs.flatMap((run) => run.problems.map((p) => `${run.label.set}: ${p}`));
  if (problems.length) console.info(`\nFiles not read (their facts count as not found):\n${problems.map((p) => `- ${p}`).join('\n')}`);

  const outcomes: Outcome[] = runs.flatMap((run) =>
    ALL_KEYS.map((key) => {
      // Criteria read per group of lots are the criteria fact.
      const fact = key === 'awardCriteria' ? (run.facts.get(key) ?? run.facts.get('awardCriteriaByLots')) : run.facts.get(key);
      const found = key === 'awardCriteria' ? productCriteria(run.facts) : fact?.value;
      const expected = expectedOf(run.label, key);
      return { set: run.label.set, dev: run.dev, heldOut: run.heldOut, key, fact, expected, right: Boolean(fact && expected && isRight(key, found, expected)) };
    }),
  );
  const ofSet = (set: string) => outcomes.filter((o) => o.set === set);
  const groups = (
    [
      ['**overall**', outcomes],
      ['**new sets**', outcomes.filter((o) => !o.dev && !o.heldOut)],
      ['**dev sets**', outcomes.filter((o) => o.dev)],
      ['**held-out sets**', outcomes.filter((o) => o.heldOut)],
    ] as [string, Outcome[]][]
  ).filter(([, list]) => list.length > 0);
  // The figures the targets are read on: all sets, and the new sets alone.
  const headline = groups.filter(([name]) => name !== '**dev sets**');

  // 1. Facts per set.
  heading('1. Facts per set');
  table(
    ['set', 'status', 'found', 'labelled', 'right', 'precision', 'recall'],
    [
      ...runs.map((run) => {
        const c = countOf(ofSet(run.label.set));
        return [run.label.set, status(run), c.found, c.labelled, c.right, precision(c), recall(c)];
      }),
      ...groups.map(([name, list]) => {
        const c = countOf(list);
        return [name, '', c.found, c.labelled, c.right, precision(c), recall(c)];
      }),
    ],
  );
  for (const [name, list] of headline) {
    const c = countOf(list);
    if (c.found) console.info(`\nTarget, facts precision ${name.replaceAll('*', '')}: ${precision(c)}, ${verdict(c.right / c.found, TARGET.factsPrecision)}`);
  }

  // 2. Per key class and per key.
  heading('2. Facts per key class');
  const classRows = (list: Outcome[]) =>
    KEY_CLASSES.map(([name, keys]) => {
      const c = countOf(list.filter((o) => keys.includes(o.key)));
      return [name, c.found, c.labelled, c.right, precision(c), recall(c), c.labelled ? verdict(c.right / c.labelled, TARGET.classRecall) : '-'];
    });
  for (const [name, list] of headline) {
    console.info(`${name.replaceAll('*', '')}:\n`);
    table(['class', 'found', 'labelled', 'right', 'precision', 'recall', 'recall target'], classRows(list));
    console.info('');
  }
  console.info('Per set (right / found / labelled):\n');
  table(
    ['set', ...KEY_CLASSES.map(([name]) => name)],
    runs.map((run) => [
      run.label.set,
      ...KEY_CLASSES.map(([, keys]) => {
        const c = countOf(ofSet(run.label.set).filter((o) => keys.includes(o.key)));
        return `${c.right}/${c.found}/${c.labelled}`;
      }),
    ]),
  );
  console.info('\nPer key, all sets:\n');
  table(
    ['key', 'found', 'labelled', 'right', 'precision', 'recall'],
    ALL_KEYS.map((key) => {
      const c = countOf(outcomes.filter((o) => o.key === key));
      return [key, c.found, c.labelled, c.right, precision(c), recall(c)];
    }),
  );
  const misses = outcomes.filter((o) => !o.right && (o.fact || o.expected));
  console.info(`\nMisses (wrong, not found, or found where the label says nothing): ${misses.length || 'none'}\n`);
  for (const run of runs) {
    const ofRun = misses.filter((o) => o.set === run.label.set);
    if (ofRun.length === 0) continue;
    console.info(`- ${run.label.set}:`);
    for (const o of ofRun) {
      const expected = o.expected?.kind === 'byLots' ? `awardCriteriaByLots, ${o.expected.groups.length} lot groups (see 3.)` : o.expected?.value;
      const what = !o.fact ? 'not found' : !o.expected ? 'not labelled' : 'wrong';
      console.info(`  - ${o.key} (${what}): found ${show(o.fact?.value)}, label ${show(expected)}`);
    }
  }

  // 3. Award criteria.
  heading('3. Award criteria exactly right (names, weights, sub-criteria, every lot group)');
  const criteriaRows: string[][] = [];
  const criteriaDiffs: string[] = [];
  for (const run of runs) {
    const expected = expectedOf(run.label, 'awardCriteria');
    if (!expected) continue;
    const read = productCriteria(run.facts);
    const lotGroups = expected.kind === 'value' ? [{ lots: [] as number[], criteria: expected.value as Criterion[] }] : expected.groups;
    const diffs = lotGroups.flatMap((group) => {
      const found = read?.find((g) => sameLots(g.lots, group.lots))?.criteria;
      const diff = found ? criteriaDiff(found, group.criteria) : read ? `no list read for ${group.lots.length ? `lots ${group.lots.join(',')}` : 'all lots'} (read: ${read.map((g) => (g.lots.length ? `lots ${g.lots.join(',')}` : 'all lots')).join('; ')})` : 'not found';
      return diff ? [`${group.lots.length ? `lots ${group.lots.join(',')}: ` : ''}${diff}`] : [];
    });
    const unit = run.label.awardCriteriaUnit ? ` (${run.label.awardCriteriaUnit}${run.label.awardCriteriaTotal ? ` out of ${run.label.awardCriteriaTotal}` : ''})` : '';
    criteriaRows.push([run.label.set, status(run), `${lotGroups.length}${unit}`, read ? read.map((g) => g.criteria.length).join(' + ') : '-', diffs.length ? 'no' : 'yes']);
    if (diffs.length) criteriaDiffs.push(`${run.label.set}: ${diffs.join('; ')}`);
  }
  if (criteriaRows.length) {
    table(['set', 'status', 'lot groups labelled', 'criteria found', 'exact'], criteriaRows);
    if (criteriaDiffs.length) console.info(`\nFirst difference:\n${criteriaDiffs.map((d) => `- ${d}`).join('\n')}`);
    const exact = criteriaRows.filter((row) => row[4] === 'yes').length;
    console.info(`\nTarget, criteria exactly right on every set: ${exact}/${criteriaRows.length}, ${exact === criteriaRows.length ? 'met' : 'missed'}`);
  } else console.info('No set run states award criteria.');

  // 4. Citations.
  heading('4. Right facts citing a labelled page');
  const citeRows: (string | number)[][] = [];
  const wrongCites: string[] = [];
  const citeTotal = { cited: 0, checked: 0, unlabelled: 0 };
  for (const run of runs) {
    let cited = 0;
    let checked = 0;
    let unlabelled = 0;
    for (const o of ofSet(run.label.set).filter((x) => x.right && x.fact)) {
      const wanted = labelSources(run.label, o.key);
      if (!wanted?.length) {
        unlabelled++;
        continue;
      }
      checked++;
      const sources = o.fact!.sources;
      if (sources.some((s) => wanted.some((w) => w.file === s.fileName && w.page === s.page))) cited++;
      else {
        const list = (xs: { file: string; page: number }[]) => [...new Set(xs.map((x) => `${x.file} p.${x.page}`))].join(', ');
        wrongCites.push(`${run.label.set} ${o.key}: cites ${list(sources.map((s) => ({ file: s.fileName, page: s.page })))}; label ${list(wanted)}`);
      }
    }
    citeTotal.cited += cited;
    citeTotal.checked += checked;
    citeTotal.unlabelled += unlabelled;
    citeRows.push([run.label.set, status(run), `${cited}/${checked}`, ratio(cited, checked), unlabelled ? `${unlabelled} right facts without labelled sources` : '']);
  }
  citeRows.push(['**overall**', '', `${citeTotal.cited}/${citeTotal.checked}`, ratio(citeTotal.cited, citeTotal.checked), citeTotal.unlabelled ? `${citeTotal.unlabelled} not checked` : '']);
  table(['set', 'status', 'cited right / right', 'share', 'note'], citeRows);
  if (wrongCites.length) console.info(`\nNot citing a labelled page:\n${wrongCites.map((w) => `- ${w}`).join('\n')}`);

  // 5. Kinds.
  heading('5. Document kinds');
  const wrongKinds: string[] = [];
  const kindRows = runs.map((run) => {
    const files = Object.entries(run.label.kinds);
    let right = 0;
    for (const [file, kind] of files) {
      const found = [...new Set(run.docs.filter((d) => d.file === file).map((d) => d.kind))];
      if (found.length === 1 && found[0] === kind) right++;
      else wrongKinds.push(`${run.label.set} / ${file}: ${found.join('+') || '(not read)'} found, ${kind} labelled`);
    }
    return [run.label.set, status(run), `${right}/${files.length}`];
  });
  const kindTotal = runs.reduce((n, run) => n + Object.keys(run.label.kinds).length, 0);
  kindRows.push(['**overall**', '', `${kindTotal - wrongKinds.length}/${kindTotal}`]);
  table(['set', 'status', 'right'], kindRows);
  if (wrongKinds.length) console.info(`\nWrong:\n${wrongKinds.map((w) => `- ${w}`).join('\n')}`);

  if (!args.quick) {
    cctpSection(runs);
    chatSection(runs);
  }

  // 8. Time.
  heading('8. Time per set');
  const sum = (pick: (run: SetRun) => number | undefined) => runs.reduce((n, run) => n + (pick(run) ?? 0), 0);
  const cell = (x: number | undefined) => (x === undefined ? '-' : ms(x));
  const total = (run: SetRun) => run.ms.extraction + run.ms.facts + (run.ms.cctp ?? 0) + (run.ms.chat ?? 0);
  table(
    ['set', 'files', 'pages', 'extraction', 'facts (classify + extractFacts)', 'CCTP requirements', 'chat (index + questions)', 'total'],
    [
      ...runs.map((run) => [
        run.label.set,
        Object.keys(run.label.kinds).length,
        run.docs.reduce((n, d) => n + d.pages.length, 0),
        ms(run.ms.extraction),
        ms(run.ms.facts),
        cell(run.ms.cctp),
        cell(run.ms.chat),
        ms(total(run)),
      ]),
      ['**total**', '', '', ms(sum((r) => r.ms.extraction)), ms(sum((r) => r.ms.facts)), ms(sum((r) => r.ms.cctp)), ms(sum((r) => r.ms.chat)), ms(sum(total))],
    ],
  );
  console.info(`\nWall time ${ms(performance.now() - started)} (labels, extraction, rules, printing).`);
  console.info(
    '\nNot measured: the labels\' winnerDocuments (no fact of the product), conflicts (notes), awardCriteriaUnit/awardCriteriaTotal (weights are compared as written); sets without a label (e.g. held-out folders) are not read.',
  );
}

/** 6. CCTP requirements against tests/fixtures/cctp-labels. */
function cctpSection(runs: SetRun[]) {
  heading('6. CCTP requirements');
  const bySet = new Map(runs.map((run) => [run.label.set, run]));
  const rows: (string | number)[][] = [];
  const returned: string[] = [];
  const totals = new Map<string, { hit: number; labelled: number; matched: number; judged: number }>();
  const add = (group: string, x: { hit: number; labelled: number; matched: number; judged: number }) => {
    const t = totals.get(group) ?? { hit: 0, labelled: 0, matched: 0, judged: 0 };
    totals.set(group, { hit: t.hit + x.hit, labelled: t.labelled + x.labelled, matched: t.matched + x.matched, judged: t.judged + x.judged });
  };
  for (const label of jsonFiles(CCTP_LABELS).map((path) => readJson<CctpLabel>(path))) {
    const run = bySet.get(label.set);
    if (!run) continue;
    const docs = run.docs.filter((d) => d.file === label.file);
    if (docs.length === 0) {
      rows.push([label.set, label.file, 'not read', '', '', '', '', '']);
      continue;
    }
    const started = performance.now();
    const found: FoundRequirement[] = docs.flatMap((doc) => extractRequirements(doc));
    run.ms.cctp = (run.ms.cctp ?? 0) + performance.now() - started;
    const texts = found.map((r) => ({ page: r.page, text: fold(r.text) }));
    const wants = label.requirements.map((r) => ({ ...r, folded: fold(r.contains) }));
    const nots = label.notRequirements.map((snippet) => ({ snippet, folded: fold(snippet) }));
    const hits = wants.filter((w) => texts.some((t) => t.text.includes(w.folded)));
    const samePage = wants.filter((w) => texts.some((t) => t.page === w.page && t.text.includes(w.folded))).length;
    const onPages = texts.filter((t) => pageFilter(label.pages)(t.page));
    const matched = onPages.filter((t) => wants.some((w) => t.text.includes(w.folded))).length;
    const wrong = onPages.filter((t) => !wants.some((w) => t.text.includes(w.folded)) && nots.some((n) => t.text.includes(n.folded))).length;
    for (const n of nots) if (onPages.some((t) => t.text.includes(n.folded))) returned.push(`${label.set}: "${clip(n.snippet, 90)}"`);
    const x = { hit: hits.length, labelled: wants.length, matched, judged: matched + wrong };
    add('overall', x);
    if (!run.dev) add(groupOf(run), x);
    rows.push([
      label.set,
      clip(label.file, 40),
      `${found.length}${label.pages ? ` (${onPages.length} on p. ${String(label.pages)})` : ''}`,
      `${hits.length}/${wants.length}`,
      ratio(hits.length, wants.length),
      `${matched}/${matched + wrong}`,
      ratio(matched, matched + wrong),
      samePage,
    ]);
  }
  for (const [group, t] of totals) rows.push([`**${group}**`, '', '', `${t.hit}/${t.labelled}`, ratio(t.hit, t.labelled), `${t.matched}/${t.judged}`, ratio(t.matched, t.judged), '']);
  table(['set', 'file', 'found', 'recall hits', 'recall', 'precision: req / (req + non-req) found', 'precision', 'hits on the labelled page'], rows);
  for (const [group, t] of totals) {
    if (t.labelled && t.judged) console.info(`\nTarget, CCTP ${group}: recall ${verdict(t.hit / t.labelled, TARGET.cctpRecall)}, precision ${verdict(t.matched / t.judged, TARGET.cctpPrecision)}`);
  }
  if (returned.length) console.info(`\nLabelled non-requirements returned:\n${returned.map((r) => `- ${r}`).join('\n')}`);
}

// A question is English when it starts as English questions do, or has no French accent and a common English word.
const EN_START = /^(what|which|when|where|who|how|is|are|does|do|can|must|should|will)\b/i;
const FR_ACCENT = /[àâäçéèêëîïôöùûüÿœæ]/i;
const EN_WORD = /\b(the|of|is|are|does|what|which|how|when|where|must|should|there|any|with|for|and)\b/i;
const isEnglish = (question: string) => EN_START.test(question) || (!FR_ACCENT.test(question) && EN_WORD.test(question));

/** 7. Chat retrieval: hit@1 and hit@3 of search() over the set's pages. */
function chatSection(runs: SetRun[]) {
  heading('7. Chat retrieval');
  const [file, dir] = CHAT_QUESTIONS as [string, string];
  const questions = [...(existsSync(file) ? readJson<Question[]>(file) : []), ...jsonFiles(dir).flatMap((path) => readJson<Question[]>(path))];
  type Tally = { n: number; at1: number; at3: number };
  const tallies = new Map<string, Tally>();
  const tally = (group: string, at1: boolean, at3: boolean) => {
    const t = tallies.get(group) ?? { n: 0, at1: 0, at3: 0 };
    tallies.set(group, { n: t.n + 1, at1: t.at1 + (at1 ? 1 : 0), at3: t.at3 + (at3 ? 1 : 0) });
  };
  const misses: string[] = [];
  for (const run of runs) {
    const asked = questions.filter((q) => q.set === run.label.set);
    if (asked.length === 0) continue;
    const started = performance.now();
    const index = buildIndex(run.chatPages);
    for (const q of asked) {
      const hits = search(index, q.question, 3);
      const expected = (at: number) => q.expected.some((e) => e.fileName === hits[at]?.passage.fileName && e.page === hits[at]?.passage.page);
      const at1 = expected(0);
      const at3 = at1 || expected(1) || expected(2);
      const lang = isEnglish(q.question) ? 'English' : 'French';
      for (const group of ['overall', groupOf(run), lang, `set ${run.label.set}`]) tally(group, at1, at3);
      if (!at3) misses.push(`${run.label.set} (${lang}): "${q.question}" -> ${hits.map((h) => `${h.passage.fileName} p.${h.passage.page}`).join(', ') || 'nothing'}; expected ${q.expected.map((e) => `${e.fileName} p.${e.page}`).join(', ')}`);
    }
    run.ms.chat = performance.now() - started;
  }
  const sets = new Set(runs.map((run) => run.label.set));
  const skipped = questions.filter((q) => !sets.has(q.set)).length;
  const order = ['overall', 'new sets', 'dev sets', 'held-out sets', 'French', 'English', ...runs.map((run) => `set ${run.label.set}`)];
  const rows = order.flatMap((group) => {
    const t = tallies.get(group);
    return t ? [[group, t.n, `${t.at1} (${ratio(t.at1, t.n)})`, `${t.at3} (${ratio(t.at3, t.n)})`, group.startsWith('set ') ? '' : verdict(t.at3 / t.n, TARGET.chatHit3)]] : [];
  });
  if (rows.length === 0) {
    console.info('No question for the sets run.');
    return;
  }
  table(['questions', 'count', 'hit@1', 'hit@3', 'hit@3 target'], rows);
  if (skipped) console.info(`\n${skipped} questions of sets not run were skipped.`);
  if (misses.length) console.info(`\nNot in the top 3:\n${misses.map((m) => `- ${m}`).join('\n')}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
