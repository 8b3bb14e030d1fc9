// `npm run bench:chat`: prints figures, never fails on a slow machine.
//  1. building the passage index over the two fixture DCEs (pages as the product stores them:
//     runExtraction, then stripRepeatedLines per part; extraction itself is not timed);
//  2. every question of tests/fixtures/chat-questions.json, 20 rounds: p50/p95 of search +
//     extractiveAnswer per question (target p95 ≤ 300 ms), against a naive scan in the same
//     process as the baseline (every passage's lexemes compared with the question's, no index).
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { buildIndex, extractiveAnswer, lexemes, queryTerms, search, type Hit, type PageText, type PassageIndex } from '../server/analysis/retrieval';
import { stripRepeatedLines } from '../server/extraction/clean';
import { runExtraction } from '../server/extraction/run';
import { median } from './lib';

const FIXTURES = 'tests/fixtures/dce';
const ROUNDS = Number(process.env.BENCH_CHAT_ROUNDS ?? 20);
type Question = { set: string; question: string; expected: { fileName: string; page: number }[] };

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const ms = (x: number) => `${x.toFixed(x < 1 ? 3 : 1)} ms`;

/** The baseline: every passage's lexemes counted against the question's, re-tokenised each time, no index. */
function naiveScan(index: PassageIndex, question: string, limit = 5): Hit[] {
  const terms = queryTerms(question);
  const hits: Hit[] = [];
  for (const passage of index.passages) {
    let score = 0;
    for (const lexeme of lexemes(passage.text)) score += terms.get(lexeme) ?? 0;
    if (score > 0) hits.push({ passage, score });
  }
  return hits.sort((a, b) => b.score - a.score).slice(0, limit);
}

async function main() {
  console.info(`bench:chat, load ${loadavg()[0]!.toFixed(1)}, ${ROUNDS} rounds`);
  const questions = JSON.parse(readFileSync('tests/fixtures/chat-questions.json', 'utf8')) as Question[];
  const sets = [...new Set(questions.map((q) => q.set))];
  const pagesBySet = new Map<string, PageText[]>();
  for (const set of sets) {
    const pages: PageText[] = [];
    for (const fileName of readdirSync(join(FIXTURES, set))) {
      const result = await runExtraction({ path: join(FIXTURES, set, fileName), fileName }, {});
      for (const part of result.parts) {
        const bodies = stripRepeatedLines(part.pages.map((page) => page.text));
        part.pages.forEach((page, at) => pages.push({ documentId: `${set}/${fileName}`, entry: part.entry, fileName, page: page.page, body: bodies[at] ?? '' }));
      }
    }
    pagesBySet.set(set, pages);
  }

  // 1. The index, built once per set (as the chat would, per tender), a few times for a stable figure.
  const indexes = new Map<string, PassageIndex>();
  const buildTimes: number[] = [];
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    for (const set of sets) indexes.set(set, buildIndex(pagesBySet.get(set) ?? []));
    buildTimes.push(performance.now() - started);
  }
  const pageCount = sets.reduce((n, set) => n + (pagesBySet.get(set)?.length ?? 0), 0);
  const passageCount = sets.reduce((n, set) => n + (indexes.get(set)?.passages.length ?? 0), 0);
  const characters = sets.reduce((n, set) => n + (pagesBySet.get(set) ?? []).reduce((m, page) => m + page.body.length, 0), 0);
  console.info(`1. index: ${pageCount} pages, ${(characters / 1000).toFixed(0)} k characters, ${passageCount} passages; build ${ms(buildTimes[0]!)} first, ${ms(median(buildTimes))} median of 5`);

  // 2. Questions: ours (search + extractiveAnswer) and the naive scan, interleaved round by round.
  const ours: number[] = [];
  const naive: number[] = [];
  const perQuestion = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of questions) {
      const index = indexes.get(q.set) as PassageIndex;
      let started = performance.now();
      extractiveAnswer(q.question, search(index, q.question, 5));
      const took = performance.now() - started;
      ours.push(took);
      perQuestion.set(q.question, [...(perQuestion.get(q.question) ?? []), took]);
      started = performance.now();
      extractiveAnswer(q.question, naiveScan(index, q.question, 5));
      naive.push(performance.now() - started);
    }
  }
  const worst = [...perQuestion].map(([question, times]) => ({ question, p95: percentile(times, 0.95) })).sort((a, b) => b.p95 - a.p95)[0]!;
  const p95 = percentile(ours, 0.95);
  console.info(`2. ${questions.length} questions × ${ROUNDS}: search + extractiveAnswer p50 ${ms(percentile(ours, 0.5))}, p95 ${ms(p95)} (target ≤ 300 ms: ${p95 <= 300 ? 'met' : 'missed'})`);
  console.info(`   slowest question p95 ${ms(worst.p95)}: ${worst.question}`);
  console.info(`   naive scan + extractiveAnswer p50 ${ms(percentile(naive, 0.5))}, p95 ${ms(percentile(naive, 0.95))}; ratio naive/ours at p50 ${(percentile(naive, 0.5) / percentile(ours, 0.5)).toFixed(1)}×`);

  // Quality of the two, for information: does the first hit come from an expected page?
  const first = (hits: Hit[], q: Question) => q.expected.some((e) => e.fileName === hits[0]?.passage.fileName && e.page === hits[0]?.passage.page);
  const oursAt1 = questions.filter((q) => first(search(indexes.get(q.set) as PassageIndex, q.question, 1), q)).length;
  const naiveAt1 = questions.filter((q) => first(naiveScan(indexes.get(q.set) as PassageIndex, q.question, 1), q)).length;
  console.info(`   hit@1: BM25 ${oursAt1}/${questions.length}, naive overlap ${naiveAt1}/${questions.length}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
