// Retrieval for the chat (server/analysis/retrieval) on the two real DCE fixtures: pages as the
// product stores them (runExtraction, then stripRepeatedLines per part), questions written by hand
// in tests/fixtures/chat-questions.json with the pages that answer them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, ENGLISH_TERMS, extractiveAnswer, isEnglishQuestion, lexemes, MIN_COVERAGE, queryTerms, search, splitPassages, SYNONYMS, type PageText, type PassageIndex } from '../../server/analysis/retrieval';
import { stripRepeatedLines } from '../../server/extraction/clean';
import { runExtraction } from '../../server/extraction/run';

type Question = { set: string; question: string; expected: { fileName: string; page: number }[]; answerContains?: string };

const fixtures = 'tests/fixtures/dce';
const questions = JSON.parse(readFileSync('tests/fixtures/chat-questions.json', 'utf8')) as Question[];
const setNames = [...new Set(questions.map((q) => q.set))];
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** Runs `work` over `items`, `limit` at a time (each extraction is a child process). */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const at = next++;
        results[at] = await work(items[at] as T);
      }
    }),
  );
  return results;
}

const pagesBySet = new Map<string, PageText[]>();
const indexes = new Map<string, PassageIndex>();

beforeAll(async () => {
  const files = setNames.flatMap((set) => readdirSync(join(fixtures, set)).map((fileName) => ({ set, fileName })));
  const extracted = await pool(files, 2, async ({ set, fileName }) => {
    const result = await runExtraction({ path: join(fixtures, set, fileName), fileName }, {});
    const pages = result.parts.flatMap((part) => {
      const bodies = stripRepeatedLines(part.pages.map((page) => page.text));
      return part.pages.map((page, at): PageText => ({ documentId: `${set}/${fileName}`, entry: part.entry, fileName, page: page.page, body: bodies[at] ?? '' }));
    });
    return { set, pages };
  });
  for (const { set, pages } of extracted) pagesBySet.set(set, [...(pagesBySet.get(set) ?? []), ...pages]);
  for (const set of setNames) indexes.set(set, buildIndex(pagesBySet.get(set) ?? []));
}, 120_000);

describe('retrieval on the fixture DCEs', () => {
  it('finds the pages that answer the question set (hit@k, MRR) and quotes the answer', () => {
    type Row = { n: number; at1: number; at3: number; at5: number; rr: number; answers: number; answered: number };
    const rows = new Map<string, Row>([...setNames, 'overall'].map((name) => [name, { n: 0, at1: 0, at3: 0, at5: 0, rr: 0, answers: 0, answered: 0 }]));
    const misses: string[] = [];
    for (const q of questions) {
      const hits = search(indexes.get(q.set) as PassageIndex, q.question, 10);
      const rank = hits.findIndex((hit) => q.expected.some((e) => e.fileName === hit.passage.fileName && e.page === hit.passage.page));
      const answer = extractiveAnswer(q.question, hits.slice(0, 5));
      const answered = q.answerContains === undefined || (answer !== null && fold(answer.answer).includes(fold(q.answerContains)));
      for (const row of [rows.get(q.set), rows.get('overall')] as Row[]) {
        row.n++;
        if (rank === 0) row.at1++;
        if (rank >= 0 && rank < 3) row.at3++;
        if (rank >= 0 && rank < 5) row.at5++;
        if (rank >= 0) row.rr += 1 / (rank + 1);
        if (q.answerContains !== undefined) row.answers++;
        if (q.answerContains !== undefined && answered) row.answered++;
      }
      if (rank !== 0) misses.push(`rank ${rank < 0 ? '>10' : rank + 1}: ${q.question} (first: ${hits[0]?.passage.fileName} p. ${hits[0]?.passage.page})`);
      if (!answered) misses.push(`answer without "${q.answerContains}": ${q.question}`);
    }
    const table = [...rows].map(
      ([name, r]) =>
        `${name.padEnd(36)} ${String(r.n).padStart(3)}  hit@1 ${(r.at1 / r.n).toFixed(2)}  hit@3 ${(r.at3 / r.n).toFixed(2)}  hit@5 ${(r.at5 / r.n).toFixed(2)}  MRR ${(r.rr / r.n).toFixed(2)}  answers ${r.answered}/${r.answers}`,
    );
    console.info(`Chat retrieval, ${questions.length} questions:\n${table.join('\n')}\nmisses:\n${misses.join('\n')}`);
    const overall = rows.get('overall') as Row;
    expect(questions.length).toBeGreaterThanOrEqual(36);
    // Floors: what the fixtures reach (hit@1 0.73, hit@3 0.92, MRR 0.83, answers 52/60) minus a margin.
    expect(overall.at1 / overall.n).toBeGreaterThanOrEqual(0.65);
    expect(overall.at3 / overall.n).toBeGreaterThanOrEqual(0.85);
    expect(overall.rr / overall.n).toBeGreaterThanOrEqual(0.75);
    expect(overall.answered / overall.answers).toBeGreaterThanOrEqual(0.8);
    for (const set of setNames) expect((rows.get(set) as Row).at5 / (rows.get(set) as Row).n).toBeGreaterThanOrEqual(0.9);
  });

  it('answers the Grenoble deadline from the RC cover page', () => {
    const hits = search(indexes.get('grenoble-inp_2026FCSSA0025') as PassageIndex, 'Quelle est la date limite de remise des offres ?');
    const answer = extractiveAnswer('Quelle est la date limite de remise des offres ?', hits);
    expect(answer?.answer).toMatch(/15 JUILLET 2026/);
    expect(answer?.answer).toMatch(/\(RC_2026FCSSA0025 v2\.pdf, p\. 1\)/);
    expect(answer?.citations[0]).toMatchObject({ fileName: 'RC_2026FCSSA0025 v2.pdf', page: 1, documentId: 'grenoble-inp_2026FCSSA0025/RC_2026FCSSA0025 v2.pdf' });
    for (const citation of answer?.citations ?? []) expect(citation.excerpt.length).toBeLessThanOrEqual(300);
  });

  it('has no answer for a question the documents do not talk about', () => {
    for (const set of setNames) {
      const question = 'Quel est le prix du caviar à Moscou ?';
      // `search` may well find "prix"; the answer needs MIN_COVERAGE of the question's weight.
      expect(extractiveAnswer(question, search(indexes.get(set) as PassageIndex, question))).toBeNull();
    }
    expect(MIN_COVERAGE).toBeGreaterThan(0);
  });

  it('never lets a passage span two pages, and keeps every page', () => {
    for (const set of setNames) {
      const index = indexes.get(set) as PassageIndex;
      const pages = pagesBySet.get(set) ?? [];
      for (const passage of index.passages) {
        const page = pages.find((p) => p.documentId === passage.documentId && p.page === passage.page && p.entry === passage.entry) as PageText;
        // Every word of the passage is on its page, in the same order.
        expect(fold(page.body).replace(/\s/g, '')).toContain(fold(passage.text).replace(/\s/g, '').slice(0, 200));
      }
      const covered = new Set(index.passages.map((p) => `${p.documentId}#${p.page}`));
      for (const page of pages) if (lexemes(page.body).length > 0) expect(covered.has(`${page.documentId}#${page.page}`)).toBe(true);
    }
  });
});

describe('retrieval units', () => {
  it('tokenises French like the DB: folded accents, œ, apostrophes, hyphens, stop words', () => {
    expect(lexemes("L'offre")).toEqual(['offre']);
    expect(lexemes('Œuvre ÉLÉMENTS')).toEqual(lexemes('oeuvre elements'));
    expect(lexemes('sous-traitance')).toEqual(['traitanc']);
    expect(lexemes('pénalités de retard')).toEqual(lexemes('penalites retard'));
    expect(lexemes('Quelle est la date limite ?')).toEqual(lexemes('date limite'));
    expect(lexemes('date limite')).toHaveLength(2);
    expect(lexemes('le la les des du de et à au')).toEqual([]);
    expect(lexemes('d’exécution')).toEqual(lexemes("d'execution"));
  });

  it('cuts long pages into passages of at most ~1,200 characters on sentence ends, with a little overlap', () => {
    const sentence = (n: number) => `Phrase numéro ${n} du règlement, qui décrit une obligation du titulaire en quelques mots.`;
    const body = Array.from({ length: 60 }, (_, n) => sentence(n)).join(' ');
    const passages = splitPassages(body);
    expect(passages.length).toBeGreaterThan(3);
    for (const passage of passages) expect(passage.length).toBeLessThanOrEqual(1300);
    for (const passage of passages) expect(passage).toMatch(/\.$/);
    // The overlap: a passage starts with the previous one's last sentence.
    const lastOfFirst = (passages[0] as string).split('\n').pop() as string;
    expect((passages[1] as string).startsWith(lastOfFirst)).toBe(true);
    expect(splitPassages('')).toEqual([]);
  });

  it('finds "alloti" and "lots" through the synonym list', () => {
    expect(SYNONYMS.length).toBeGreaterThanOrEqual(40);
    const pages: PageText[] = [
      { documentId: 'd', entry: null, fileName: 'RC.pdf', page: 3, body: 'Le marché est alloti. Le titulaire exécute les prestations.' },
      { documentId: 'd', entry: null, fileName: 'RC.pdf', page: 4, body: 'Les offres sont remises sur la plateforme.' },
    ];
    const index = buildIndex(pages);
    const hits = search(index, 'Combien de lots comporte la consultation ?');
    expect(hits[0]?.passage.page).toBe(3);
    expect(search(index, 'Le marché est-il découpé en lots ?')[0]?.passage.page).toBe(3);
    expect(search(index, 'zzz inconnu')).toEqual([]);
  });

  it('prefers the sentence with what the question asks: a date, an amount, a yes/no', () => {
    const index = buildIndex([
      {
        documentId: 'd',
        entry: null,
        fileName: 'CCAP.pdf',
        page: 10,
        body: 'Les pénalités de retard sont appliquées sans mise en demeure.\n\nEn cas de retard, une pénalité de 100 € par jour de retard est appliquée.',
      },
      // Other pages, so that the words of the question weigh what they would in a real DCE.
      ...['Le montant du marché est global et forfaitaire.', 'La livraison a lieu à Valence.', 'Les offres sont remises sur la plateforme.'].map(
        (body, at): PageText => ({ documentId: 'd', entry: null, fileName: 'CCAP.pdf', page: at + 1, body }),
      ),
    ]);
    const question = 'Quel est le montant des pénalités de retard ?';
    const answer = extractiveAnswer(question, search(index, question));
    expect(answer?.answer.split('\n')[0]).toMatch(/100 €/);
    expect(answer?.answer).toMatch(/» \(CCAP\.pdf, p\. 10\)/);
    expect(answer?.citations).toHaveLength(new Set(answer?.citations.map((c) => c.excerpt)).size);
    expect(extractiveAnswer(question, [])).toBeNull();
  });
  it('reads an English question in the French words of public procurement', () => {
    // Each English term of a bid manager, and a French phrase of the DCE its question looks for.
    const pairs: [string, string][] = [
      ['What is the deadline?', 'date limite'],
      ['When is the due date for bids?', 'remise des offres'],
      ['How do we submit our tender?', 'remise'],
      ['Where do we send the offer?', 'offre'],
      ['Until when can we ask questions?', 'renseignements complémentaires'],
      ['Who answers requests for clarification?', 'renseignements complémentaires'],
      ['Is the site visit mandatory?', 'visite'],
      ['What are the award criteria?', "critères d'attribution"],
      ['What is the weighting of each criterion?', 'pondération'],
      ['How is pricing scored?', 'prix'],
      ['What are the penalties for late delivery?', 'pénalités'],
      ['Are we penalised when late?', 'retard'],
      ['How long is the validity of the offers?', 'validité des offres'],
      ['What is the duration of the contract?', 'durée'],
      ['What is the term of the framework agreement?', 'accord-cadre'],
      ['Are variants allowed?', 'variantes'],
      ['What warranty is required?', 'garantie'],
      ['Is there a guarantee on the works?', 'garantie'],
      ['Which supporting documents must we attach?', 'pièces'],
      ['What documents to provide with the application?', 'candidature'],
      ['What insurance is needed?', 'assurance'],
      ['How many references must we give?', 'références'],
      ['Is subcontracting allowed?', 'sous-traitance'],
      ['What are the payment terms?', 'paiement'],
      ['Is there an advance payment?', 'avance'],
      ['Is an electronic signature required?', 'signature électronique'],
      ['On which platform do we submit?', 'plateforme'],
      ['What do the technical specifications say?', 'CCTP'],
      ['What do the administrative clauses say about price revision?', 'CCAP'],
      ['What do the rules of the consultation say?', 'règlement de la consultation'],
      ['Is the contract divided into lots?', 'alloti'],
    ];
    for (const [question, french] of pairs) {
      const terms = queryTerms(question);
      expect(lexemes(french).every((lexeme) => terms.has(lexeme)), `${question} → ${french}`).toBe(true);
    }
    // Written from the field's vocabulary, not from one document.
    expect(ENGLISH_TERMS.length).toBeGreaterThanOrEqual(60);
    // French questions keep their own words: the lexicon is for English ones.
    expect(isEnglishQuestion('Quelle est la date limite de remise des offres ?')).toBe(false);
    expect(isEnglishQuestion('What is the deadline for submitting the tender?')).toBe(true);
    expect(queryTerms('Le support technique est-il inclus ?').get(lexemes('maintenance')[0]!)).not.toBe(1);
  });

  it('finds the French page of an English question and quotes it as it is written', () => {
    const index = buildIndex([
      { documentId: 'd', entry: null, fileName: 'RC.pdf', page: 1, body: 'RÈGLEMENT DE LA CONSULTATION\n\nDate limite de remise des offres : mercredi 15 juillet 2026 à 12 h 00' },
      { documentId: 'd', entry: null, fileName: 'RC.pdf', page: 6, body: 'Les candidats peuvent poser leurs questions sur la plateforme.' },
      { documentId: 'd', entry: null, fileName: 'CCAP.pdf', page: 3, body: 'Le titulaire est payé sous 30 jours.' },
    ]);
    const question = 'What is the deadline for submitting the tender?';
    const hits = search(index, question);
    expect(hits[0]?.passage.page).toBe(1);
    expect(extractiveAnswer(question, hits)?.answer).toBe('« RÈGLEMENT DE LA CONSULTATION Date limite de remise des offres : mercredi 15 juillet 2026 à 12 h 00 » (RC.pdf, p. 1)');
  });

  it('quotes a sentence that ends with ":" with the list that follows it, and not what comes after the list', () => {
    const body = [
      "ARTICLE 7 – Contenu de l'offre",
      '',
      "L'offre du soumissionnaire comporte les pièces suivantes :",
      "• L'acte d'engagement complété et signé ;",
      '• Le bordereau des prix unitaires complété, au format Excel ou',
      '  équivalent ;',
      '• Le mémoire technique ;',
      "• L'attestation de visite.",
      '',
      "Les offres sont rédigées en langue française. Le candidat peut joindre une lettre d'accompagnement.",
    ].join('\n');
    const index = buildIndex([
      { documentId: 'd', entry: null, fileName: 'RC.pdf', page: 8, body },
      { documentId: 'd', entry: null, fileName: 'RC.pdf', page: 2, body: 'La date limite de remise des offres est fixée au 15 juillet 2026.' },
      { documentId: 'd', entry: null, fileName: 'CCAP.pdf', page: 4, body: 'Les pièces contractuelles du marché sont le CCAP et le CCTP.' },
    ]);
    const question = "Quelles pièces l'offre doit-elle comporter ?";
    const answer = extractiveAnswer(question, search(index, question));
    expect(answer?.answer.split('\n').slice(0, 5)).toEqual([
      "« ARTICLE 7 – Contenu de l'offre L'offre du soumissionnaire comporte les pièces suivantes :",
      "• L'acte d'engagement complété et signé ;",
      '• Le bordereau des prix unitaires complété, au format Excel ou équivalent ;',
      '• Le mémoire technique ;',
      "• L'attestation de visite. » (RC.pdf, p. 8)",
    ]);
    expect(answer?.answer).not.toMatch(/lettre d'accompagnement/);
    expect(answer?.citations[0]).toMatchObject({ fileName: 'RC.pdf', page: 8 });
  });
});
