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
      'grenoble-inp_2026FCSSA0025': { recall: 1, kind: 0.92, section: 0.95 },
      'france-travail_010.26_bornes-irve': { recall: 1, kind: 0.88, section: 0.95 },
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

  it('reads the duties of the CCAG’s and CCTPs’ wording: a pronoun before the verb, "est chargé de", "tenu de" with an adverb, "relève de la responsabilité", "incombe"; not the holder told, nor an impersonal "il"', () => {
    expect(
      texts([
        [
          '4. Exécution',
          'Le titulaire en assure la maintenance corrective et évolutive.',
          'Le prestataire exploite la plateforme et peut proposer des améliorations.',
          'L’entrepreneur est chargé de la remise en état des lieux.',
          'Le titulaire est contractuellement tenu de maintenir les équipements en état de marche.',
          'La fourniture des consommables relève de la responsabilité du titulaire.',
          'Le nettoyage quotidien du chantier incombe à l’entrepreneur.',
          'Le titulaire est soumis aux obligations de secret professionnel.',
          'Le titulaire en sera informé par écrit.',
          'Il y aura une réunion de lancement.',
          'Le titulaire pourra être sollicité pour des prestations complémentaires.',
        ].join('\n\n'),
      ]),
    ).toEqual([
      'Le titulaire en assure la maintenance corrective et évolutive.',
      'Le prestataire exploite la plateforme et peut proposer des améliorations.',
      'L’entrepreneur est chargé de la remise en état des lieux.',
      'Le titulaire est contractuellement tenu de maintenir les équipements en état de marche.',
      'La fourniture des consommables relève de la responsabilité du titulaire.',
      'Le nettoyage quotidien du chantier incombe à l’entrepreneur.',
      'Le titulaire est soumis aux obligations de secret professionnel.',
    ]);
  });

  it('reads what the work gives rise to ("fera l’objet d’un compte rendu"), the delays it is bound by and what a service comprises; not the buyer’s delays nor figures given for information', () => {
    const found = extractRequirements(
      doc([
        [
          '5. Délais et comptes rendus',
          'Chaque visite fera l’objet d’un compte rendu remis sous huit jours.',
          'Le délai d’intervention sur site est fixé à 4 heures ouvrées.',
          'Les dépannages sont soumis à un délai de remise en service.',
          'La prestation comprend la fourniture, la pose et le raccordement des appareils.',
          'Le délai de paiement est de 30 jours.',
          'Ces quantités sont données à titre indicatif et devront être confirmées à la commande.',
        ].join('\n\n'),
      ]),
    );
    expect(found.map((r) => [r.text, r.kind])).toEqual([
      ['Chaque visite fera l’objet d’un compte rendu remis sous huit jours.', 'deliverable'],
      ['Le délai d’intervention sur site est fixé à 4 heures ouvrées.', 'performance'],
      ['Les dépannages sont soumis à un délai de remise en service.', 'obligation'],
      ['La prestation comprend la fourniture, la pose et le raccordement des appareils.', 'obligation'],
    ]);
  });

  it('reads what the buyer asks of the holder, prohibitions and a required presence; not what the buyer commits to, provides or reserves, nor what is handed to the candidates', () => {
    expect(
      texts([
        [
          '6. Rôles',
          'Le maître d’ouvrage demande au titulaire de fournir un planning détaillé.',
          'La collectivité s’engage à communiquer au titulaire les plans des réseaux.',
          'La commune met à disposition un local de stockage.',
          'Le pouvoir adjudicateur se réserve le droit de demander au titulaire des justificatifs.',
          'Les plans des bâtiments seront remis aux candidats lors de la visite.',
          'Aucune sous-traitance ne sera acceptée sans accord préalable.',
          'Une présence physique est assurée au poste de garde de 7 h à 19 h.',
        ].join('\n\n'),
      ]),
    ).toEqual([
      'Le maître d’ouvrage demande au titulaire de fournir un planning détaillé.',
      'Aucune sous-traitance ne sera acceptée sans accord préalable.',
      'Une présence physique est assurée au poste de garde de 7 h à 19 h.',
    ]);
  });

  it('reads the items under "Le titulaire :", a list of applicable standards and "Il s’agit de … :"; not a list of exclusions, someone else’s missions, or a sentence of its own under a heading that states no duty', () => {
    expect(
      texts([
        '3.4 Déménagements\nLe titulaire :\n   •   Réalise le relevé des prises de chaque bureau ;\n   •   Remet un plan d’implantation validé.\n\n3.5 Normes applicables\nNormes applicables :\n   •   Référentiel général de sécurité (RGS) ;\n\n3.6 Audits\nIl s’agit de vérifier la conformité des installations :\n   •   contrôle des protections différentielles ;\n',
      ]),
    ).toEqual([
      'Le titulaire : Réalise le relevé des prises de chaque bureau',
      'Le titulaire : Remet un plan d’implantation validé.',
      'Normes applicables : Référentiel général de sécurité (RGS)',
      'Il s’agit de vérifier la conformité des installations : contrôle des protections différentielles',
    ]);
    expect(
      texts([
        '2. Périmètre\nLes prestations suivantes sont exclues du marché :\n   •   Entretien des espaces verts ;\n\nLes missions de la direction des services techniques sont les suivantes :\n   •   Gestion du patrimoine bâti ;\n\n3. Organisation\n   •   Chaque lot est décomposé en deux tranches ;\n   •   Le maître d’ouvrage peut commander des prestations supplémentaires ;\n   •   Contrôle mensuel des extincteurs ;\n',
      ]),
    ).toEqual(['Contrôle mensuel des extincteurs']);
  });

  it('reads a table of duties under the sentence that announces it (each entry past the first column), a schedule table, and the rows under a header that demands', () => {
    expect(
      texts([
        '4. Rondes\nÀ chaque passage, les points suivants doivent être vérifiés\n\nParkings                  Fermeture des barrières et des portails\nLocaux techniques         Absence de fuite et température normale\n                          des armoires\nHall d’accueil            Extinction des éclairages\n\nLes horaires de présence sont les suivants :\n\n                 Site                 Horaires\n                                      -du lundi au vendredi :\nSiège                                 7 h – 20 h\n                                      -le samedi : 8 h – 12 h\n',
      ]),
    ).toEqual([
      'À chaque passage, les points suivants doivent être vérifiés Fermeture des barrières et des portails',
      'À chaque passage, les points suivants doivent être vérifiés Absence de fuite et température normale des armoires',
      'À chaque passage, les points suivants doivent être vérifiés Extinction des éclairages',
      'Les horaires de présence sont les suivants : du lundi au vendredi : 7 h – 20 h',
      'Les horaires de présence sont les suivants : le samedi : 8 h – 12 h',
    ]);
    expect(texts(['5. Équipe\nProfil              Qualifications minimales requises\nChef d’équipe       SSIAP 2 et cinq ans d’expérience\nAgent               SSIAP 1\n'])).toEqual([
      'Profil : Qualifications minimales requises',
      'Chef d’équipe : SSIAP 2 et cinq ans d’expérience',
      'Agent : SSIAP 1',
    ]);
  });

  it('joins a sentence cut by a blank line, reads "- 7 h – 19 h …" as an item, and reads a markdown conversion’s page markers as page breaks', () => {
    expect(
      texts([
        '6. Maintenance\nLe titulaire remettra un rapport mensuel détaillant les interventions de la\n\npériode écoulée et les pièces remplacées.\n\nLes agents assurent une présence aux horaires suivants :\n\n- 7 h – 19 h du lundi au vendredi ;\n\n- 8 h – 12 h le samedi.\n',
      ]),
    ).toEqual([
      'Le titulaire remettra un rapport mensuel détaillant les interventions de la période écoulée et les pièces remplacées.',
      'Les agents assurent une présence aux horaires suivants : 7 h – 19 h du lundi au vendredi',
      'Les agents assurent une présence aux horaires suivants : 8 h – 12 h le samedi.',
    ]);
    expect(
      texts(['# CCTP\n\n---\n\n## Page 1\n\n7. Réversibilité\n\nEn fin de marché, le titulaire devra :\n\n---\n\n## Page 2\n\n• restituer l’ensemble des données ;\n• transmettre la documentation d’exploitation.\n']),
    ).toEqual(['En fin de marché, le titulaire devra : restituer l’ensemble des données', 'En fin de marché, le titulaire devra : transmettre la documentation d’exploitation.']);
  });
});
