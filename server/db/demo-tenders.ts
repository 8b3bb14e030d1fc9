// Demo data of the tender pipeline: calls as French buyers publish them (references, CPV codes,
// lots, deadlines relative to the first demo start), a DCE template, and the demo company's
// pipeline at every stage with its history. Written once: later starts leave it as users left it.
import { eq, inArray } from 'drizzle-orm';
import type { Database } from './client';
import { companies, dceTemplates, tenderCallLots, tenderCalls, tenderGoNoGo, tenderStatusChanges, tenders, type TenderStatus } from './schema';
import { matchCall } from '../domains/tenders/match';
import { TENDER_TRANSITIONS } from '../../rules/tender-lifecycle';

type DemoCall = {
  reference: string;
  title: string;
  buyer: string;
  procedure: 'open' | 'restricted' | 'negotiated' | 'competitive_dialogue' | 'adapted' | 'other';
  cpvCodes: string[];
  department: string;
  region: string;
  estimatedAmount: number | null;
  /** Days from the first demo start; negative: already closed. */
  deadlineInDays: number;
  questionsInDays?: number;
  visit?: { inDays: number; mandatory: boolean };
  description: string;
  lots?: [string, number | null][];
  /** The demo company's stage on this call; absent: a potential tender. */
  status?: TenderStatus;
  /** Days between the tender's successive status changes (its PATHS); 6 each when absent. */
  stepDays?: number[];
};

const ARA = 'Auvergne-Rhône-Alpes';

export const DEMO_CALLS: DemoCall[] = [
  {
    reference: '26-101245',
    title: 'Réhabilitation thermique du groupe scolaire Jean-Moulin',
    buyer: 'Ville de Villeurbanne',
    procedure: 'adapted',
    cpvCodes: ['45421000-4', '45321000-3', '45262522-6'],
    department: '69',
    region: ARA,
    estimatedAmount: 1_240_000,
    deadlineInDays: 18,
    questionsInDays: 10,
    visit: { inDays: 6, mandatory: true },
    description:
      'Travaux de réhabilitation thermique du groupe scolaire Jean-Moulin (3 200 m²) : isolation thermique par l’extérieur, remplacement des menuiseries extérieures, reprise de maçonnerie des façades. Travaux en site occupé, phasés pendant les vacances scolaires.',
    lots: [
      ['Maçonnerie – gros œuvre', 380_000],
      ['Isolation thermique par l’extérieur', 520_000],
      ['Menuiseries extérieures aluminium', 340_000],
    ],
    status: 'in_progress',
  },
  {
    reference: '26-098812',
    title: 'Construction d’une maison de santé pluriprofessionnelle',
    buyer: 'Communauté de communes de la Dombes',
    procedure: 'open',
    cpvCodes: ['45215100-8', '45210000-2'],
    department: '01',
    region: ARA,
    estimatedAmount: 2_850_000,
    deadlineInDays: 9,
    questionsInDays: 3,
    description: 'Construction d’un bâtiment R+1 de 780 m² à ossature béton, labellisé E3C1, accueillant 12 praticiens.',
    lots: [
      ['Terrassement – VRD', 310_000],
      ['Gros œuvre', 1_100_000],
      ['Charpente – couverture', 420_000],
      ['Menuiseries intérieures', 180_000],
    ],
    status: 'submitted',
  },
  {
    reference: '26-087330',
    title: 'Rénovation énergétique de 48 logements sociaux – résidence Les Tilleuls',
    buyer: 'Lyon Métropole Habitat',
    procedure: 'restricted',
    cpvCodes: ['45453000-7', '45321000-3'],
    department: '69',
    region: ARA,
    estimatedAmount: 1_680_000,
    deadlineInDays: -20,
    description: 'Isolation des combles et des façades, remplacement des chaudières individuelles par une chaufferie collective biomasse, ventilation hygroréglable.',
    status: 'won',
  },
  {
    reference: '26-079154',
    title: 'Extension du gymnase municipal et mise en accessibilité',
    buyer: 'Commune de Vienne',
    procedure: 'adapted',
    cpvCodes: ['45212222-8', '45262700-8'],
    department: '38',
    region: ARA,
    estimatedAmount: 760_000,
    deadlineInDays: -35,
    description: 'Extension de 250 m² du gymnase, création d’ascenseur et de sanitaires PMR.',
    status: 'lost',
  },
  {
    reference: '26-112078',
    title: 'Reprise des maçonneries et ravalement de l’église Saint-Maurice',
    buyer: 'Commune de Saint-Chamond',
    procedure: 'adapted',
    cpvCodes: ['45262500-6', '45443000-4'],
    department: '42',
    region: ARA,
    estimatedAmount: 410_000,
    deadlineInDays: 25,
    visit: { inDays: 12, mandatory: true },
    description: 'Restauration des maçonneries en pierre de taille, rejointoiement à la chaux et ravalement des façades nord et ouest d’un édifice inscrit aux monuments historiques.',
    status: 'not_started',
  },
  {
    reference: '26-115640',
    title: 'Travaux de gros œuvre pour la construction d’un collège de 600 élèves',
    buyer: 'Département de l’Isère',
    procedure: 'open',
    cpvCodes: ['45214200-2', '45223220-4'],
    department: '38',
    region: ARA,
    estimatedAmount: 6_400_000,
    deadlineInDays: 32,
    questionsInDays: 22,
    visit: { inDays: 14, mandatory: false },
    description: 'Marché de travaux, lot gros œuvre – maçonnerie, pour le futur collège de Voreppe : fondations spéciales, structure béton armé, maçonnerie de blocs.',
    lots: [['Gros œuvre – maçonnerie', 6_400_000]],
  },
  {
    reference: '26-116902',
    title: 'Isolation thermique des bâtiments communaux – accord-cadre à bons de commande',
    buyer: 'Ville de Bourg-en-Bresse',
    procedure: 'adapted',
    cpvCodes: ['45321000-3'],
    department: '01',
    region: ARA,
    estimatedAmount: 600_000,
    deadlineInDays: 15,
    questionsInDays: 8,
    description: 'Accord-cadre mono-attributaire de travaux d’isolation thermique (combles, planchers bas, murs) des bâtiments communaux, pour une durée de 4 ans.',
  },
  {
    reference: '26-117455',
    title: 'Réhabilitation d’une ancienne usine en tiers-lieu culturel',
    buyer: 'Saint-Étienne Métropole',
    procedure: 'competitive_dialogue',
    cpvCodes: ['45454000-4', '45210000-2'],
    department: '42',
    region: ARA,
    estimatedAmount: 3_900_000,
    deadlineInDays: 41,
    description: 'Réhabilitation lourde d’une friche industrielle de 2 400 m² : désamiantage, renforcement de structure, création de plateaux modulables et d’une salle de spectacle.',
    lots: [
      ['Désamiantage – curage', 420_000],
      ['Gros œuvre – structure', 1_650_000],
      ['Façades – menuiseries', 980_000],
    ],
  },
  {
    reference: '26-118013',
    title: 'Entretien et petites réparations des bâtiments scolaires',
    buyer: 'Ville de Grenoble',
    procedure: 'adapted',
    cpvCodes: ['45453000-7', '50700000-2'],
    department: '38',
    region: ARA,
    estimatedAmount: 250_000,
    deadlineInDays: 12,
    description: 'Accord-cadre de travaux d’entretien courant (maçonnerie, plâtrerie, peinture) des écoles de la ville.',
  },
  {
    reference: '26-118790',
    title: 'Construction d’une station d’épuration de 5 000 EH',
    buyer: 'Syndicat intercommunal des eaux du Val de Saône',
    procedure: 'open',
    cpvCodes: ['45252100-9'],
    department: '71',
    region: 'Bourgogne-Franche-Comté',
    estimatedAmount: 4_200_000,
    deadlineInDays: 28,
    description: 'Conception-réalisation d’une station de traitement des eaux usées à boues activées.',
  },
  {
    reference: '26-119544',
    title: 'Fourniture de mobilier scolaire pour les lycées',
    buyer: 'Région Auvergne-Rhône-Alpes',
    procedure: 'open',
    cpvCodes: ['39160000-1'],
    department: '69',
    region: ARA,
    estimatedAmount: 1_500_000,
    deadlineInDays: 20,
    description: 'Accord-cadre de fourniture et livraison de mobilier (tables, chaises, armoires) pour les lycées publics de la région.',
  },
  {
    reference: '26-120117',
    title: 'Rénovation des façades et menuiseries de la mairie annexe',
    buyer: 'Ville de Lyon',
    procedure: 'adapted',
    cpvCodes: ['45443000-4', '45421100-5'],
    department: '69',
    region: ARA,
    estimatedAmount: 320_000,
    deadlineInDays: 7,
    visit: { inDays: 2, mandatory: false },
    description: 'Ravalement des façades, remplacement des fenêtres bois par des menuiseries bois double vitrage, réfection des appuis en pierre.',
    // The buyer's past awards are in the demo's DECP records (Ville de Lyon): the market card shows them.
    status: 'in_progress',
    lots: [
      ['Ravalement – maçonnerie', 190_000],
      ['Menuiseries extérieures bois', 130_000],
    ],
  },
  ...archivedCalls(),
];

/**
 * Calls the demo company answered over the past year, decided or let go: they give the admin
 * statistics (tenders by month, response and win rates, days per status, the 90-day comparison)
 * a history to measure. Each path takes its own time (stepDays), decisions come weeks after the deadline.
 */
function archivedCalls(): DemoCall[] {
  const rows: [string, string, string, string, number, TenderStatus, number[]][] = [
    // reference, title, buyer, department, deadline (days), status, days between changes
    ['25-132410', 'Réfection de la toiture du gymnase Jean-Jaurès', 'Ville de Vienne', '38', -300, 'won', [2, 25, 40]],
    ['25-135872', 'Mise en accessibilité de l’hôtel de ville', 'Commune de Rive-de-Gier', '42', -270, 'lost', [4, 22, 30]],
    ['25-139904', 'Extension de l’école maternelle des Tilleuls', 'Ville de Roanne', '42', -240, 'won', [3, 26, 45]],
    ['26-100318', 'Ravalement des façades du conservatoire', 'Ville de Chambéry', '73', -210, 'lost', [5, 20, 28]],
    ['26-102755', 'Construction d’un local technique pour les services municipaux', 'Commune de Meyzieu', '69', -180, 'won', [2, 24, 35]],
    ['26-104961', 'Réhabilitation de logements sociaux – lot maçonnerie', 'Lyon Métropole Habitat', '69', -150, 'lost', [3, 25, 38]],
    ['26-106083', 'Reprise des réseaux d’eaux pluviales du centre-bourg', 'Commune de Crémieu', '38', -120, 'won', [2, 20, 30]],
    ['26-107640', 'Création d’un préau et d’un abri vélos au collège', 'Département de la Loire', '42', -100, 'lost', [4, 22, 30]],
    ['26-108512', 'Rénovation énergétique de la médiathèque', 'Ville d’Annecy', '74', -95, 'lost', [1, 18, 21]],
    ['26-110227', 'Aménagement d’une maison de santé pluridisciplinaire', 'Communauté de communes du Pilat', '42', -70, 'won', [2, 16, 25]],
    ['26-111396', 'Démolition et désamiantage de l’ancienne caserne', 'Ville de Valence', '26', -45, 'won', [1, 14, 20]],
    ['26-113085', 'Réfection des sanitaires de l’école Pasteur', 'Ville de Villeurbanne', '69', -35, 'not_started', []],
    ['26-114470', 'Maçonnerie et enduits du pôle petite enfance', 'Commune de Tassin-la-Demi-Lune', '69', -20, 'submitted', [2, 12]],
  ];
  return rows.map(([reference, title, buyer, department, deadlineInDays, status, stepDays]) => ({
    reference,
    title,
    buyer,
    procedure: 'adapted',
    cpvCodes: ['45262500-6'],
    department,
    region: ARA,
    estimatedAmount: 150_000 + (Math.abs(deadlineInDays) % 7) * 95_000,
    deadlineInDays,
    description: `${title} : travaux de bâtiment en procédure adaptée, remise des offres par voie dématérialisée.`,
    status,
    stepDays,
  }));
}

// The way each stage of the demo pipeline was reached, along the lifecycle.
const PATHS: Partial<Record<TenderStatus, TenderStatus[]>> = {
  not_started: [],
  in_progress: ['in_progress'],
  submitted: ['in_progress', 'submitted'],
  won: ['in_progress', 'submitted', 'won'],
  lost: ['in_progress', 'submitted', 'lost'],
};

export const DEMO_DCE_TEMPLATE = {
  name: 'Marché de travaux – procédure adaptée',
  description: 'Pièces habituelles d’un DCE de travaux de bâtiment passé en procédure adaptée (MAPA).',
  documents: [
    { code: 'RC', label: 'Règlement de la consultation', required: true },
    { code: 'AE', label: 'Acte d’engagement', required: true },
    { code: 'CCAP', label: 'Cahier des clauses administratives particulières', required: true },
    { code: 'CCTP', label: 'Cahier des clauses techniques particulières', required: true },
    { code: 'DPGF', label: 'Décomposition du prix global et forfaitaire', required: true },
    { code: 'PLANS', label: 'Plans et pièces graphiques', required: false },
    { code: 'PGC', label: 'Plan général de coordination SPS', required: false },
  ],
};

const DAY = 86_400_000;
const at = (start: number, days: number, hour = 12) => {
  const date = new Date(start + days * DAY);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
};

/**
 * The demo's Go/No-Go decisions, taken by the manager two days after adding the tender: a go on
 * the call being answered, a no-go (set aside from the active pipeline) on a call let go.
 * Ratings in the grid's order: strategic fit, capacity, technical match, references, price, risk.
 */
export const DEMO_GO_NO_GO: Record<string, { decision: 'go' | 'no_go'; reason: string | null; ratings: [number, number, number, number, number, number]; notes?: Record<string, string> }> = {
  '26-101245': { decision: 'go', reason: null, ratings: [4, 3, 4, 3, 2, 3], notes: { references: 'Deux groupes scolaires réhabilités en 2024 et 2025' } },
  // The call of the demo's DCE (server/db/demo-dce.ts): its team note tells of this go.
  '2026FCSSA0025': {
    decision: 'go',
    reason: null,
    ratings: [3, 2, 4, 2, 3, 2],
    notes: { capacity: 'Notre fournisseur annonce 8 semaines de délai pour la machine.', technical_match: 'Gravure laser et mécanique : notre cœur de métier.' },
  },
  '26-113085': {
    decision: 'no_go',
    reason: 'Plan de charge complet sur la période des travaux (vacances d’été) et lot plomberie hors de nos métiers.',
    ratings: [1, 0, 2, 2, 2, 1],
  },
};
const GRID_ORDER = ['strategic_fit', 'capacity', 'technical_match', 'references', 'price', 'risk'] as const;

/** A demo Go/No-Go as its row: the grid's ratings and notes, the decision, the manager who took it. */
export const demoGoNoGoRow = (tenderId: string, goNoGo: (typeof DEMO_GO_NO_GO)[string], decidedAt: Date, managerId: string | null) => ({
  tenderId,
  ratings: Object.fromEntries(GRID_ORDER.map((c, i) => [c, { rating: goNoGo.ratings[i]!, note: goNoGo.notes?.[c] ?? '' }])),
  updatedBy: managerId,
  updatedAt: decidedAt,
  decision: goNoGo.decision,
  reason: goNoGo.reason,
  decidedBy: managerId,
  decidedAt,
});

export async function seedDemoTenders(db: Database, companyId: string, actorIds: { admin: string | null; manager: string | null }): Promise<void> {
  const references = DEMO_CALLS.map((c) => c.reference);
  const [existing] = await db.select({ id: tenderCalls.id }).from(tenderCalls).where(inArray(tenderCalls.reference, references)).limit(1);
  if (existing) return;
  const [company] = await db
    .select({ keywords: companies.keywords, cpvCodes: companies.cpvCodes, departments: companies.departments, regions: companies.regions, amountMin: companies.amountMin, amountMax: companies.amountMax })
    .from(companies)
    .where(eq(companies.id, companyId));
  const start = Date.now();
  await db.transaction(async (tx) => {
    const [template] = await tx.insert(dceTemplates).values(DEMO_DCE_TEMPLATE).returning({ id: dceTemplates.id });
    for (const demo of DEMO_CALLS) {
      const deadline = at(start, demo.deadlineInDays);
      const [call] = await tx
        .insert(tenderCalls)
        .values({
          reference: demo.reference,
          title: demo.title,
          buyer: demo.buyer,
          procedure: demo.procedure,
          cpvCodes: demo.cpvCodes,
          department: demo.department,
          region: demo.region,
          estimatedAmount: demo.estimatedAmount,
          publicationDate: at(start, demo.deadlineInDays - 35).toISOString().slice(0, 10),
          submissionDeadline: deadline,
          questionsDeadline: demo.questionsInDays === undefined ? null : at(start, demo.questionsInDays),
          siteVisitDate: demo.visit ? at(start, demo.visit.inDays, 9) : null,
          siteVisitMandatory: demo.visit?.mandatory ?? false,
          noticeUrl: `https://www.boamp.fr/pages/avis/?q=idweb:%22${demo.reference}%22`,
          description: demo.description,
          source: 'boamp',
          dceTemplateId: demo.procedure === 'adapted' ? template!.id : null,
          createdBy: actorIds.admin,
        })
        .returning({ id: tenderCalls.id });
      const lots = (demo.lots ?? []).map(([title, estimatedAmount], i) => ({ tenderCallId: call!.id, number: i + 1, title, estimatedAmount }));
      if (lots.length) await tx.insert(tenderCallLots).values(lots);
      if (!demo.status || !company) continue;

      const match = matchCall(
        { title: demo.title, description: demo.description, lotTitles: lots.map((l) => l.title), cpvCodes: demo.cpvCodes, department: demo.department, region: demo.region, estimatedAmount: demo.estimatedAmount },
        company,
      );
      const path = PATHS[demo.status] ?? [];
      const added = at(start, demo.deadlineInDays - 30, 8);
      // Day of each change, counted from the day the tender was added.
      const changeDays = path.map((_, i) => (demo.stepDays ?? path.map(() => 6)).slice(0, i + 1).reduce((a, b) => a + b, 0));
      const [tender] = await tx
        .insert(tenders)
        .values({
          tenderCallId: call!.id,
          companyId,
          submissionDeadline: deadline,
          status: demo.status,
          matchScore: match.score,
          matchStatus: match.status,
          matchReasons: match.reasons,
          answeredLots: lots.slice(0, 2).map((l) => l.number),
          responseStep: demo.status === 'in_progress' ? 2 : path.length > 1 ? 6 : 0,
          statusChangedAt: path.length ? at(start, demo.deadlineInDays - 30 + changeDays.at(-1)!, 10) : added,
          createdAt: added,
        })
        .returning({ id: tenders.id });
      const changes: { fromStatus: TenderStatus | null; toStatus: TenderStatus; changedAt: Date }[] = [{ fromStatus: null, toStatus: 'not_started', changedAt: added }];
      for (const [i, to] of path.entries()) {
        const from = changes[changes.length - 1]!.toStatus;
        if (!TENDER_TRANSITIONS[from].includes(to)) throw new Error(`Demo path ${from} → ${to} is not in the lifecycle`);
        changes.push({ fromStatus: from, toStatus: to, changedAt: at(start, demo.deadlineInDays - 30 + changeDays[i]!, 10) });
      }
      await tx.insert(tenderStatusChanges).values(changes.map((c) => ({ ...c, tenderId: tender!.id, changedBy: actorIds.manager })));
      const goNoGo = DEMO_GO_NO_GO[demo.reference];
      if (goNoGo) await tx.insert(tenderGoNoGo).values(demoGoNoGoRow(tender!.id, goNoGo, new Date(added.getTime() + 2 * 86_400_000), actorIds.manager));
    }
  });
}
