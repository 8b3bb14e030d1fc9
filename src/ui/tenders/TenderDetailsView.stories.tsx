import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import type { TenderStatus } from '../../../rules/tender-lifecycle';
import { tenderStatusMachine, type TenderStatusContext } from '../../machines/tender-status.machine';
import { iseRoutes, nantesGymnase, tenderJeanMoulin } from './tender-fixtures';
import { statusChangeOf, TenderDetailsView, type HistoryEntry, type Tender, type TenderDetailsViewProps, type TenderLot } from './TenderDetailsView';

// The tender details page in each state; the status actions are rendered from real snapshots of
// the status statechart (every change confirmed, a reopening with its reason, saving, the server's refusal).
const statusAt = (value: 'idle' | 'confirming' | 'saving' | 'reopening' | 'failure', context: Partial<TenderStatusContext> = {}) =>
  statusChangeOf(
    tenderStatusMachine.resolveState({
      value,
      context: { id: tenderJeanMoulin._id, status: 'in_progress', canReopen: true, to: null, kind: 'move', reason: '', reasonError: null, error: null, ...context },
    }),
  );

const manon = { _id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f', username: 'Manon Girard' };
const history: HistoryEntry[] = [
  { _id: 'h1', from: null, to: 'not_started', changedAt: '2026-02-22T09:00:00.000Z', changedBy: manon, reason: null },
  { _id: 'h2', from: 'not_started', to: 'in_progress', changedAt: '2026-02-25T09:00:00.000Z', changedBy: manon, reason: null },
];
const lotsOf = (tender: Tender): TenderLot[] => tender.tenderCall.lots.map((lot) => ({ ...lot, answered: tender.answeredLots.includes(lot.number) }));

const at = (status: TenderStatus, patch: Partial<Tender> = {}): Tender => ({ ...tenderJeanMoulin, status, ...patch });

const loaded = (tender: Tender): Extract<TenderDetailsViewProps, { status: 'loaded' }> => ({
  status: 'loaded',
  tender,
  canDceAnalyse: true,
  statusChange: statusAt('idle', { status: tender.status }),
  onChooseStatus: fn(),
  onConfirmStatus: fn(),
  onCancelStatus: fn(),
  onReopen: fn(),
  onReasonChange: fn(),
  history: { state: 'loaded', data: history },
  lots: { state: 'loaded', data: lotsOf(tender) },
  answeredLots: tender.answeredLots,
  lotsSaving: false,
  lotsError: null,
  onToggleLot: fn(),
  stepper: { current: tender.responseStep, saving: false, error: null, onNext: fn(), onPrevious: fn(), onGoTo: fn(), onDismissError: fn() },
});

const meta: Meta<typeof TenderDetailsView> = {
  title: 'Views/Tender details',
  component: TenderDetailsView,
  args: { status: 'loading' },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
};
export default meta;

type Story = StoryObj<typeof TenderDetailsView>;

export const Loading: Story = {};
export const NotFound: Story = { args: { status: 'notFound' } };
export const LoadError: Story = { args: { status: 'error', message: 'Erreur interne du serveur. Réessayez dans un instant.', onRetry: fn() } };

const notStarted = at('not_started', { responseStep: 0, answeredLots: [], documentsCount: 0 });
export const NotStarted: Story = {
  args: { ...loaded(notStarted), history: { state: 'loaded', data: history.slice(0, 1) } },
  parameters: { machineStates: ['tenderStatus.idle'] },
};
export const InProgress: Story = { args: loaded(at('in_progress')) };
export const Pending: Story = { args: loaded(at('pending')) };
export const Submitted: Story = {
  args: {
    ...loaded(at('submitted', { responseStep: 6 })),
    statusChange: statusAt('idle', { status: 'submitted' }),
    history: { state: 'loaded', data: [...history, { _id: 'h3', from: 'in_progress', to: 'submitted', changedAt: '2026-03-10T16:30:00.000Z', changedBy: manon, reason: null }] },
  },
};
export const Won: Story = {
  args: {
    ...loaded(at('won', { responseStep: 6 })),
    history: {
      state: 'loaded',
      data: [
        ...history,
        { _id: 'h3', from: 'in_progress', to: 'submitted', changedAt: '2026-03-10T16:30:00.000Z', changedBy: manon, reason: null },
        { _id: 'h4', from: 'submitted', to: 'won', changedAt: '2026-04-02T10:00:00.000Z', changedBy: null, reason: null },
      ],
    },
  },
};
export const Employee: Story = { args: { ...loaded(at('in_progress')), canDceAnalyse: false } };

// The DCE was analysed: its facts come first, with their check state; the call record's other
// deadline shows beside the RC's.
const rc = { documentId: '5d6e7f80-91a2-4b3c-8d4e-5f6a7b8c9d0e', entry: null, fileName: 'RC_2026-VDL-0142.pdf' };
const reviewer = { _id: '3f0c2a8e-5b1d-4c7a-9e2f-1a2b3c4d5e6f', username: 'Claire Durand' };
export const Analysed: Story = {
  args: loaded(
    at('in_progress', {
      keyFacts: {
        analysisId: '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b',
        analysedAt: '2026-02-26T08:30:00.000Z',
        facts: [
          { key: 'submissionDeadline', value: '2026-03-20T11:00:00.000Z', status: 'confirmed', sources: [{ ...rc, page: 1, excerpt: 'Date limite de réception des offres : vendredi 20 mars 2026 à 12h00' }], reviewedBy: reviewer, reviewedAt: '2026-02-26T09:00:00.000Z', sourceChanged: false, conflict: { callValue: tenderJeanMoulin.tenderCall.submissionDeadline } },
          { key: 'siteVisit', value: { required: false }, status: 'extracted', sources: [{ ...rc, page: 6, excerpt: 'Une visite des lieux est facultative.' }], reviewedBy: null, reviewedAt: null, sourceChanged: false, conflict: { callValue: { required: true, date: tenderJeanMoulin.tenderCall.siteVisit!.date } } },
          { key: 'awardCriteria', value: [{ name: 'Prix des prestations', weight: 40 }, { name: 'Valeur technique', weight: 60 }], status: 'corrected', sources: [], reviewedBy: reviewer, reviewedAt: '2026-02-26T09:05:00.000Z', sourceChanged: true, conflict: null },
          { key: 'offerDocuments', value: ['AE', 'DPGF', 'MEMOIRE_TECHNIQUE'], status: 'confirmed', sources: [], reviewedBy: reviewer, reviewedAt: '2026-02-26T09:06:00.000Z', sourceChanged: false, conflict: null },
        ],
      },
    }),
  ),
};
/** An employee on a submitted tender: the decisions, no reopening (managers and admins only). */
export const SubmittedEmployee: Story = {
  args: { ...loaded(at('submitted', { responseStep: 6 })), canDceAnalyse: false, statusChange: statusAt('idle', { status: 'submitted', canReopen: false }) },
};
/** Reopened by a manager: back in progress at the submission step, the reason in the history. */
export const Reopened: Story = {
  args: {
    ...loaded(at('in_progress', { responseStep: 5 })),
    history: {
      state: 'loaded',
      data: [
        ...history,
        { _id: 'h3', from: 'in_progress', to: 'submitted', changedAt: '2026-03-10T16:30:00.000Z', changedBy: manon, reason: null },
        { _id: 'h4', from: 'submitted', to: 'in_progress', changedAt: '2026-03-11T08:15:00.000Z', changedBy: { _id: 'u2', username: 'Julien Marchand' }, reason: 'Le bordereau de prix du lot 2 contient une erreur de quantité.' },
      ],
    },
  },
};
/** No lots, no amount, no visit, no description: what the page says when the buyer gave little. */
export const Sparse: Story = {
  args: loaded(at('in_progress', { tenderCall: { ...nantesGymnase, description: '', noticeUrl: '', publicationDate: null, questionsDeadline: null }, answeredLots: [] })),
};

const submitted = at('submitted', { responseStep: 6 });
/** "Mark as submitted" asks first: the change named, what it means, Cancel and Confirm. */
export const ConfirmingStep: Story = {
  args: { ...loaded(at('in_progress')), statusChange: statusAt('confirming', { status: 'in_progress', to: 'submitted' }) },
  parameters: { machineStates: ['tenderStatus.confirming'] },
};
export const ConfirmingDecision: Story = {
  args: { ...loaded(submitted), statusChange: statusAt('confirming', { status: 'submitted', to: 'won' }) },
};
export const SavingDecision: Story = {
  args: { ...loaded(submitted), statusChange: statusAt('saving', { status: 'submitted', to: 'lost' }) },
  parameters: { machineStates: ['tenderStatus.saving'] },
};
export const SavingStep: Story = { args: { ...loaded(at('in_progress')), statusChange: statusAt('saving', { status: 'in_progress', to: 'submitted' }) } };
/** Someone else decided meanwhile: the server refuses with 409 and says why, in the dialog. */
export const DecisionConflict: Story = {
  args: {
    ...loaded(submitted),
    statusChange: statusAt('failure', { status: 'submitted', to: 'won', error: { message: "Ce changement de statut n'est pas possible depuis le statut actuel.", status: 409 } }),
  },
  parameters: { machineStates: ['tenderStatus.failure'] },
};
export const StepConflict: Story = {
  args: {
    ...loaded(at('in_progress')),
    statusChange: statusAt('failure', { status: 'in_progress', to: 'submitted', error: { message: "Ce changement de statut n'est pas possible depuis le statut actuel.", status: 409 } }),
  },
};
/** A manager reopens a submitted tender: the reason is asked for. */
export const ConfirmingReopen: Story = {
  args: { ...loaded(submitted), statusChange: statusAt('confirming', { status: 'submitted', to: 'in_progress', kind: 'reopen' }) },
};
export const ReopenReasonMissing: Story = {
  args: { ...loaded(submitted), statusChange: statusAt('confirming', { status: 'submitted', to: 'in_progress', kind: 'reopen', reasonError: 'required' }) },
};
export const Reopening: Story = {
  args: { ...loaded(submitted), statusChange: statusAt('reopening', { status: 'submitted', to: 'in_progress', kind: 'reopen', reason: 'Le bordereau de prix du lot 2 contient une erreur de quantité.' }) },
  parameters: { machineStates: ['tenderStatus.reopening'] },
};
export const ReopenRefused: Story = {
  args: {
    ...loaded(submitted),
    statusChange: statusAt('failure', {
      status: 'submitted',
      to: 'in_progress',
      kind: 'reopen',
      reason: 'Le bordereau de prix du lot 2 contient une erreur de quantité.',
      error: { message: 'Seul un appel d\'offres déposé peut être rouvert ; celui-ci est « Gagné ».', status: 409 },
    }),
  },
};

const twoLots = at('in_progress', { tenderCall: iseRoutes, answeredLots: [1] });
export const LotsSaving: Story = { args: { ...loaded(twoLots), answeredLots: [1, 2], lotsSaving: true } };
export const LotsSaveError: Story = { args: { ...loaded(twoLots), lotsError: "Vous n'avez pas accès à cet appel d'offres." } };
export const PartsLoading: Story = { args: { ...loaded(at('in_progress')), history: { state: 'loading' }, lots: { state: 'loading' } } };
export const PartsError: Story = {
  args: {
    ...loaded(at('in_progress')),
    history: { state: 'error', message: 'Erreur interne du serveur. Réessayez dans un instant.', onRetry: fn() },
    lots: { state: 'error', message: 'Aucune réponse du serveur.', onRetry: fn() },
  },
};
export const StepSaving: Story = { args: { ...loaded(at('in_progress')), stepper: { ...loaded(at('in_progress')).stepper, current: 3, saving: true } } };
