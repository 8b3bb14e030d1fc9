import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { listOf } from '../admin/admin-fixtures';
import { companyNames, potentialGymnase, potentialJeanMoulin, potentialRoutes } from './tender-fixtures';
import { PotentialTendersView } from './PotentialTendersView';

const adminRows = [
  { ...potentialJeanMoulin, matchStatus: 'none' as const, matchScore: 0, matchReasons: [], tenderId: null, companiesCount: 2 },
  { ...potentialRoutes, matchStatus: 'none' as const, matchScore: 0, matchReasons: [], tenderId: null, companiesCount: 0 },
];

const meta = {
  title: 'Views/Potential tenders',
  component: PotentialTendersView,
  args: {
    admin: false,
    profileHref: '/companies/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    // The previous visit: after every call of the fixtures, so none is new unless a story says so.
    seenBefore: '2026-02-25T08:00:00.000Z',
    list: listOf('loaded', [potentialJeanMoulin, potentialRoutes, potentialGymnase]),
    search: '',
    matchStatus: '',
    procedure: '',
    onSearch: fn(),
    onMatchStatus: fn(),
    onProcedure: fn(),
    onPage: fn(),
    onRetry: fn(),
    adding: null,
    addError: null,
    added: null,
    onAdd: fn(),
    onDismissAdded: fn(),
    creating: false,
    createBusy: false,
    createError: null,
    onCreate: fn(),
    onSaveCall: fn(),
    onCloseCreate: fn(),
    assigning: null,
    assignBusy: false,
    assignError: null,
    companies: companyNames,
    onAssign: fn(),
    onConfirmAssign: fn(),
    onCloseAssign: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof PotentialTendersView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { list: listOf('loading') }, parameters: { machineStates: ['list.loading'] } };
export const Loaded: Story = { parameters: { machineStates: ['list.loaded'] } };
/** One call entered since the user's previous visit: it carries the "New" badge, the others not. */
export const NewSinceLastVisit: Story = {
  args: {
    list: listOf('loaded', [{ ...potentialJeanMoulin, tenderCall: { ...potentialJeanMoulin.tenderCall, createdAt: '2026-02-26T07:30:00.000Z' } }, potentialRoutes, potentialGymnase]),
  },
};
/** First visit: no previous look to compare with, so nothing is called new. */
export const FirstVisit: Story = { args: { seenBefore: null } };
export const Filtered: Story = { args: { matchStatus: 'high', procedure: 'open', list: listOf('loaded', [potentialJeanMoulin]) } };
export const Empty: Story = { args: { list: listOf('empty') }, parameters: { machineStates: ['list.empty'] } };
export const NoMatch: Story = { args: { list: listOf('empty'), search: 'piscine' } };
export const Failure: Story = { args: { list: listOf('failure', [], { error: 'Erreur interne du serveur. Réessayez dans un instant.' }) }, parameters: { machineStates: ['list.failure'] } };
export const Adding: Story = { args: { adding: potentialJeanMoulin._id } };
export const Added: Story = { args: { added: { tenderId: '5f0c8a3e-2b7d-4c1a-9e6f-0a1b2c3d4e5f', title: potentialJeanMoulin.tenderCall.title } } };
export const AddError: Story = { args: { addError: 'Cet appel d’offres figure déjà dans vos appels d’offres.' } };
export const Admin: Story = { args: { admin: true, profileHref: null, list: listOf('loaded', adminRows) } };
export const AdminEmpty: Story = { args: { admin: true, profileHref: null, list: listOf('empty') } };
export const CreateOpen: Story = { args: { admin: true, profileHref: null, list: listOf('loaded', adminRows), creating: true } };
export const CreateSubmitting: Story = { args: { admin: true, profileHref: null, list: listOf('loaded', adminRows), creating: true, createBusy: true } };
export const CreateServerError: Story = { args: { admin: true, profileHref: null, list: listOf('loaded', adminRows), creating: true, createError: 'Un appel d’offres avec cette référence existe déjà.' } };
export const AssignOpen: Story = { args: { admin: true, profileHref: null, list: listOf('loaded', adminRows), assigning: adminRows[0] } };
export const Assigning: Story = { args: { admin: true, profileHref: null, list: listOf('loaded', adminRows), assigning: adminRows[0], assignBusy: true } };
export const AssignError: Story = { args: { admin: true, profileHref: null, list: listOf('loaded', adminRows), assigning: adminRows[0], assignError: 'Cette entreprise travaille déjà cet appel d’offres.' } };

// Staff's verdicts (issue 13), one story per state of the call-feedback statechart.
const feedback = {
  hidden: false,
  hiddenCount: 0,
  busy: null,
  asking: null,
  error: null,
  justHidden: null,
  onRelevant: fn(),
  onNotRelevant: fn(),
  onSaveReason: fn(),
  onCancelReason: fn(),
  onUndo: fn(),
  onDismiss: fn(),
  onRestore: fn(),
  onShowHidden: fn(),
};
const jeanMoulinTarget = { id: potentialJeanMoulin._id, title: potentialJeanMoulin.tenderCall.title };
const judgedRows = [{ ...potentialJeanMoulin, feedback: { verdict: 'relevant' as const, reason: '' } }, potentialGymnase];
const hiddenRows = [
  { ...potentialRoutes, tenderId: null, feedback: { verdict: 'not_relevant' as const, reason: 'Hors de notre zone' } },
  { ...potentialGymnase, feedback: { verdict: 'not_relevant' as const, reason: 'Montant trop faible pour mobiliser une équipe' } },
];

/** "Pertinent" pressed on the first call; two calls set aside, a line leads to them. */
export const Feedback: Story = { args: { list: listOf('loaded', judgedRows), feedback: { ...feedback, hiddenCount: 2 } }, parameters: { machineStates: ['callFeedback.ready.idle'] } };
/** "Pas pertinent": the reason is asked, common reasons one click away. */
export const FeedbackAsking: Story = { args: { list: listOf('loaded', judgedRows), feedback: { ...feedback, asking: jeanMoulinTarget } }, parameters: { machineStates: ['callFeedback.asking'] } };
/** The reason being saved: the dialog waits, every verdict button too. */
export const FeedbackSaving: Story = {
  args: { list: listOf('loaded', judgedRows), feedback: { ...feedback, asking: jeanMoulinTarget, busy: jeanMoulinTarget.id } },
  parameters: { machineStates: ['callFeedback.saving'] },
};
/** The call set aside: it left the list, a banner offers to take it back. */
export const FeedbackHidden: Story = {
  args: { list: listOf('loaded', [potentialGymnase]), feedback: { ...feedback, hiddenCount: 1, justHidden: jeanMoulinTarget } },
  parameters: { machineStates: ['callFeedback.ready.done'] },
};
/** The server refused: its message is shown. */
export const FeedbackFailed: Story = {
  args: { list: listOf('loaded', judgedRows), feedback: { ...feedback, error: 'Vous n’avez pas accès à cette entreprise.' } },
  parameters: { machineStates: ['callFeedback.ready.failed'] },
};
/** The calls set aside, each with its reason and "Rétablir"; one being restored. */
export const FeedbackHiddenList: Story = {
  args: { list: listOf('loaded', hiddenRows), feedback: { ...feedback, hidden: true, hiddenCount: 2, busy: potentialRoutes._id } },
  parameters: { machineStates: ['callFeedback.removing'] },
};
/** No call set aside yet. */
export const FeedbackHiddenEmpty: Story = { args: { list: listOf('empty'), feedback: { ...feedback, hidden: true, hiddenCount: 0 } } };
