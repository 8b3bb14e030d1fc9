import type { CompanyAwardList } from './CompanyAwardsCard';
import type { NoticeLink, TenderCallMarket } from './MarketCard';

// Market data as the server answers it for real notices: Ville de Lyon's DECP awards
// (tests/fixtures/sourcing/data.gouv.fr_pes_2019-02-03.json) and a corrected BOAMP call.

export const lyonLinks: NoticeLink[] = [
  { source: 'boamp', sourceId: '26-120117', url: 'https://www.boamp.fr/pages/avis/?q=idweb:26-120117', kind: 'call', publishedAt: '2026-10-20' },
  { source: 'boamp', sourceId: '26-121904', url: null, kind: 'correction', publishedAt: '2026-10-28' },
];

export const lyonMarket: TenderCallMarket = {
  similar: { by: 'name', cpvPrefixes: ['454'] },
  changes: [
    {
      kind: 'correction',
      source: 'boamp',
      sourceId: '26-121904',
      changes: [{ field: 'submissionDeadline', from: '2026-03-12T11:00:00.000Z', to: '2026-03-19T11:00:00.000Z' }],
      deadlineMoved: true,
      createdAt: '2026-10-28T07:00:00.000Z',
    },
  ],
  awards: [],
  buyerAwards: [
    {
      _id: '0b4c1e8e-5c1f-4d53-9d0b-3f1f0f6a2b01',
      title: 'Accord-cadre de travaux sur le Patrimoine des secteurs 5-9 et 7-8 – vitrerie',
      lot: null,
      winners: [{ name: 'DB VERRE', siret: '39833047200034' }],
      amount: 262904,
      awardDate: '2018-11-23',
      offers: null,
      cpvCodes: ['45441000'],
      link: { source: 'decp', sourceId: '216901231000112018J1117A00', url: null },
    },
    {
      _id: '0b4c1e8e-5c1f-4d53-9d0b-3f1f0f6a2b02',
      title: 'Groupe scolaire Joannes Masset – Construction Menuiseries extérieures',
      lot: null,
      winners: [{ name: 'CMA CONCEPT', siret: '79984366900026' }],
      amount: 189077,
      awardDate: '2018-10-03',
      offers: 4,
      cpvCodes: ['45421000'],
      link: { source: 'decp', sourceId: '216901231000112018J1228', url: null },
    },
  ],
  buyerStats: {
    count: 2,
    since: '2018-10-03',
    medianAmount: 225991,
    minAmount: 189077,
    maxAmount: 262904,
    topWinners: [
      { name: 'CMA CONCEPT', siret: '79984366900026', count: 1 },
      { name: 'DB VERRE', siret: '39833047200034', count: 1 },
    ],
  },
};

export const emptyMarket: TenderCallMarket = { ...lyonMarket, changes: [], buyerAwards: [], buyerStats: { count: 0, since: null, medianAmount: null, minAmount: null, maxAmount: null, topWinners: [] } };

export const companyAwards: CompanyAwardList = {
  count: 2,
  totalPages: 1,
  awards: [
    {
      outcome: 'won',
      title: 'ECOLE JASMIN ROBERT PLOMBERIE',
      buyer: 'BUDG.PRINC. VILLE DE SAINT PAUL',
      winners: [{ name: 'DLA BATIMENT', siret: '80427848900013' }],
      amount: 47770,
      awardDate: '2018-11-06',
      offers: null,
      tenderId: null,
      tenderCallId: null,
      link: { source: 'decp', sourceId: '219740156000192018202800', url: null },
    },
    {
      outcome: 'lost',
      title: 'Extension du gymnase municipal et mise en accessibilité',
      buyer: 'Commune de Vienne',
      winners: [],
      amount: null,
      awardDate: null,
      offers: null,
      tenderId: '7d1f0c2a-3b4e-4f50-8a6b-9c0d1e2f3a4b',
      tenderCallId: '7d1f0c2a-3b4e-4f50-8a6b-9c0d1e2f3a4c',
      link: null,
    },
  ],
};
