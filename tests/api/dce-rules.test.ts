// The rules that read a DCE (server/analysis/dce), on the two real DCE fixtures against labels
// written by hand (tests/fixtures/dce-labels), and on small texts for each rule's edge cases.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { classifyDocument, extractFacts } from '../../server/analysis/dce';
import type { AnalysedDocument, Criterion, DocumentKind, Fact, FactKey, Penalties } from '../../server/analysis/dce/types';
import { runExtraction } from '../../server/extraction/run';
import { redFlagsOf } from '../../server/domains/dce-analyses/red-flags';
import type { StoredFact } from '../../server/db/schema';
import { fold, sameFactValue, statedQuantities } from '../support/dce-labels';

type Labels = { set: string; kinds: Record<string, DocumentKind>; facts: Partial<Record<FactKey, unknown>> };
type Doc = AnalysedDocument & { kind: DocumentKind };

const fixtures = 'tests/fixtures/dce';
const labelDir = 'tests/fixtures/dce-labels';
// The sets the rules were written from must be read perfectly; the newer sets are measured by
// `npm run bench:dce` (docs/dce-analysis.md) until their figures reach the same bar.
const STRICT_SETS = new Set(['grenoble-inp_2026FCSSA0025', 'france-travail_010.26_bornes-irve']);
const labels: Labels[] = readdirSync(labelDir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(join(labelDir, name), 'utf8')) as Labels)
  .filter((label) => STRICT_SETS.has(label.set));

const ALL_KEYS: FactKey[] = [
  'submissionDeadline', 'questionsDeadline', 'siteVisit', 'procedure', 'lots', 'awardCriteria', 'contractDuration', 'executionDelay',
  'offerValidityDays', 'variantsAllowed', 'priceType', 'warranty', 'penalties', 'candidatureDocuments', 'offerDocuments',
  'submissionPlatform', 'electronicSignatureRequired', 'memoryPageLimit',
];



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

const sets = new Map<string, Doc[]>();

beforeAll(async () => {
  const files = labels.flatMap((label) => Object.keys(label.kinds).map((fileName) => ({ set: label.set, fileName })));
  const extracted = await pool(files, 2, async ({ set, fileName }) => {
    const result = await runExtraction({ path: join(fixtures, set, fileName), fileName }, {});
    const pages = result.parts.flatMap((part) => part.pages.map((page) => ({ page: page.page, text: page.text })));
    return { set, doc: { documentId: `${set}/${fileName}`, entry: null, fileName, pages, kind: classifyDocument(fileName, pages) } };
  });
  for (const { set, doc } of extracted) sets.set(set, [...(sets.get(set) ?? []), doc]);
}, 120_000);

describe('classifyDocument on the fixtures', () => {
  it('tells the kind of every fixture file', () => {
    const wrong: string[] = [];
    for (const label of labels) {
      for (const doc of sets.get(label.set) ?? []) {
        if (doc.kind !== label.kinds[doc.fileName]) wrong.push(`${doc.fileName}: ${doc.kind} instead of ${label.kinds[doc.fileName]}`);
      }
    }
    expect(wrong).toEqual([]);
    expect([...sets.values()].flat()).toHaveLength(labels.reduce((n, label) => n + Object.keys(label.kinds).length, 0));
  });

  it('tells a kind by the name alone when the content says nothing', () => {
    const blank = [{ page: 1, text: '' }];
    expect(classifyDocument('RC_2026-12.pdf', blank)).toBe('RC');
    expect(classifyDocument('03 - CCAP.pdf', blank)).toBe('CCAP');
    expect(classifyDocument('DQE lot 2.xlsx', blank)).toBe('DQE');
    expect(classifyDocument('DPGF_lot1.xlsx', blank)).toBe('DPGF');
    expect(classifyDocument('ATTRI1.docx', blank)).toBe('ATTRI1');
    expect(classifyDocument('dume.xml', blank)).toBe('DUME');
    expect(classifyDocument('Plan RDC.pdf', blank)).toBe('PLANS');
    expect(classifyDocument('Notice explicative DC1.pdf', [{ page: 1, text: 'LETTRE DE CANDIDATURE' }])).toBe('OTHER');
    expect(classifyDocument('CRF.xlsx', [{ page: 1, text: 'CADRE DE RÉPONSE FINANCIER\nBORDEREAU DES PRIX UNITAIRES' }])).toBe('BPU');
    expect(classifyDocument('CRF.xlsx', [{ page: 1, text: 'CADRE DE RÉPONSE FINANCIER' }])).toBe('CRF');
    expect(classifyDocument('piece 4.pdf', [{ page: 1, text: "\n   ACTE D'ENGAGEMENT\n" }])).toBe('AE');
    expect(classifyDocument('piece 5.pdf', [{ page: 1, text: 'DÉCOMPOSITION DU PRIX GLOBAL ET FORFAITAIRE' }])).toBe('DPGF');
    expect(classifyDocument('piece 6.pdf', [{ page: 1, text: 'DÉTAIL QUANTITATIF ESTIMATIF' }])).toBe('DQE');
  });

  it('tells the buyer\'s response frames, technical (CRT) and financial (CRF), by title and by name', () => {
    const blank = [{ page: 1, text: '' }];
    const titled = (text: string) => [{ page: 1, text }];
    // By title, whatever the file is called.
    expect(classifyDocument('piece 7.docx', titled('CADRE DE RÉPONSE TECHNIQUE ET ENVIRONNEMENTAL'))).toBe('CRT');
    expect(classifyDocument('piece 7.docx', titled('Consultation 2025-14\nCadre de mémoire technique\nLot 2'))).toBe('CRT');
    expect(classifyDocument('piece 7.odt', titled('CADRE DU MÉMOIRE TECHNIQUE'))).toBe('CRT');
    expect(classifyDocument('annexe 3.docx', titled('QUESTIONNAIRE TECHNIQUE'))).toBe('CRT');
    expect(classifyDocument('annexe 3.docx', titled('Trame de mémoire technique à compléter par le candidat'))).toBe('CRT');
    expect(classifyDocument('annexe 4.xlsx', titled('Cadre de réponse financière'))).toBe('CRF');
    expect(classifyDocument('annexe 4.xlsx', titled('CADRE DE DÉCOMPOSITION DU PRIX'))).toBe('CRF');
    // By name when the first page says nothing.
    expect(classifyDocument('CRTE_2026FCSSA0025 v2.docx', blank)).toBe('CRT');
    expect(classifyDocument('04-CRT-lot1.docx', blank)).toBe('CRT');
    expect(classifyDocument('CMT lot 2.docx', blank)).toBe('CRT');
    expect(classifyDocument('Cadre de mémoire technique.odt', blank)).toBe('CRT');
    expect(classifyDocument('CRF_2026.xlsx', blank)).toBe('CRF');
    // A financial frame that is the price schedule keeps its price kind.
    expect(classifyDocument('CRF.xlsx', titled('CADRE DE RÉPONSE FINANCIER\nDÉCOMPOSITION DU PRIX GLOBAL ET FORFAITAIRE'))).toBe('DPGF');
    expect(classifyDocument('Cadre de réponse financier.xlsx', titled('DÉTAIL QUANTITATIF ESTIMATIF'))).toBe('DQE');
    // A bare "cadre de réponse" by what it asks; one that says neither stays unknown.
    expect(classifyDocument('Cadre de réponses - VF.docx', titled('CADRE DE REPONSE MARCHE DE FOURNITURE\nLe présent Cadre de réponse complété par le candidat constitue sa proposition technique.'))).toBe('CRT');
    expect(classifyDocument('Cadre de réponse.xlsx', titled('CADRE DE RÉPONSE\nPrix unitaires HT'))).toBe('CRF');
    expect(classifyDocument('Cadre de réponse.docx', titled('CADRE DE RÉPONSE'))).toBe('OTHER');
    // An RC that lists the frames among its pieces is the RC.
    expect(classifyDocument('RC.pdf', titled('RÈGLEMENT DE LA CONSULTATION\nPièces : CCTP, cadre de réponse technique (CRT)'))).toBe('RC');
  });

  it('tells a CCP (administrative and technical clauses in one), and titles written as dotted acronyms', () => {
    expect(classifyDocument('CCP gardiennage.pdf', [{ page: 1, text: 'MARCHÉ DE SERVICES\nCAHIER DES CLAUSES PARTICULIÈRES (C.C.P.)\nvalant CCAP et CCTP' }])).toBe('CCP');
    expect(classifyDocument('Lot-01.pdf', [{ page: 1, text: "Maître d'ouvrage : MAIRIE\nOpération : École\n   C.C.T.P. & D.P.G.F.\nLot n°1 - Charpente" }])).toBe('CCTP');
    expect(classifyDocument('DPF_2025.odt', [{ page: 1, text: 'Décomposition du prix forfaitaire' }])).toBe('DPGF');
    // "CCP" in a title zone is as often the Code de la commande publique: not a kind by itself.
    expect(classifyDocument('Avis.pdf', [{ page: 1, text: 'Procédure adaptée (article R. 2123-1 du CCP)' }])).toBe('OTHER');
  });
});

describe('extractFacts on the fixtures', () => {
  const factsOf = (set: string) => extractFacts(sets.get(set) ?? [], { now: new Date('2026-06-01T00:00:00Z') });

  it('states what the labels state, with precision and recall per key', () => {
    const perKey = new Map<FactKey, { found: number; labelled: number; right: number }>(ALL_KEYS.map((key) => [key, { found: 0, labelled: 0, right: 0 }]));
    const misses: string[] = [];
    for (const label of labels) {
      const facts = new Map(factsOf(label.set).map((fact) => [fact.key, fact]));
      for (const key of ALL_KEYS) {
        const count = perKey.get(key) as { found: number; labelled: number; right: number };
        const fact = facts.get(key);
        const expected = label.facts[key];
        if (fact) count.found++;
        if (expected !== undefined) count.labelled++;
        if (fact && expected !== undefined && sameFactValue(key, fact.value, expected)) count.right++;
        else if (fact || expected !== undefined) misses.push(`${label.set} ${key}: found ${JSON.stringify(fact?.value)}, label ${JSON.stringify(expected)}`);
      }
    }
    const total = { found: 0, labelled: 0, right: 0 };
    const rows = ALL_KEYS.map((key) => {
      const c = perKey.get(key) as { found: number; labelled: number; right: number };
      total.found += c.found;
      total.labelled += c.labelled;
      total.right += c.right;
      const precision = c.found ? (c.right / c.found).toFixed(2) : '-';
      const recall = c.labelled ? (c.right / c.labelled).toFixed(2) : '-';
      return `${key.padEnd(28)} ${String(c.right).padStart(2)}/${String(c.found).padEnd(2)} found  ${String(c.right).padStart(2)}/${String(c.labelled).padEnd(2)} labelled  P ${precision.padEnd(4)}  R ${recall}`;
    });
    const precision = total.right / total.found;
    const recall = total.right / total.labelled;
    console.info(`DCE rules, both fixture sets:\n${rows.join('\n')}\n${'overall'.padEnd(28)} P ${precision.toFixed(2)}  R ${recall.toFixed(2)}${misses.length ? `\nmisses:\n${misses.join('\n')}` : ''}`);
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });

  it('gets the Grenoble deadline and criteria exactly right', () => {
    const facts = new Map(factsOf('grenoble-inp_2026FCSSA0025').map((fact) => [fact.key, fact]));
    const label = labels.find((l) => l.set === 'grenoble-inp_2026FCSSA0025') as Labels;
    expect(facts.get('submissionDeadline')?.value).toBe('2026-07-15T12:00:00+02:00');
    expect(facts.get('submissionDeadline')?.sources[0]).toMatchObject({ fileName: 'RC_2026FCSSA0025 v2.pdf', page: 1 });
    expect(facts.get('questionsDeadline')?.value).toBe('2026-07-05T12:00:00+02:00');
    expect(facts.get('questionsDeadline')?.sources[0]?.excerpt).toMatch(/10 jours avant la date limite/);
    const criteria = facts.get('awardCriteria')?.value as Criterion[];
    expect(sameFactValue('awardCriteria', criteria, label.facts.awardCriteria)).toBe(true);
    expect(criteria.map((c) => c.weight)).toEqual([40, 40, 10, 10]);
    expect(criteria[1]?.subCriteria?.map((c) => c.weight)).toEqual([20, 20]);
  });

  // Words each fact's sources must show, per fixture set: the sentence says what the value says.
  const evidence: Record<string, Partial<Record<FactKey, RegExp[]>>> = {
    'grenoble-inp_2026FCSSA0025': {
      submissionDeadline: [/15 juillet 2026 a 12:00/],
      questionsDeadline: [/10 jours avant/],
      siteVisit: [/visite facultative|visite sur site est possible/],
      procedure: [/procedure adaptee/],
      lots: [/pas prevu de decomposition en lots/],
      awardCriteria: [/prix des prestations 40/, /finesse de structuration laser : 20/, /sav et support technique/, /l'objet du marche/],
      contractDuration: [/duree \/ delai 6 mois/],
      executionDelay: [/6 mois/],
      offerValidityDays: [/validite des offres est fixe a 4 mois/],
      variantsAllowed: [/aucune variante n'est autorisee|variantes sans/],
      priceType: [/actualisables/],
      warranty: [/garantie de 1 an/],
      penalties: [/par jour de retard/, /1,00\/30/],
      candidatureDocuments: [/dc1/, /dume/, /declaration sur l'honneur/, /chiffre d'affaires/],
      offerDocuments: [/cadre de reponse financier/, /cadre de reponse technique/],
      submissionPlatform: [/marches-publics\.gouv\.fr/],
      electronicSignatureRequired: [/signature electronique des documents n'est pas exigee/],
    },
    'france-travail_010.26_bornes-irve': {
      submissionDeadline: [/15\/07\/2026 a 16h00/],
      procedure: [/appel d'offres ouvert/],
      contractDuration: [/duree ferme de trois ans/, /duree maximale de quatre ans/],
      priceType: [/prix sont revisables/],
      warranty: [/parfait achevement est fixe a un an/, /duree de 2 ans/, /duree de 10 ans/],
      penalties: [/50€ par jour/],
    },
  };

  it('cites every fact: a page of the document, a trimmed excerpt of at most 300 characters that says the value', () => {
    for (const label of labels) {
      const docs = new Map((sets.get(label.set) ?? []).map((doc) => [doc.documentId, doc]));
      for (const fact of factsOf(label.set)) {
        expect(fact.sources.length, fact.key).toBeGreaterThan(0);
        expect(fact.confidence).toBeGreaterThan(0);
        expect(fact.confidence).toBeLessThanOrEqual(1);
        for (const source of fact.sources) {
          const doc = docs.get(source.documentId) as Doc;
          expect(doc.fileName).toBe(source.fileName);
          const page = doc.pages.find((p) => p.page === source.page);
          expect(page, `${fact.key} cites page ${source.page}`).toBeDefined();
          expect(source.excerpt.length).toBeLessThanOrEqual(300);
          expect(source.excerpt).toBe(source.excerpt.trim());
          // The excerpt is text of that very page (layout spaces aside).
          const words = source.excerpt.split(' ').slice(0, 4).join(' ');
          expect(fold(page?.text ?? ''), `${fact.key}: "${words}" on page ${source.page}`).toContain(fold(words));
        }
        const joined = fold(fact.sources.map((s) => s.excerpt).join(' | '));
        for (const re of evidence[label.set]?.[fact.key] ?? []) expect(joined, fact.key).toMatch(re);
      }
    }
  });
});

// ------------------------------------------------------------------------------------------------
// Small texts for the rules' edge cases

let serial = 0;
const doc = (kind: DocumentKind, ...pages: string[]): Doc => ({
  documentId: `doc-${++serial}`,
  entry: null,
  fileName: `${kind}.pdf`,
  pages: pages.map((text, at) => ({ page: at + 1, text })),
  kind,
});
const factOf = (key: FactKey, ...docs: Doc[]): Fact | undefined => extractFacts(docs).find((fact) => fact.key === key);
const valueOf = (key: FactKey, ...docs: Doc[]) => factOf(key, ...docs)?.value;

describe('dates', () => {
  const deadline = (line: string) => valueOf('submissionDeadline', doc('RC', `REGLEMENT DE LA CONSULTATION\n\n${line}\n`));
  it.each([
    ['Date et heure limites de réception des offres :\n   MERCREDI 15 JUILLET 2026 A 12:00', '2026-07-15T12:00:00+02:00'],
    ['Date limite de remise des offres : 15/07/2026 à 16h00', '2026-07-15T16:00:00+02:00'],
    ['Date limite de réception des offres : le 3 mars 2026 à 12 heures', '2026-03-03T12:00:00+01:00'],
    ['Date limite de remise des plis : 15/01/2027 à 16h30', '2027-01-15T16:30:00+01:00'],
    ['Date limite de réception des offres : lundi 1er décembre 2026 à 9h', '2026-12-01T09:00:00+01:00'],
    ['Date limite de dépôt des offres : 15.07.26 - 12h00', '2026-07-15T12:00:00+02:00'],
    // The clocks go forward at 2:00 on Sunday 29 March 2026, back at 3:00 on 25 October.
    ['Date limite de réception des offres : 29 mars 2026 à 12h00', '2026-03-29T12:00:00+02:00'],
    ['Date limite de réception des offres : 28 mars 2026 à 12h00', '2026-03-28T12:00:00+01:00'],
    ['Date limite de réception des offres : 25 octobre 2026 à 12h00', '2026-10-25T12:00:00+01:00'],
    ['Date limite de réception des offres : 24 octobre 2026 à 23h59', '2026-10-24T23:59:00+02:00'],
  ])('%s', (line, iso) => expect(deadline(line)).toBe(iso));

  it('places a date written without its year after `now`, and only with `now`', () => {
    const rc = doc('RC', 'Date limite de réception des offres : le 15 janvier à 12h00');
    expect(extractFacts([rc], { now: new Date('2026-11-20T00:00:00Z') }).find((f) => f.key === 'submissionDeadline')?.value).toBe('2027-01-15T12:00:00+01:00');
    expect(extractFacts([rc], { now: new Date('2027-01-02T00:00:00Z') }).find((f) => f.key === 'submissionDeadline')?.value).toBe('2027-01-15T12:00:00+01:00');
    expect(valueOf('submissionDeadline', rc)).toBeUndefined();
  });

  it('prefers the date labelled as the offers deadline, and the RC over other documents', () => {
    const rc = doc('RC', 'Date de publication : 2 juin 2026\n\nLes candidats devront remettre leur offre.\n\nDate limite de réception des offres : 10 juillet 2026 à 12h00\n');
    const qr = doc('QR', 'Date et heure limite de remise des plis : 9 juillet 2026 à 12h00');
    const fact = factOf('submissionDeadline', qr, rc);
    expect(fact?.value).toBe('2026-07-10T12:00:00+02:00');
    expect(fact?.sources[0]?.documentId).toBe(rc.documentId);
  });

  it('computes a questions deadline written relative to the deadline, and ignores the buyer’s own delays', () => {
    const rc = doc(
      'RC',
      'Date limite de réception des offres : vendredi 10 avril 2026 à 12h00',
      [
        "Le pouvoir adjudicateur se réserve le droit d'apporter des modifications de détail au dossier de consultation au plus tard 6 jours avant la date limite de réception des offres.",
        '',
        'Pour obtenir tous les renseignements complémentaires, les candidats transmettent leur demande sur le profil d’acheteur.',
        'Cette demande doit intervenir au plus tard 10 jours avant la date limite de remise des plis.',
        '',
        'Une réponse sera alors adressée 6 jours au plus tard avant la date limite de remise des plis.',
      ].join('\n'),
    );
    const fact = factOf('questionsDeadline', rc);
    // 10 days before 10 April is 31 March: after the clocks went forward, still 12:00 local.
    expect(fact?.value).toBe('2026-03-31T12:00:00+02:00');
    expect(fact?.sources).toHaveLength(1);
    expect(fact?.sources[0]).toMatchObject({ page: 2, excerpt: 'Cette demande doit intervenir au plus tard 10 jours avant la date limite de remise des plis.' });
  });

  it('reads an absolute questions deadline, and working days', () => {
    const absolute = doc('RC', 'Date limite de réception des offres : 10 avril 2026 à 12h00\n\nLes questions devront parvenir au plus tard le 1er avril 2026 à 17h00.');
    expect(valueOf('questionsDeadline', absolute)).toBe('2026-04-01T17:00:00+02:00');
    const working = doc('RC', 'Date limite de réception des offres : vendredi 10 avril 2026 à 12h00\n\nLes questions sont posées au plus tard 5 jours ouvrés avant la date limite de réception des offres.');
    expect(valueOf('questionsDeadline', working)).toBe('2026-04-03T12:00:00+02:00');
  });
});

describe('award criteria', () => {
  const criteria = (text: string) => valueOf('awardCriteria', doc('RC', text)) as Criterion[] | undefined;

  it('keeps the weights as the RC states them, points or percentages, sub-criteria included', () => {
    expect(
      criteria(
        [
          'Les offres seront jugées selon les critères pondérés suivants :',
          '   Critère n°1 : Prix                                    sur 40 points',
          '   Critère n°2 : Valeur technique                        sur 60 points',
          '      a) Méthodologie et organisation du chantier            40 points',
          '      b) Moyens humains et matériels                         20 points',
        ].join('\n'),
      ),
    ).toEqual([
      { name: 'Prix', weight: 40 },
      { name: 'Valeur technique', weight: 60, subCriteria: [{ name: 'Méthodologie et organisation du chantier', weight: 40 }, { name: 'Moyens humains et matériels', weight: 20 }] },
    ]);
  });

  it('never scales a list that does not add up: the sum is a finding, with a lower confidence and a red flag', () => {
    const rc = doc('RC', 'Critères de jugement des offres et pondération\nPrix des prestations : 50 %\nValeur technique : 40 %\n');
    const fact = extractFacts([rc]).find((f) => f.key === 'awardCriteria');
    expect(fact?.value).toEqual([
      { name: 'Prix des prestations', weight: 50 },
      { name: 'Valeur technique', weight: 40 },
    ]);
    expect(fact?.confidence).toBeLessThanOrEqual(0.5);
    const flags = redFlagsOf([{ ...fact!, status: 'extracted' } as unknown as StoredFact], [], new Date('2026-01-01T00:00:00Z'));
    expect(flags).toContainEqual(expect.objectContaining({ key: 'criteria_incomplete', vars: { sum: 90 } }));
  });

  it('reads a criterion whose line ends with a full stop, keeps a heading’s words, and skips totals and definitions', () => {
    expect(
      criteria(
        [
          'Les offres seront appréciées au regard des critères pondérés suivants :',
          '1. Prix des prestations : sur 60 points.',
          '2. Critères techniques : sur 35 points.',
          'Définition de la note technique : sur 50 points',
          '3. Normes environnementales – RSE : sur 5 points.',
          'Total : 100 points',
        ].join('\n'),
      ),
    ).toEqual([
      { name: 'Prix des prestations', weight: 60 },
      { name: 'Critères techniques', weight: 35 },
      { name: 'Normes environnementales – RSE', weight: 5 },
    ]);
  });

  it('scales sub-criteria written as shares of their criterion', () => {
    const found = criteria(['Critères d’attribution pondérés :', '1. Prix 40 %', '2. Valeur technique 60 %', '2.1 Méthodologie 50 %', '2.2 Planning 50 %'].join('\n'));
    expect(found?.[1]?.subCriteria).toEqual([
      { name: 'Méthodologie', weight: 30 },
      { name: 'Planning', weight: 30 },
    ]);
  });

  it('reads a table whose weight column stands apart from cells of several lines, the criterion named by its own words', () => {
    expect(
      criteria(
        [
          'Les critères retenus pour le jugement des offres sont pondérés de la manière suivante :',
          '                         Critères                                              Pondération',
          'Prix des prestations jugé sur la base du détail quantitatif estimatif',
          '                                                                                 60/100',
          '',
          'Valeur technique appréciée au regard des sous-critères suivants :',
          '   -    Méthodologie d’intervention : 20 pts',
          '                                                                                 35/100',
          '   -    Moyens humains affectés au marché et leur',
          '        qualification : 15 pts',
          '',
          'Performance en matière de protection',
          'de l’environnement                                                               5/100',
          '',
          ' En cas d’erreur purement matérielle dans le détail quantitatif estimatif, le candidat sera invité à confirmer.',
        ].join('\n'),
      ),
    ).toEqual([
      { name: 'Prix des prestations', weight: 60 },
      { name: 'Valeur technique', weight: 35, subCriteria: [{ name: 'Méthodologie d’intervention', weight: 20 }, { name: 'Moyens humains affectés au marché et leur qualification', weight: 15 }] },
      { name: 'Performance en matière de protection de l’environnement', weight: 5 },
    ]);
  });

  it('gives each group of lots its own criteria when the RC does (R. 2152-11), sub-sub-criteria aside', () => {
    const rc = doc(
      'RC',
      [
        'Article 8 - Critères d’attribution',
        'Les critères d’attribution des lots 1 à 3 sont les suivants :',
        'Critère n°1 : Prix (40%)',
        'Critère n°2 : Valeur technique (60%)',
        '    •   Sous-critère 2.1 : Méthodologie et organisation (40%)',
        '            ➢    Sous-critère 2.1.1 : Organisation de la base vie (10%)',
        '            ➢    Sous-critère 2.1.2 : Phasage des travaux en site occupé',
        '                 (30%)',
        '    •   Sous-critère 2.2 : Moyens humains (20%)',
        '',
        'Pour le lot 4, les critères d’attribution sont :',
        'Critère n°1 : Prix (60%)',
        'Critère n°2 : Valeur technique au regard du mémoire technique',
        '(40%)',
      ].join('\n'),
    );
    const facts = extractFacts([rc]);
    expect(facts.find((f) => f.key === 'awardCriteria')).toBeUndefined();
    expect(facts.find((f) => f.key === 'awardCriteriaByLots')?.value).toEqual([
      {
        lots: [1, 2, 3],
        criteria: [
          { name: 'Prix', weight: 40 },
          { name: 'Valeur technique', weight: 60, subCriteria: [{ name: 'Méthodologie et organisation', weight: 40 }, { name: 'Moyens humains', weight: 20 }] },
        ],
      },
      { lots: [4], criteria: [{ name: 'Prix', weight: 60 }, { name: 'Valeur technique', weight: 40 }] },
    ]);
  });

  it('rejoins labels that wrap onto the next line, before or after the weight', () => {
    expect(
      criteria(
        [
          'Les critères retenus pour le jugement des offres sont pondérés de la manière suivante :',
          '1-Prix des prestations                                          60.0 %',
          '2-Qualité des services associés : livraison, installation et   30.0 %',
          'formation',
          '3- Performances en matière de protection de l’environnement',
          'en lien avec l’objet du marché                                  10 %',
          '',
          'Chaque candidat se verra attribuer une note globale sur /100.',
        ].join('\n'),
      ),
    ).toEqual([
      { name: 'Prix des prestations', weight: 60 },
      { name: 'Qualité des services associés : livraison, installation et formation', weight: 30 },
      { name: 'Performances en matière de protection de l’environnement en lien avec l’objet du marché', weight: 10 },
    ]);
  });
});

describe('lots, variants, durations and the rest', () => {
  it('reads lots, their titles and estimated amounts', () => {
    const rc = doc(
      'RC',
      'SOMMAIRE\nLot n° 1 – Gros œuvre ........................ 4\n',
      [
        '1.4 - Décomposition de la consultation',
        'Les travaux sont répartis en 3 lots :',
        'Lot n° 1 – Gros œuvre',
        '   Montant estimé : 120 000 € HT',
        'Lot 2 : Charpente – couverture (montant estimé 45 000 €)',
        'Lot n°3 - Menuiseries extérieures',
      ].join('\n'),
    );
    const fact = factOf('lots', rc);
    expect(fact?.value).toEqual({
      allotted: true,
      lots: [
        { number: 1, title: 'Gros œuvre', estimatedAmount: 120000 },
        { number: 2, title: 'Charpente – couverture', estimatedAmount: 45000 },
        { number: 3, title: 'Menuiseries extérieures' },
      ],
    });
    expect(fact?.sources.some((s) => s.page === 2 && /r.partis en 3 lots/.test(s.excerpt))).toBe(true);
  });

  it('reads a consultation that is not divided into lots', () => {
    expect(valueOf('lots', doc('RC', 'Le marché n’est pas alloti : l’objet ne permet pas d’identifier des prestations distinctes.'))).toEqual({ allotted: false, lots: [] });
    expect(valueOf('lots', doc('CCAP', 'Il n’est pas prévu de décomposition en lots.'))).toEqual({ allotted: false, lots: [] });
  });

  it('reads a site visit stated in a CCTP or a CCP, the RC first when they disagree', () => {
    expect(valueOf('siteVisit', doc('CCTP', 'Article 8 – Visite\nUne visite des lieux est obligatoire avant la remise des offres ; les offres des candidats qui ne l’auront pas effectuée seront déclarées non recevables.'))).toEqual({ required: true });
    expect(valueOf('siteVisit', doc('CCP', 'La visite du site est obligatoire.'))).toEqual({ required: true });
    const both = extractFacts([doc('RC', 'La visite des lieux est facultative.'), doc('CCTP', 'La visite des lieux est obligatoire.')]).find((f) => f.key === 'siteVisit');
    expect(both?.value).toEqual({ required: false });
    // The CCAG-Travaux's wording: the holder is deemed to know the site, no visit is asked of him.
    expect(valueOf('siteVisit', doc('CCTP', "L'entrepreneur est réputé avoir visité les lieux et pris connaissance de toutes les contraintes du site."))).toEqual({ required: false });
    const deemedAndAsked = extractFacts([doc('RC', 'La visite du site est obligatoire.'), doc('CCTP', 'Les entreprises sont réputées avoir effectué une visite complète du site.')]);
    expect(deemedAndAsked.find((f) => f.key === 'siteVisit')?.value).toEqual({ required: true });
  });

  it('reads a table of lots across its pages, titles over several lines, footnotes and page footers aside', () => {
    const rc = doc(
      'RC',
      [
        '   4.2 Allotissement',
        'Les prestations sont alloties de la manière suivante :',
        '        N°                        Intitulés des lots',
        '         1         Maîtrise d’œuvre des voiries',
        '         2         Coordination sécurité et protection de la santé – inférieur ou égal à 90 000€ HT1',
        '',
        '         3         Ordonnancement, pilotage et coordination',
        '                   des travaux du secteur nord',
        '1 Se référer à l’article 3.8 du CCAP pour le seuil',
      ].join('\n'),
      ['             4          Contrôle technique', '             5          Diagnostics amiante et plomb avant', '                        travaux', '', '4.3 Durée'].join('\n'),
    );
    expect(valueOf('lots', rc)).toEqual({
      allotted: true,
      lots: [
        { number: 1, title: 'Maîtrise d’œuvre des voiries' },
        { number: 2, title: 'Coordination sécurité et protection de la santé – inférieur ou égal à 90 000€ HT' },
        { number: 3, title: 'Ordonnancement, pilotage et coordination des travaux du secteur nord' },
        { number: 4, title: 'Contrôle technique' },
        { number: 5, title: 'Diagnostics amiante et plomb avant travaux' },
      ],
    });
  });

  it('reads the lots of a DCE made of CCTPs alone from their list, before a cover’s shorter title', () => {
    const cctp = doc('CCTP', 'Lot n°1 - Charpente Couverture\n   Menuiserie Alu', '1.2.2 Liste des corps d’état\nLot n°1 : Charpente Couverture Menuiseries Alu\nLot n°2 : Menuiserie Intérieure\nLot n°3 : Plâtrerie Peinture');
    const fact = factOf('lots', cctp);
    expect(fact?.value).toEqual({
      allotted: true,
      lots: [
        { number: 1, title: 'Charpente Couverture Menuiseries Alu' },
        { number: 2, title: 'Menuiserie Intérieure' },
        { number: 3, title: 'Plâtrerie Peinture' },
      ],
    });
    expect(fact?.confidence).toBeLessThanOrEqual(0.6);
  });

  it('reads a warranty written with the verb ("sera garanti un an")', () => {
    expect(valueOf('warranty', doc('CCTP', "Le matériel mis en place sera garanti un an (pièces et main d'œuvre) à compter de la réception."))).toBe("1 an pièces et main d'œuvre");
  });

  it('reads the pieces under the DAJ model RC’s headings, numbered items after their lead-in, ATTRI1 as the acte d’engagement', () => {
    const rc = doc(
      'RC',
      [
        'ARTICLE 6 - CANDIDATURE',
        '',
        '   6.3 Présentation de la candidature',
        '',
        'Les candidats ont le choix de présenter leur candidature sous forme de DUME ou à l’aide des formulaires DC1 et DC2.',
        '',
        '   6.7 Vérification des conditions de participation : liste des documents justificatifs',
        '',
        '   -   Déclaration concernant le chiffre d’affaires global réalisé au cours des trois derniers exercices ;',
        '   -   Présentation d’une liste des principaux services effectués au cours des trois dernières années ;',
        '',
        'ARTICLE 7 – OFFRE',
        '',
        '   7.1 Présentation de l’offre',
        '',
        'L’offre du soumissionnaire comporte les pièces suivantes par lot :',
        '   01. L’acte d’engagement complété (ATTRI1) et ses annexes :',
        '        •   Annexe 1 : bordereau des prix unitaires (BPU) du lot considéré ;',
        '   02. le cadre de réponse technique (CRT) complété du lot considéré et ses annexes.',
        '   03. un acte spécial de sous-traitance par sous-traitant.',
        '   04. Le mémoire technique, qui comprendra :',
        '      1. La méthodologie d’exécution,',
        '      2. Le planning prévisionnel d’exécution comprenant les délais de chaque phase.',
        '',
        '   7.2 Examen des offres',
        'Les offres irrégulières peuvent être régularisées ; un relevé d’identité bancaire sera demandé à l’attributaire.',
      ].join('\n'),
    );
    expect(new Set(valueOf('candidatureDocuments', rc) as string[])).toEqual(new Set(['DUME', 'DC1', 'DC2', 'TURNOVER', 'REFERENCES']));
    expect(new Set(valueOf('offerDocuments', rc) as string[])).toEqual(new Set(['ATTRI1', 'BPU', 'CRT', 'MEMOIRE_TECHNIQUE', 'PLANNING']));
  });

  it('lists the pieces of the candidature as the RC names them, insurance in its usual wordings', () => {
    const pieces = valueOf(
      'candidatureDocuments',
      doc('RC', "4.1 - Documents à produire – candidature\nLe candidat produit :\n- un extrait Kbis de moins de 3 mois ;\n- la preuve d'une assurance pour les risques professionnels ;\n- une déclaration concernant le chiffre d'affaires global.\n\n4.2 - Documents à produire – offre\n- l'acte d'engagement.\n"),
    );
    expect(pieces).toEqual(['KBIS', 'INSURANCE', 'TURNOVER']);
  });

  it('reads variants refused or allowed', () => {
    expect(valueOf('variantsAllowed', doc('RC', '2.3 - Variantes\nLes variantes ne sont pas autorisées.'))).toBe(false);
    expect(valueOf('variantsAllowed', doc('RC', 'Variantes     Sans'))).toBe(false);
    expect(valueOf('variantsAllowed', doc('RC', 'Les variantes sont autorisées dans les conditions suivantes.'))).toBe(true);
  });

  it('reads the renewals and the longest term with the contract’s duration, wherever the RC or the CCAP state them', () => {
    const duration = (...pages: string[]) => valueOf('contractDuration', doc('RC', ...pages));
    expect(duration('Le marché est conclu pour une durée de 12 mois à compter du 1er janvier 2026. Il est reconductible 3 (TROIS) fois pour la même période, soit un maximum de 48 mois.')).toBe(
      '12 mois, reconductible 3 fois, 48 mois au maximum',
    );
    expect(duration('Chaque lot de l’accord-cadre est conclu pour une durée ferme de 24 mois sans que leur durée ne puisse excéder 48 mois.', 'Chaque lot de l’accord-cadre est reconductible tacitement deux (2) fois pour une période de douze (12) mois.')).toBe(
      '24 mois, reconductible tacitement 2 fois par période de 12 mois, 48 mois au maximum',
    );
    // A maximum shorter than the term is some phase's, not the contract's.
    expect(duration('Le marché est conclu pour une durée de 24 mois.\n\nLa phase d’initialisation a une durée maximale de 2 mois.')).toBe('24 mois');
    expect(duration('Le marché est conclu pour une durée de 3 ans. Il n’est pas reconductible.')).toBe('3 ans');
    expect(statedQuantities('12 mois reconductible 3 (trois) fois, soit un maximum de 48 mois')).toEqual(['12 mois', '3 fois', '48 mois']);
  });

  it('does not take a warranty for the contract’s duration', () => {
    const ccap = doc('CCAP', 'Les fournitures bénéficient d’une garantie de 2 ans pièces et main d’œuvre.\n\nLe marché est conclu pour une durée de 12 mois à compter de sa notification.');
    expect(valueOf('contractDuration', ccap)).toBe('12 mois');
    expect(valueOf('warranty', ccap)).toBe("2 ans pièces et main d'œuvre");
    expect(valueOf('contractDuration', doc('CCAP', 'La garantie est d’une durée de 2 ans.'))).toBeUndefined();
  });

  it('reads validity, prices, penalties, visit, procedure, platform and signature', () => {
    const rc = doc(
      'RC',
      [
        'Mode de passation : appel d’offres ouvert',
        'Le délai de validité des offres est de 90 jours à compter de la date limite de réception des offres.',
        'La visite des lieux est obligatoire. Elle aura lieu le 12 mai 2026 à 10h00.',
        '',
        'La transmission des plis se fait sur la plateforme https://www.achatpublic.com/ exclusivement.',
        'La signature électronique de l’offre est exigée.',
      ].join('\n'),
    );
    const ccap = doc('CCAP', 'Les prix sont fermes et définitifs.\n\nEn cas de retard, le titulaire encourt une pénalité de 1/1000e du montant du marché par jour de retard.');
    const facts = new Map(extractFacts([rc, ccap]).map((fact) => [fact.key, fact.value]));
    expect(facts.get('procedure')).toBe('open');
    expect(facts.get('offerValidityDays')).toBe(90);
    expect(facts.get('siteVisit')).toEqual({ required: true });
    expect(facts.get('submissionPlatform')).toBe('https://www.achatpublic.com');
    expect(facts.get('electronicSignatureRequired')).toBe(true);
    expect(facts.get('priceType')).toBe('firm');
    expect((facts.get('penalties') as Penalties).perDay).toEqual({ fraction: 0.001 });
    expect(valueOf('procedure', doc('RC', 'La présente consultation est passée selon la procédure adaptée (MAPA).'))).toBe('adapted');
    expect(valueOf('priceType', doc('CCAP', 'Les prix sont révisables annuellement.'))).toBe('revisable');
  });

  // Sentences as the Code de la commande publique (R. 2112-9 to R. 2112-14) and the CCAG write them.
  it('tells firm, adjustable ("actualisables") and revisable prices apart, a firm first year then revised being revisable', () => {
    const form = (text: string) => valueOf('priceType', doc('CCAP', text));
    expect(form('Les prix du marché sont fermes et définitifs.')).toBe('firm');
    expect(form('Les prix sont fermes et non actualisables.')).toBe('firm');
    expect(form('Les prix sont fermes et actualisables.')).toBe('adjustable');
    expect(form('Les prix du marché sont réputés établis sur la base des conditions économiques du mois zéro. Ils sont actualisables par application d’un coefficient.')).toBe('adjustable');
    expect(form('Les prix sont fermes et non révisables la première année, puis révisés annuellement selon la formule ci-après.')).toBe('revisable');
    expect(form('Les prix sont fermes de la notification au 31 décembre 2026.\n\nLes prix seront révisables annuellement à compter du 1er janvier 2027.')).toBe('revisable');
  });

  it('reads the CCAG formula with its coefficient, and the late-execution penalty before the side ones', () => {
    const formula = valueOf('penalties', doc('CCAP', 'Article 13 – Pénalités\nTout retard dans l’exécution des prestations entraîne des pénalités calculées par la formule suivante :\nP = 0,5*V x R / 100, dans laquelle :\nR = nombre de jours ouvrés de retard.')) as Penalties;
    expect(formula.perDay).toEqual({ fraction: 0.005 });
    const ccap = doc(
      'CCAP',
      [
        '11.1 - Pénalités de retard',
        'Le titulaire encourt les pénalités de retard suivantes sans mise en demeure préalable :',
        'Pour retard dans la remise des livrables :',
        '        - 500€ par jour et par document non remis',
        'Pour retard dans l’exécution des prestations :',
        '        - 1 200€ par jour de retard dans l’exécution des prestations.',
      ].join('\n'),
    );
    expect((valueOf('penalties', ccap) as Penalties).perDay).toEqual({ amount: 1200 });
  });

  it('leaves out what only looks like a fact: conditional variants, a question’s date, one task’s delay, a compliance-certificate site', () => {
    expect(valueOf('variantsAllowed', doc('CCTP', "L'entrepreneur peut proposer des variantes, si le règlement de consultation l'autorise, en annexe de son offre."))).toBeUndefined();
    expect(valueOf('questionsDeadline', doc('QR', '## Question n°1 (08/12/2025)\nLa date limite de remise des offres est-elle maintenue ?\nRéponse : oui.'))).toBeUndefined();
    expect(valueOf('executionDelay', doc('CCTP', "Le délai de réalisation de l'audit est de 4 semaines à partir de la réception du bon de commande."))).toBeUndefined();
    expect(valueOf('executionDelay', doc('CCAP', "Le délai d'exécution des prestations est de 4 semaines à compter de la notification."))).toBe('4 semaines');
    expect(valueOf('submissionPlatform', doc('CCAP', 'Le titulaire dépose ses attestations et documents sur la plateforme « e-attestations.com » : https://fournisseurs.e-attestations.com.'))).toBeUndefined();
  });

  it('reads the term of a first tranche or phase as the delay to keep (R. 2113-4)', () => {
    expect(valueOf('executionDelay', doc('CCAP', 'La tranche ferme 1 court pour une durée de 3 mois maximum à compter de la notification du marché.'))).toBe('3 mois maximum (tranche ferme 1)');
    expect(valueOf('executionDelay', doc('CCAP', 'La durée de la phase d’initialisation ne pourra pas dépasser 4 mois.'))).toBe('4 mois maximum (phase d’initialisation)');
  });

  it('reads the requests’ deadline in a sentence that begins with the buyer’s answers (R. 2132-6)', () => {
    const rc = doc(
      'RC',
      'Date limite de réception des offres : mercredi 11 juin 2025 à 14h00\n\nLes réponses aux demandes de renseignements complémentaires reçues en temps utile au plus tard 8 jours avant la date de réception des offres sont transmises aux candidats au plus tard 6 jours avant la date limite de réception des offres.',
    );
    expect(valueOf('questionsDeadline', rc)).toBe('2025-06-03T14:00:00+02:00');
  });

  it('reads a validity written "5 (CINQ) mois", and a contract that gives no warranty', () => {
    expect(valueOf('offerValidityDays', doc('RC', 'Le délai de validité des offres est fixé à 5 (CINQ) mois à compter de la date limite de réception des offres.'))).toBe(150);
    expect(valueOf('warranty', doc('CCAP', '10 - Garantie des prestations\nLes prestations ne font pas l’objet d’une garantie spécifique. Les clauses du CCTP s’appliquent.'))).toBe('Les prestations ne font pas l’objet d’une garantie spécifique');
  });

  it('reads ordinary rewordings of validity, variants, delay, penalties and the hour of the deadline', () => {
    expect(valueOf('offerValidityDays', doc('RC', 'Les offres sont valables 6 mois à compter de la date limite de remise des offres.'))).toBe(180);
    expect(valueOf('variantsAllowed', doc('RC', 'Les variantes à l’initiative des candidats ne sont pas autorisées.'))).toBe(false);
    expect(valueOf('variantsAllowed', doc('RC', 'Les candidats peuvent proposer des variantes.'))).toBe(true);
    expect(valueOf('variantsAllowed', doc('RC', 'Les soumissionnaires ne sont pas autorisés à présenter de variantes à leur initiative.'))).toBe(false);
    // Signed by the winner only: no signature is asked at submission.
    expect(valueOf('electronicSignatureRequired', doc('RC', 'L’accord-cadre est signé électroniquement par le soumissionnaire retenu au moyen de l’acte d’engagement.'))).toBe(false);
    expect(valueOf('executionDelay', doc('CCAP', 'Le titulaire s’engage sur un délai de livraison de 5 mois à compter de la notification.'))).toBe('5 mois');
    const ccag = (text: string) => (valueOf('penalties', doc('CCAP', text)) as Penalties | undefined)?.perDay;
    expect(ccag('Pénalités de retard : P = V × R / 1000, où V est la valeur des prestations en retard et R le nombre de jours de retard.')).toEqual({ fraction: 0.001 });
    expect(ccag('En cas de retard, le titulaire subit une pénalité égale au montant HT de la commande × nombre de jours de retard / 3000.')).toEqual({ fraction: 0.000333 });
    expect(valueOf('submissionDeadline', doc('RC', 'Date limite de remise des offres : 15/07/2026\nHeure : 15h00'))).toBe('2026-07-15T15:00:00+02:00');
  });

  it('keys a fact to the right page of the right document', () => {
    const rc = doc('RC', 'RÈGLEMENT DE LA CONSULTATION', 'Objet', '2.3 - Variantes\nAucune variante n’est autorisée.');
    const fact = factOf('variantsAllowed', rc);
    expect(fact?.sources).toEqual([{ documentId: rc.documentId, entry: null, fileName: 'RC.pdf', page: 3, excerpt: 'Aucune variante n’est autorisée.' }]);
  });

  it('leaves out what no document says', () => {
    expect(extractFacts([doc('RC', 'Objet de la consultation : fourniture de papier.')])).toEqual([]);
    expect(extractFacts([])).toEqual([]);
  });
});

describe('memoryPageLimit: the technical memory\'s length as the RC states it', () => {
  const limitOf = (kind: DocumentKind, text: string) => valueOf('memoryPageLimit', doc(kind, text));

  it('reads pages or words, with the layout and the annexes when stated, and only those', () => {
    expect(limitOf('RC', 'Le mémoire technique ne devra pas excéder 20 pages.')).toEqual({ pages: 20 });
    expect(limitOf('RC', 'Le mémoire technique est limité à 15 pages (hors annexes).')).toEqual({ pages: 15, annexesIncluded: false });
    expect(limitOf('RC', 'Mémoire technique : 10 pages recto A4 maximum, police Arial 11.')).toEqual({ pages: 10, format: 'A4', fontSize: 11 });
    expect(limitOf('RC', 'Le mémoire justificatif comportera 30 pages maximum annexes comprises.')).toEqual({ pages: 30, annexesIncluded: true });
    expect(limitOf('RC', 'La note méthodologique ne dépassera pas 5 000 mots.')).toEqual({ words: 5000 });
    expect(limitOf('RC', "Le mémoire technique, d'un maximum de vingt (20) pages, présentera la méthodologie.")).toEqual({ pages: 20 });
    expect(limitOf('CCP', "L'offre technique sera limitée à 25 pages au format A3, y compris les annexes.")).toEqual({ pages: 25, format: 'A3', annexesIncluded: true });
    // The layout in the next sentence about the same memory.
    expect(limitOf('RC', 'Le mémoire technique ne devra pas excéder 20 pages. Il sera rédigé en police Calibri 11 minimum, au format A4.')).toEqual({ pages: 20, format: 'A4', fontSize: 11 });
    // The buyer's frame may say it too, and a heading names the memory the line below limits.
    expect(limitOf('CRT', 'CADRE DE MÉMOIRE TECHNIQUE\n\nLa réponse du candidat ne doit pas dépasser 12 pages.')).toEqual({ pages: 12 });
  });

  it('cites the sentence that states the limit', () => {
    const rc = doc('RC', '5.2 - Présentation des offres\nLe mémoire technique ne devra pas excéder 20 pages (hors annexes), en police Arial 10.');
    const fact = factOf('memoryPageLimit', rc);
    expect(fact?.sources).toEqual([{ documentId: rc.documentId, entry: null, fileName: 'RC.pdf', page: 1, excerpt: 'Le mémoire technique ne devra pas excéder 20 pages (hors annexes), en police Arial 10.' }]);
    expect(fact?.value).toEqual({ pages: 20, fontSize: 10, annexesIncluded: false });
  });

  it('never guesses: a count of pages, a memory without a limit, another part limited, RAM', () => {
    expect(limitOf('CCAP', 'Le présent document comporte 20 pages numérotées de 1 à 20.')).toBeUndefined();
    expect(limitOf('RC', 'Un mémoire technique décrivant la méthodologie et les moyens.')).toBeUndefined();
    expect(limitOf('RC', 'Le mémoire technique comprendra les CV des intervenants, qui ne devront pas excéder 2 pages chacun.')).toBeUndefined();
    expect(limitOf('RC', 'Les références ne devront pas excéder 3 pages.')).toBeUndefined();
    expect(limitOf('CCTP', 'Impressions : −30 % de pages A4/an par rapport à l’année N-1.')).toBeUndefined();
    expect(limitOf('CCTP', 'Mémoire vive : 16 Go au minimum, 64 Go au maximum.')).toBeUndefined();
    // A price schedule or a form says nothing of the memory.
    expect(limitOf('BPU', 'Le mémoire technique ne devra pas excéder 20 pages.')).toBeUndefined();
  });
});
