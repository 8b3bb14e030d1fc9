// Retrieval for the chat over every labelled DCE set: the questions of tests/fixtures/chat-questions.json
// and tests/fixtures/chat-questions/*.json (French and English, written by hand with the pages that
// answer them) against the set's documents, read as the product reads them (runExtraction, then
// stripRepeatedLines per part). A set's documents are the files its label's `kinds` names
// (tests/fixtures/dce-labels/<set>.json): SOURCES.md and the like are no documents.
// A question is found when one of its pages is among the first k passages (hit@k).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, extractiveAnswer, search, type PageText, type PassageIndex } from '../../server/analysis/retrieval';
import { stripRepeatedLines } from '../../server/extraction/clean';
import { runExtraction } from '../../server/extraction/run';

type Question = { set: string; question: string; expected: { fileName: string; page: number }[]; answerContains?: string };

const FIXTURES = 'tests/fixtures/dce';
const questions: Question[] = [
  ...(JSON.parse(readFileSync('tests/fixtures/chat-questions.json', 'utf8')) as Question[]),
  ...readdirSync('tests/fixtures/chat-questions')
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((name) => JSON.parse(readFileSync(join('tests/fixtures/chat-questions', name), 'utf8')) as Question[]),
];
const sets = [...new Set(questions.map((q) => q.set))];

// Written apart from the product's own detection: an English question starts as English questions
// do, or has no French accent and an English function word.
const EN_START = /^(what|which|when|where|who|how|is|are|does|do|can|must|should|will|if)\b/i;
const FR_ACCENT = /[àâäçéèêëîïôöùûüÿœæ]/i;
const EN_WORD = /\b(the|of|is|are|does|what|which|how|when|where|must|should|there|any|with|for|and)\b/i;
const isEnglish = (question: string) => EN_START.test(question) || (!FR_ACCENT.test(question) && EN_WORD.test(question));

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').toLowerCase();

/** A set's documents: its label's kinds, or every file but SOURCES.md for a set without a label. */
function documentsOf(set: string): string[] {
  const label = join('tests/fixtures/dce-labels', `${set}.json`);
  if (existsSync(label)) return Object.keys((JSON.parse(readFileSync(label, 'utf8')) as { kinds: Record<string, string> }).kinds);
  return readdirSync(join(FIXTURES, set)).filter((name) => name !== 'SOURCES.md');
}

const indexes = new Map<string, PassageIndex>();

beforeAll(async () => {
  for (const set of sets) {
    const pages: PageText[] = [];
    // One file after another, as the server's extraction queue reads them.
    for (const fileName of documentsOf(set)) {
      const result = await runExtraction({ path: join(FIXTURES, set, fileName), fileName }, {});
      for (const part of result.parts) {
        // PostgreSQL text holds no NUL: the product strips it before storing the pages.
        const read = part.pages.map((page) => ({ page: page.page, text: page.text.replaceAll('\0', '') }));
        const bodies = stripRepeatedLines(read.map((page) => page.text));
        const name = part.entry ? (part.entry.split('/').pop() ?? part.entry) : fileName;
        read.forEach((page, at) => pages.push({ documentId: `${set}/${fileName}`, entry: part.entry, fileName: name, page: page.page, body: bodies[at] ?? '' }));
      }
    }
    indexes.set(set, buildIndex(pages));
  }
}, 180_000);

describe('chat retrieval over every labelled DCE, in French and in English', () => {
  it('finds a page that answers the question among the first three passages, nine times out of ten, English questions included', () => {
    type Row = { n: number; at1: number; at3: number; answers: number; answered: number };
    const rows = new Map<string, Row>();
    const row = (name: string) => rows.get(name) ?? rows.set(name, { n: 0, at1: 0, at3: 0, answers: 0, answered: 0 }).get(name)!;
    const misses: string[] = [];
    for (const q of questions) {
      const hits = search(indexes.get(q.set)!, q.question, 10);
      const rank = hits.findIndex((hit) => q.expected.some((e) => e.fileName === hit.passage.fileName && e.page === hit.passage.page));
      const answer = extractiveAnswer(q.question, hits.slice(0, 5));
      const language = isEnglish(q.question) ? 'English' : 'French';
      for (const r of [row('overall'), row(language), row(`set ${q.set}`)]) {
        r.n++;
        if (rank === 0) r.at1++;
        if (rank >= 0 && rank < 3) r.at3++;
        if (q.answerContains !== undefined) {
          r.answers++;
          if (answer && fold(answer.answer).includes(fold(q.answerContains))) r.answered++;
        }
      }
      if (rank < 0 || rank >= 3) misses.push(`${language}, rank ${rank < 0 ? '>10' : rank + 1}: ${q.question} (first: ${hits[0]?.passage.fileName} p. ${hits[0]?.passage.page})`);
    }
    const ratio = (a: number, b: number) => (b ? a / b : 0).toFixed(2);
    const table = ['overall', 'French', 'English', ...sets.map((set) => `set ${set}`)].map((name) => {
      const r = row(name);
      return `${name.padEnd(40)} ${String(r.n).padStart(3)}  hit@1 ${ratio(r.at1, r.n)}  hit@3 ${ratio(r.at3, r.n)}  answers quoting the expected words ${r.answered}/${r.answers}`;
    });
    console.info(`Chat retrieval, ${questions.length} questions over ${sets.length} sets:\n${table.join('\n')}\nnot in the first three:\n${misses.join('\n')}`);

    const overall = row('overall');
    const english = row('English');
    const french = row('French');
    expect(english.n).toBeGreaterThanOrEqual(30);
    expect(overall.at3 / overall.n).toBeGreaterThanOrEqual(0.9);
    expect(english.at3 / english.n).toBeGreaterThanOrEqual(0.9);
    // French at least as good as before the English lexicon: hit@1 0.77, hit@3 0.94 then (0.81 and
    // 0.96 with it); English was 0.27 and 0.36 (0.82 and 0.97 with it).
    expect(french.at3 / french.n).toBeGreaterThanOrEqual(0.93);
    expect(french.at1 / french.n).toBeGreaterThanOrEqual(0.77);
  });

  it('answers an English question over French documents with the French sentences, verbatim, and their page', () => {
    const question = 'What is the deadline for submitting the bid?';
    const answer = extractiveAnswer(question, search(indexes.get('bourget-infogerance-2025')!, question));
    expect(answer?.answer).toMatch(/7 novembre 2025/);
    expect(answer?.answer).toMatch(/» \(RC\.pdf, p\. \d+\)/);
    // An English question the documents do not speak of has no answer either.
    const caviar = 'What is the price of caviar in Moscow?';
    expect(extractiveAnswer(caviar, search(indexes.get('bourget-infogerance-2025')!, caviar))).toBeNull();
  });
});
