// Figures of the dashboard as the server answers them, for stories and page tests.
import type { DashboardSummary } from '../admin/admin-types';
import { staffSummary } from '../admin/admin-fixtures';
import type { AdminStats } from '../admin/admin-stats';
import type { ReportRow } from '../reports/ReportsView';

const months = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
const created = [3, 4, 2, 5, 6, 4, 7, 3, 2, 6, 8, 5];
const submitted = [1, 3, 2, 3, 4, 3, 5, 2, 1, 4, 6, 3];
const won = [0, 1, 1, 1, 2, 1, 2, 1, 0, 2, 3, 1];

export const adminStats: AdminStats = {
  totalTenders: 55,
  responseRate: 85.7,
  conversionRate: 42.5,
  tendersByMonth: months.map((month, i) => ({ month, created: created[i]!, submitted: submitted[i]!, won: won[i]! })),
  statusChangeStats: {
    averageDays: '12.5',
    timeSavings: '13.7',
    totalCount: 68,
    statusBreakdown: {
      submitted: { count: 37, averageDays: '18.2', timeSavings: '21.4' },
      won: { count: 15, averageDays: '4.5', timeSavings: '-3.2' },
      lost: { count: 16, averageDays: '6', timeSavings: '0' },
    },
  },
  decisions: { go: 21, noGo: 9 },
};

const zero = { count: 0, averageDays: '0', timeSavings: '0' };
export const emptyAdminStats: AdminStats = {
  totalTenders: 0,
  responseRate: 0,
  conversionRate: 0,
  tendersByMonth: months.map((month) => ({ month, created: 0, submitted: 0, won: 0 })),
  statusChangeStats: { averageDays: '0', timeSavings: '0', totalCount: 0, statusBreakdown: { submitted: zero, won: zero, lost: zero } },
  decisions: { go: 0, noGo: 0 },
};

export const latestReports: ReportRow[] = [
  {
    _id: 'c0000000-0000-4000-8000-000000000001',
    title: 'Le dépôt du DCE échoue au-delà de 20 Mo',
    description: 'Le fichier ZIP du DCE est refusé.',
    type: 'bug',
    priority: 'high',
    status: 'open',
    currentUrl: '/tenders/1/docs',
    screenshot: null,
    reporter: { _id: 'a0000000-0000-4000-8000-000000000003', username: 'Élise Durand', primaryEmail: 'elise@btp-lyon.fr' },
    company: { _id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'BTP Lyon Rénovation' },
    createdAt: '2026-11-22T15:10:00.000Z',
    updatedAt: '2026-11-22T15:10:00.000Z',
  },
  {
    _id: 'c0000000-0000-4000-8000-000000000002',
    title: 'Exporter le planning en PDF',
    description: 'Pour l’envoyer au maître d’ouvrage.',
    type: 'feature_request',
    priority: 'medium',
    status: 'in_progress',
    currentUrl: '/dashboard',
    screenshot: null,
    reporter: null,
    company: null,
    createdAt: '2026-11-20T08:45:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
  },
];

const day = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * day).toISOString();

/** A manager's summary with work in every list. */
export const staffWorkSummary: DashboardSummary = {
  ...staffSummary,
  decisions: { go: 5, noGo: 2 },
  pipeline: [
    { status: 'not_started', count: 2 },
    { status: 'in_progress', count: 3 },
    { status: 'pending', count: 1 },
    { status: 'submitted', count: 4 },
    { status: 'won', count: 2 },
    { status: 'lost', count: 1 },
    { status: 'non_compliant', count: 0 },
  ],
  nextDeadlines: [
    { _id: 'b0000000-0000-4000-8000-000000000001', reference: '26-101245', title: 'Réhabilitation thermique du groupe scolaire Jean-Moulin', buyer: 'Ville de Villeurbanne', status: 'in_progress', submissionDeadline: inDays(4) },
    { _id: 'b0000000-0000-4000-8000-000000000002', reference: '26-112078', title: 'Reprise des maçonneries de l’église Saint-Maurice', buyer: 'Commune de Saint-Chamond', status: 'not_started', submissionDeadline: inDays(25) },
  ],
  documentsCount: 6,
  expiringDocuments: [
    { _id: 'd0000000-0000-4000-8000-000000000001', title: 'Attestation URSSAF 2026', kind: 'urssaf', validUntil: '2026-11-10', validity: 'expired', daysLeft: -13 },
    { _id: 'd0000000-0000-4000-8000-000000000002', title: 'Assurance décennale', kind: 'insurance', validUntil: '2026-12-05', validity: 'expiring', daysLeft: 12 },
  ],
  openTasks: [
    { _id: 'e0000000-0000-4000-8000-000000000001', name: 'Visite de site', startDate: '2026-11-25', endDate: '2026-11-25', milestone: true, tenderId: 'b0000000-0000-4000-8000-000000000001', tenderTitle: 'Réhabilitation thermique du groupe scolaire Jean-Moulin' },
    { _id: 'e0000000-0000-4000-8000-000000000002', name: 'Rédaction du mémoire technique', startDate: '2026-11-24', endDate: '2026-12-02', milestone: false, tenderId: 'b0000000-0000-4000-8000-000000000001', tenderTitle: 'Réhabilitation thermique du groupe scolaire Jean-Moulin' },
  ],
};

/** A company that has just started: every status at zero, nothing to do, an empty vault. */
export const staffIdleSummary: DashboardSummary = {
  ...staffSummary,
  pipeline: staffWorkSummary.pipeline!.map((p) => ({ ...p, count: 0 })),
  nextDeadlines: [],
  documentsCount: 0,
  expiringDocuments: [],
  openTasks: [],
};

/** A company whose vault holds documents, none expiring within 30 days. */
export const staffUpToDateSummary: DashboardSummary = { ...staffWorkSummary, documentsCount: 4, expiringDocuments: [] };
