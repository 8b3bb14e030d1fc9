import type { components } from '../../../openapi/schema';
import type { PotentialRow, TenderCallRow, TenderListRow, TenderRow } from './tender-types';
import { addDays, currentDay, wallClockInstant } from '../../../rules/calendar';

// Realistic French calls for the tender stories and their tests. Deadlines are set from the
// moment the module loads, so "time left" reads the same whenever the stories run: a few hours
// from now, or at a Paris time some calendar days away (days are counted in Paris days).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();
const parisDaysAway = (days: number, time: string) => wallClockInstant(addDays(currentDay(), days), time).toISOString();

const call = (patch: Partial<TenderCallRow>): TenderCallRow => ({
  _id: 'c1a2b3c4-d5e6-4f70-8a9b-0c1d2e3f4a5b',
  reference: '2026-VDL-0142',
  title: 'Réhabilitation énergétique du groupe scolaire Jean-Moulin',
  buyer: 'Ville de Lyon',
  procedure: 'open',
  cpvCodes: ['45000000-7', '45321000-3'],
  department: '69',
  region: 'Auvergne-Rhône-Alpes',
  estimatedAmount: 1_250_000,
  publicationDate: '2026-02-20',
  submissionDeadline: parisDaysAway(3, '12:00'),
  questionsDeadline: fromNow(DAY),
  siteVisit: { date: fromNow(2 * DAY), mandatory: true },
  noticeUrl: 'https://www.boamp.fr/avis/detail/26-142',
  description: "Isolation par l'extérieur, remplacement des menuiseries et de la chaufferie du groupe scolaire.",
  source: 'manual',
  dceTemplate: null,
  lots: [
    { number: 1, title: 'Isolation thermique par l’extérieur', estimatedAmount: 620_000 },
    { number: 2, title: 'Menuiseries extérieures', estimatedAmount: 380_000 },
    { number: 3, title: 'Chauffage, ventilation', estimatedAmount: 250_000 },
  ],
  status: 'open',
  links: [],
  createdAt: '2026-02-21T08:00:00.000Z',
  updatedAt: '2026-02-21T08:00:00.000Z',
  ...patch,
});

export const jeanMoulin = call({});
export const iseRoutes = call({
  _id: 'd2b3c4d5-e6f7-4081-9bac-1d2e3f4a5b6c',
  reference: 'CD38-2026-017',
  title: 'Entretien et réfection des chaussées des routes départementales',
  buyer: "Conseil départemental de l'Isère",
  procedure: 'restricted',
  cpvCodes: ['45233140-2'],
  department: '38',
  estimatedAmount: 3_400_000,
  submissionDeadline: fromNow(5 * HOUR + 10 * 60_000),
  questionsDeadline: null,
  siteVisit: null,
  lots: [
    { number: 1, title: 'Secteur Grenoble', estimatedAmount: 1_800_000 },
    { number: 2, title: 'Secteur Vienne', estimatedAmount: 1_600_000 },
  ],
});
export const nantesGymnase = call({
  _id: 'e3c4d5e6-f708-4192-8cbd-2e3f4a5b6c7d',
  reference: 'NM-26-0058',
  title: 'Construction d’un gymnase au quartier Bottière',
  buyer: 'Nantes Métropole',
  procedure: 'adapted',
  cpvCodes: ['45212222-8'],
  department: '44',
  region: 'Pays de la Loire',
  estimatedAmount: null,
  submissionDeadline: parisDaysAway(-3, '12:00'),
  siteVisit: null,
  lots: [],
});

const reasonsHigh: components['schemas']['MatchReason'][] = [
  { criterion: 'keywords', points: 30, matched: ['rénovation', 'isolation'] },
  { criterion: 'cpv', points: 30, matched: ['45321000-3'] },
  { criterion: 'place', points: 20, matched: ['Rhône (69)'] },
  { criterion: 'amount', points: 7, matched: ['200 000 € – 2 000 000 €'] },
];

const company = { _id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'BTP Lyon Rénovation' };

const tender = (patch: Partial<TenderRow>): TenderRow => ({
  _id: '5f0c8a3e-2b7d-4c1a-9e6f-0a1b2c3d4e5f',
  status: 'in_progress',
  matchStatus: 'high',
  matchScore: 87,
  matchReasons: reasonsHigh,
  answeredLots: [1, 2],
  responseStep: 2,
  documentsCount: 4,
  company,
  tenderCall: jeanMoulin,
  statusChangedAt: '2026-02-25T09:00:00.000Z',
  createdAt: '2026-02-22T09:00:00.000Z',
  updatedAt: '2026-02-25T09:00:00.000Z',
  ...patch,
});

export const tenderJeanMoulin = tender({});

/** A tender as a list shows it (GET /api/tenders/my-company rows). */
export const listRowOf = (t: TenderRow): TenderListRow => ({
  _id: t._id,
  status: t.status,
  matchStatus: t.matchStatus,
  matchScore: t.matchScore,
  answeredLotsCount: t.answeredLots.length,
  createdAt: t.createdAt,
  company: t.company,
  tenderCall: {
    _id: t.tenderCall._id,
    reference: t.tenderCall.reference,
    title: t.tenderCall.title,
    buyer: t.tenderCall.buyer,
    submissionDeadline: t.tenderCall.submissionDeadline,
    lotsCount: t.tenderCall.lots.length,
  },
});
export const tenderRoutes = tender({
  _id: '6a1d9b4f-3c8e-4d2b-8f70-1b2c3d4e5f60',
  status: 'not_started',
  matchStatus: 'medium',
  matchScore: 54,
  matchReasons: [{ criterion: 'cpv', points: 30, matched: ['45233140-2'] }, { criterion: 'place', points: 24, matched: ['Auvergne-Rhône-Alpes'] }],
  answeredLots: [],
  responseStep: 0,
  documentsCount: 0,
  company: { _id: '1b2c3d4e-5f60-4a1b-8c2d-3e4f5a6b7c8d', name: 'Atlantique Voirie' },
  tenderCall: iseRoutes,
});
export const tenderGymnase = tender({
  _id: '7b2e0c5a-4d9f-4e3c-9a81-2c3d4e5f6a71',
  status: 'submitted',
  matchStatus: 'low',
  matchScore: 18,
  matchReasons: [{ criterion: 'keywords', points: 18, matched: ['gros œuvre'] }],
  answeredLots: [],
  tenderCall: nantesGymnase,
});

export const potentialJeanMoulin: PotentialRow = { _id: jeanMoulin._id, status: 'new', matchStatus: 'high', matchScore: 87, matchReasons: reasonsHigh, tenderCall: jeanMoulin, tenderId: null, companiesCount: 0 };
export const potentialRoutes: PotentialRow = {
  _id: iseRoutes._id,
  status: 'new',
  matchStatus: 'medium',
  matchScore: 54,
  matchReasons: tenderRoutes.matchReasons,
  tenderCall: iseRoutes,
  tenderId: tenderRoutes._id,
  companiesCount: 0,
};
export const potentialGymnase: PotentialRow = { _id: nantesGymnase._id, status: 'new', matchStatus: 'none', matchScore: 0, matchReasons: [], tenderCall: nantesGymnase, tenderId: null, companiesCount: 0 };

export const companyNames = [company, { _id: '1b2c3d4e-5f60-4a1b-8c2d-3e4f5a6b7c8d', name: 'Atlantique Voirie' }];
