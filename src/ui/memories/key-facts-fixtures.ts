// The call's key facts beside the memory (stories and tests): the Grenoble INP call's DCE analysis,
// some facts checked by a manager, some not yet. Dates are set from the moment the module loads, at
// a Paris time some calendar days away, so "time left" reads the same whenever the stories run.
import { addDays, currentDay, wallClockInstant } from '../../../rules/calendar';
import type { TenderKeyFact, TenderKeyFacts } from '../tenders/TenderKeyFacts';

const parisDaysAway = (days: number, time: string) => wallClockInstant(addDays(currentDay(), days), time).toISOString();

export const keyFactsNow = Date.now();
export const keyFactsDeadline = parisDaysAway(12, '12:00');
export const keyFactsQuestionsDeadline = parisDaysAway(4, '17:00');
const visitDate = parisDaysAway(3, '10:00');

const rc = { documentId: 'cccccccc-0000-4000-8000-000000000001', entry: null, fileName: 'RC_GINP_2026_prototypage.pdf' };
const reviewer = { _id: 'a0000000-0000-4000-8000-000000000002', username: 'Claire Durand' };
const checked = { reviewedBy: reviewer, reviewedAt: new Date(keyFactsNow - 86_400_000).toISOString(), sourceChanged: false, conflict: null };
const unchecked = { reviewedBy: null, reviewedAt: null, sourceChanged: false, conflict: null };

const facts: TenderKeyFact[] = [
  { key: 'submissionDeadline', value: keyFactsDeadline, status: 'confirmed', sources: [{ ...rc, page: 1, excerpt: 'Date limite de réception des offres' }], ...checked },
  { key: 'questionsDeadline', value: keyFactsQuestionsDeadline, status: 'extracted', sources: [{ ...rc, page: 3, excerpt: 'Les questions sont à poser au plus tard' }], ...unchecked },
  { key: 'siteVisit', value: { required: true, date: visitDate }, status: 'corrected', sources: [{ ...rc, page: 6, excerpt: 'Une visite du laboratoire est obligatoire.' }], ...checked },
  {
    key: 'awardCriteria',
    value: [
      { name: 'Prix', weight: 50 },
      {
        name: 'Performances techniques du système',
        weight: 40,
        subCriteria: [
          { name: 'Finesse de structuration laser', weight: 20 },
          { name: 'Performances du procédé de fabrication intégré', weight: 20 },
        ],
      },
      { name: 'Qualité des services associés', weight: 10 },
    ],
    status: 'confirmed',
    sources: [{ ...rc, page: 11, excerpt: 'Critères de jugement des offres' }],
    ...checked,
  },
  { key: 'candidatureDocuments', value: ['DC1', 'DC2', 'KBIS', 'INSURANCE', 'REFERENCES'], status: 'confirmed', sources: [{ ...rc, page: 8, excerpt: 'Pièces de la candidature' }], ...checked },
  { key: 'offerDocuments', value: ['AE', 'BPU', 'MEMOIRE_TECHNIQUE', 'TECHNICAL_SHEETS'], status: 'extracted', sources: [{ ...rc, page: 9, excerpt: "Pièces de l'offre" }], ...unchecked },
];

const analysis = { analysisId: 'cccccccc-0000-4000-8000-0000000000aa', analysedAt: new Date(keyFactsNow - 2 * 86_400_000).toISOString() };

/** What a manager gets: every fact with its check state. */
export const keyFactsForManager: NonNullable<TenderKeyFacts> = { ...analysis, facts };
/** What an employee gets: the confirmed and corrected facts only (the server filters). */
export const keyFactsForEmployee: NonNullable<TenderKeyFacts> = { ...analysis, facts: facts.filter((fact) => fact.status !== 'extracted') };
/** An analysis nobody has checked yet, as an employee gets it. */
export const keyFactsNoneChecked: NonNullable<TenderKeyFacts> = { ...analysis, facts: [] };
