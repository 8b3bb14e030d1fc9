// The memory's page limit (fact memoryPageLimit) on every DCE fixture set, against what a person
// read in each set's RC, CCAP/CCP, frames and Q&A (pdftotext, every "page", "mots", "mémoire").
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { classifyDocument, extractFacts } from '../../server/analysis/dce';
import type { AnalysedDocument, DocumentKind } from '../../server/analysis/dce/types';
import { runExtraction } from '../../server/extraction/run';

const fixtures = 'tests/fixtures/dce';

/**
 * Labelled by hand. None of the nine sets limits the memory's length:
 * - Bourget: RC art. "mémoire justificatif" lists its contents, no length;
 * - DAE AMOA: the RC asks for the CRT of each lot "au format pdf", no length;
 * - Grenoble INP: the RC asks for the CRTE, which sets no length either;
 * - France Travail: no RC; the "Cadre de réponses" and the contract state no length;
 * - Vigicrues: no RC; "Le présent document comporte 20 pages" (CCAP) is the CCAP's own count;
 * - Coupvray, Cuzieu, Grand Chambéry, Guyane: CCTPs only ("cadre de mémoire technique" named, no length).
 */
const LIMITS: Record<string, object | null> = {
  'bourget-infogerance-2025': null,
  'coupvray-combles-2021': null,
  'cuzieu-ecole-2015': null,
  'dae-amoa-2025': null,
  'france-travail_010.26_bornes-irve': null,
  'grand-chambery-surveillance-sport': null,
  'grenoble-inp_2026FCSSA0025': null,
  'guyane-cctp': null,
  'vigicrues-aquareel-tma-2025': null,
};

const sets = new Map<string, (AnalysedDocument & { kind: DocumentKind })[]>();

beforeAll(async () => {
  for (const set of Object.keys(LIMITS)) {
    const docs = [];
    for (const fileName of readdirSync(join(fixtures, set)).filter((name) => name !== 'SOURCES.md')) {
      const result = await runExtraction({ path: join(fixtures, set, fileName), fileName }, {});
      const pages = result.parts.flatMap((part) => part.pages.map((page) => ({ page: page.page, text: page.text })));
      docs.push({ documentId: `${set}/${fileName}`, entry: null, fileName, pages, kind: classifyDocument(fileName, pages) });
    }
    sets.set(set, docs);
  }
}, 300_000);

describe('memoryPageLimit on the fixture sets', () => {
  it('states a limit where the set states one, and none where it does not', () => {
    const wrong: string[] = [];
    for (const [set, expected] of Object.entries(LIMITS)) {
      const fact = extractFacts(sets.get(set) ?? []).find((f) => f.key === 'memoryPageLimit');
      if (JSON.stringify(fact?.value ?? null) !== JSON.stringify(expected)) wrong.push(`${set}: found ${JSON.stringify(fact?.value)} (${fact?.sources[0]?.excerpt}), label ${JSON.stringify(expected)}`);
    }
    expect(wrong).toEqual([]);
    expect(sets.size).toBe(9);
  });
});
