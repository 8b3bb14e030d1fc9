// The rules that find a CCTP's requirements (server/analysis/cctp), on two real fixture files
// against labels written by hand (tests/fixtures/cctp-labels), and on small texts for each rule.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractRequirements, findNorms, type FoundRequirement, type RequirementKind } from '../../server/analysis/cctp';
import type { AnalysedDocument } from '../../server/analysis/dce/types';
import { runExtraction } from '../../server/extraction/run';
import { fold } from '../support/dce-labels';

type Label = { page: number; section: string; contains: string; kind: RequirementKind };
type Labels = { set: string; file: string; requirements: Label[]; notRequirements: string[] };

const fixtures = 'tests/fixtures/dce';
const labelDir = 'tests/fixtures/cctp-labels';
// The CCTPs the rules were written from; the newer sets are measured by `npm run bench:dce`.
const STRICT_SETS = new Set(['grenoble-inp_2026FCSSA0025', 'france-travail_010.26_bornes-irve']);
const labels: Labels[] = readdirSync(labelDir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(join(labelDir, name), 'utf8')) as Labels)
  .filter((label) => STRICT_SETS.has(label.set));


const docs = new Map<string, AnalysedDocument>();

beforeAll(async () => {
  await Promise.all(
    labels.map(async ({ set, file }) => {
      const result = await runExtraction({ path: join(fixtures, set, file), fileName: file }, {});
      const pages = result.parts.flatMap((part) => part.pages.map((page) => ({ page: page.page, text: page.text })));
      docs.set(set, { documentId: `${set}/${file}`, entry: null, fileName: file, pages });
    }),
  );
}, 120_000);

const doc = (pages: string[]): AnalysedDocument => ({ documentId: 'd', entry: null, fileName: 'CCTP.pdf', pages: pages.map((text, at) => ({ page: at + 1, text })) });
const texts = (pages: string[]) => extractRequirements(doc(pages)).map((r) => r.text);

describe('extractRequirements on the fixtures', () => {
  it('finds the labelled requirements, none of the labelled non-requirements, with their kind and section', () => {
    const floors: Record<string, { recall: number; kind: number; section: number }> = {
      'grenoble-inp_2026FCSSA0025': { recall: 0.95, kind: 0.92, section: 0.95 },
      'france-travail_010.26_bornes-irve': { recall: 0.92, kind: 0.88, section: 0.95 },
    };
    for (const label of labels) {
      const found = extractRequirements(docs.get(label.set) as AnalysedDocument);
      const misses: string[] = [];
      let hit = 0;
      let rightKind = 0;
      let rightSection = 0;
      for (const want of label.requirements) {
        const match = found.find((r: FoundRequirement) => r.page === want.page && fold(r.text).includes(fold(want.contains)));
        if (!match) {
          misses.push(`missed p${want.page} "${want.contains}"`);
          continue;
        }
        hit++;
        if (match.kind === want.kind) rightKind++;
        else misses.push(`kind p${want.page} "${want.contains}": ${match.kind} instead of ${want.kind}`);
        if (match.section.number === want.section) rightSection++;
        else misses.push(`section p${want.page} "${want.contains}": ${match.section.number} instead of ${want.section}`);
      }
      const wrong = label.notRequirements.filter((snippet) => found.some((r) => fold(r.text).includes(fold(snippet))));
      const recall = hit / label.requirements.length;
      const precision = 1 - wrong.length / label.notRequirements.length;
      const kind = hit ? rightKind / hit : 0;
      const section = hit ? rightSection / hit : 0;
      console.info(
        `CCTP rules, ${label.set}: ${found.length} found; recall ${recall.toFixed(2)} (${hit}/${label.requirements.length}), ` +
          `precision on non-requirements ${precision.toFixed(2)} (${wrong.length}/${label.notRequirements.length} returned), ` +
          `kind ${kind.toFixed(2)}, section ${section.toFixed(2)}${misses.length || wrong.length ? `\n${[...misses, ...wrong.map((w) => `returned "${w}"`)].join('\n')}` : ''}`,
      );
      const floor = floors[label.set] ?? { recall: 0.85, kind: 0.75, section: 0.85 };
      expect(wrong).toEqual([]);
      expect(recall).toBeGreaterThanOrEqual(floor.recall);
      expect(kind).toBeGreaterThanOrEqual(floor.kind);
      expect(section).toBeGreaterThanOrEqual(floor.section);
    }
  });

  it('cites a page of the document, a trimmed text of at most 600 characters, each text once', () => {
    for (const label of labels) {
      const document = docs.get(label.set) as AnalysedDocument;
      const found = extractRequirements(document);
      expect(found.length).toBeGreaterThan(label.requirements.length / 2);
      for (const r of found) {
        expect(document.pages.some((p) => p.page === r.page)).toBe(true);
        expect(r.text.length).toBeLessThanOrEqual(600);
        expect(r.text).toBe(r.text.replace(/\s+/g, ' ').trim());
        expect(r.fileName).toBe(label.file);
      }
      expect(new Set(found.map((r) => r.text)).size).toBe(found.length);
      // Document order: pages never go back.
      expect(found.map((r) => r.page)).toEqual([...found.map((r) => r.page)].sort((a, b) => a - b));
    }
  });
});

describe('extractRequirements on small texts', () => {
  it('gives one requirement per bullet under a lead-in, with the lead-in as context', () => {
    const found = extractRequirements(
      doc([
        '3.2 Prestations\nLe titulaire devra :\n   •   poser les bornes de recharge ;\n   •   raccorder chaque borne au TGBT ;\n\n   •   mettre en service l’installation.\n',
      ]),
    );
    expect(found.map((r) => r.text)).toEqual([
      'Le titulaire devra : poser les bornes de recharge',
      'Le titulaire devra : raccorder chaque borne au TGBT',
      'Le titulaire devra : mettre en service l’installation.',
    ]);
    expect(found.every((r) => r.section.number === '3.2' && r.section.title === 'Prestations')).toBe(true);
  });

  it('gives no requirement for a list under a sentence that describes', () => {
    expect(texts(['1. Contexte\nLe site comporte les bâtiments suivants :\n - bâtiment A ;\n - bâtiment B.\n'])).toEqual([]);
  });

  it('joins a sentence wrapped over lines, and a word cut by a hyphen only before lower case', () => {
    const found = texts([
      'ARTICLE 4 - EXÉCUTION\nLes travaux de raccor-\ndement devront être réalisés par une entreprise qualifiée IRVE\net le titulaire remettra le DOE au maître d’ouvrage.\n',
    ]);
    expect(found).toEqual(['Les travaux de raccor-dement devront être réalisés par une entreprise qualifiée IRVE et le titulaire remettra le DOE au maître d’ouvrage.']);
    expect(extractRequirements(doc(['Article 4 – Exécution\nLe titulaire devra fournir un plan de prévention. Le\nSite est ouvert au public.\n']))[0]).toMatchObject({
      text: 'Le titulaire devra fournir un plan de prévention.',
      kind: 'deliverable',
      section: { number: '4', title: 'Exécution' },
    });
  });

  it('skips the table of contents and running headers', () => {
    const header = 'CCTP – Bornes IRVE   Page 1 sur 3';
    const found = texts([
      `${header}\nSOMMAIRE\n1. Objet .......................... 2\n2. Exigences minimales ............ 2\n3. Garanties ...................... 3\n`,
      `${header.replace('1', '2')}\n2. Exigences minimales\nLes bornes doivent être conformes à la norme NF EN 61851-1.\n`,
      `${header.replace('1', '3')}\n3. Garanties\nLa garantie exigée est de deux ans pièces et main d’œuvre.\n`,
    ]);
    expect(found).toEqual(['Les bornes doivent être conformes à la norme NF EN 61851-1.', 'La garantie exigée est de deux ans pièces et main d’œuvre.']);
  });

  it('finds norms, not laws', () => {
    expect(
      findNorms(
        'Conformes aux normes NF EN 61851-1, NF C 15-100 et IEC 62196-2, certifié ISO 9001:2015, selon le DTU 13.3 et la directive 2014/35/UE ; le décret n° 2017-26 et l’arrêté du 12 janvier 2017 s’appliquent.',
      ),
    ).toEqual(['NF EN 61851-1', 'NF C 15-100', 'IEC 62196-2', 'ISO 9001:2015', 'DTU 13.3', '2014/35/UE']);
    expect(findNorms('Le règlement (UE) 2016/679, l’article R.2142-19, EN 2 ans.')).toEqual([]);
    const [norm] = extractRequirements(doc(['5.1 Normes\nLes bornes doivent être conformes aux normes NF EN 61851-1 et IEC 62196-2.\n']));
    expect(norm).toMatchObject({ kind: 'norm', norms: ['NF EN 61851-1', 'IEC 62196-2'] });
  });

  it('tells performance, training, warranty and deliverable apart', () => {
    const found = extractRequirements(
      doc([
        [
          '6. Exigences',
          'Chaque point de charge doit délivrer une puissance de 22 kW en 400 V triphasé.',
          'Le titulaire devra intervenir sous 4 heures en cas de panne bloquante.',
          'Le titulaire doit assurer la formation de 5 agents à l’exploitation.',
          'Les bornes seront garanties trois ans et la maintenance préventive est obligatoire.',
          'Le titulaire doit remettre le dossier des ouvrages exécutés (DOE).',
          'Le titulaire doit respecter le règlement intérieur du site.',
        ].join('\n\n'),
      ]),
    );
    expect(found.map((r) => r.kind)).toEqual(['performance', 'performance', 'training', 'warranty', 'deliverable', 'obligation']);
  });

  it('reads a table row that demands a value', () => {
    const found = extractRequirements(
      doc(['4.1 Caractéristiques des bornes\nCaractéristique            Valeur exigée\nPuissance de charge         22 kW minimum\nIndice de protection        IP54\nCouleur                     Gris anthracite\n']),
    );
    expect(found.map((r) => [r.text, r.kind])).toEqual([
      ['Puissance de charge : 22 kW minimum', 'performance'],
      ['Indice de protection : IP54', 'performance'],
    ]);
  });

  it('reads duties in the present and the future, the holder’s staff included, and work stated in the passive future', () => {
    expect(
      texts([
        '4. Prestations\nLe titulaire assure la maintenance préventive des équipements.\n\nLe prestataire mettra en place une astreinte téléphonique.\n\nLes agents de sécurité effectuent des rondes toutes les deux heures.\n\nLes rondes seront effectuées de manière à couvrir tout le périmètre.\n',
      ]),
    ).toEqual([
      'Le titulaire assure la maintenance préventive des équipements.',
      'Le prestataire mettra en place une astreinte téléphonique.',
      'Les agents de sécurité effectuent des rondes toutes les deux heures.',
      'Les rondes seront effectuées de manière à couvrir tout le périmètre.',
    ]);
  });

  it('reads a nominal task list under "Description des travaux", nested lists included; prerequisites and the buyer’s commitments are not the holder’s', () => {
    const found = texts([
      '2. Prérequis\n   •   Mise à disposition des documents clés relatifs à l’architecture actuelle ;\n\n3. Description et modalités d’exécution\nDescription des travaux :\n   •   Analyse de l’existant :\n            o   Étude de l’architecture actuelle ;\n            o   Identification des contraintes de sécurité.\n',
      '5. Engagements\nVSGP s’engage à communiquer au titulaire les plans des bâtiments.\n',
    ]);
    expect(found.some((t) => t.includes('Étude de l’architecture actuelle'))).toBe(true);
    expect(found.some((t) => t.includes('Identification des contraintes de sécurité'))).toBe(true);
    expect(found.some((t) => t.includes('Mise à disposition des documents'))).toBe(false);
    expect(found.some((t) => t.includes('VSGP'))).toBe(false);
    // Work someone else does, or hands to the holder, in the passive future.
    expect(texts(['6. Recette\nLa VA sera réalisée par le SPC.\n\nLa documentation de la procédure sera fournie au titulaire.\n'])).toEqual([]);
  });

  it('leaves out what the buyer does and what the candidate may offer', () => {
    expect(
      texts([
        '2. Objet\nLe présent marché a pour objet la fourniture de bornes.\n\nL’acheteur peut retenir une ou plusieurs PSE.\n\nLe candidat peut proposer une extension de garantie.\n\nFrance Travail se réserve le droit de commander des bornes supplémentaires.\n',
      ]),
    ).toEqual([]);
  });
});
