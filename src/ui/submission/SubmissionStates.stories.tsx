import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValue } from 'xstate';
import { css } from 'styled-system/css';
import { submissionMachine, type SubmissionContext } from '../../machines/submission.machine';
import { SubmissionView } from './SubmissionView';
import { submissionViewOf, type SubmissionViewState } from './submission-view-state';
import { twoMemberGroupement } from '../../machines/groupement.fixtures';
import { depositedSubmission, freshSubmission, preparingSubmission, readySubmission, submissionCompanyId, submissionNow, submissionTenderId, vaultDocuments, withInsurance } from '../../machines/submission.fixtures';

// The submission folder page's statechart, each state rendered from its snapshot through
// submissionViewOf, as the page shows it (regions once open: folder, piece, deposit, vault, refresh).
const QUIET = { folder: 'preparing', piece: 'idle', deposit: 'closed', vault: 'loaded', refresh: 'idle', groupement: 'shown' } as const;
const baseContext: SubmissionContext = {
  tenderId: submissionTenderId,
  companyId: submissionCompanyId,
  canDeposit: true,
  submission: preparingSubmission,
  loadError: null,
  change: null,
  changeError: null,
  announcement: null,
  depositError: null,
  vault: vaultDocuments,
  vaultError: null,
  refreshError: null,
  groupement: null,
  groupementError: null,
};
// Stories take the view's plain data as args (a snapshot holds its machine: not serialisable).
const openAt = (value: Partial<Record<keyof typeof QUIET, string>>, context: Partial<SubmissionContext> = {}): SubmissionViewState =>
  submissionViewOf(submissionMachine.resolveState({ value: { open: { ...QUIET, ...value } } as StateValue, context: { ...baseContext, ...context } }));
const at = (value: 'loading' | 'failed', context: Partial<SubmissionContext> = {}): SubmissionViewState =>
  submissionViewOf(submissionMachine.resolveState({ value, context: { ...baseContext, submission: null, vault: [], ...context } }));

const handlers = {
  onRetry: fn(),
  onRefresh: fn(),
  onUpload: fn(),
  onChoose: fn(),
  onClear: fn(),
  onDismiss: fn(),
  onVaultRetry: fn(),
  onOpenDeposit: fn(),
  onSendDeposit: fn(),
  onCloseDeposit: fn(),
  groupementActions: { onRetry: fn(), onEdit: fn(), onCancel: fn(), onSave: fn(), onClear: fn(), onConfirmClear: fn() },
};

function SubmissionScreen({ view, now, ...props }: { view: SubmissionViewState; now: number } & typeof handlers) {
  return (
    <div className={css({ p: { base: '3', md: '6' }, bg: 'bg.canvas' })}>
      <main>
        <SubmissionView {...view} now={now} {...props} />
      </main>
    </div>
  );
}

const meta = {
  title: 'Statecharts/Submission folder',
  component: SubmissionScreen,
  args: { view: openAt({}), now: submissionNow, ...handlers },
} satisfies Meta<typeof SubmissionScreen>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { view: at('loading') }, parameters: { machineStates: ['submission.loading'] } };
export const LoadFailed: Story = {
  args: { view: at('failed', { loadError: { message: 'Aucune réponse du serveur.', status: 502 } }) },
  parameters: { machineStates: ['submission.failed'] },
};
/** A manager's view: the URSSAF certificate ends before the deadline, the insurance is missing, the memory is too long, the AE not there yet. */
export const Preparing: Story = {
  parameters: { machineStates: ['submission.open.folder.preparing', 'submission.open.piece.idle', 'submission.open.deposit.closed', 'submission.open.vault.loaded', 'submission.open.refresh.idle'] },
};
/** An employee contributes pieces but does not record the deposit. */
export const PreparingEmployee: Story = { args: { view: openAt({}, { canDeposit: false }) }, parameters: { machineStates: ['submission.open.folder.preparing'] } };
export const VaultLoading: Story = { args: { view: openAt({ vault: 'loading' }, { vault: [] }) }, parameters: { machineStates: ['submission.open.vault.loading'] } };
export const VaultFailed: Story = {
  args: { view: openAt({ vault: 'failed' }, { vault: [], vaultError: { message: 'Erreur interne du serveur.', status: 500 } }) },
  parameters: { machineStates: ['submission.open.vault.failed'] },
};
export const Uploading: Story = {
  args: { view: openAt({ piece: 'sending' }, { change: { code: 'INSURANCE', action: 'upload', file: { name: 'Décennale 2026.pdf', type: 'application/pdf', size: 120_000 } } }) },
  parameters: { machineStates: ['submission.open.piece.sending'] },
};
export const Clearing: Story = { args: { view: openAt({ piece: 'clearing' }, { change: { code: 'DC1', action: 'clear' } }) }, parameters: { machineStates: ['submission.open.piece.clearing'] } };
/** The insurance certificate taken from the vault: the new folder shown, the server's msg announced. */
export const PieceDone: Story = {
  args: { view: openAt({ piece: 'done' }, { submission: withInsurance, change: { code: 'INSURANCE', action: 'choose', companyDocumentId: vaultDocuments[0]!._id }, announcement: 'Pièce enregistrée.' }) },
  parameters: { machineStates: ['submission.open.piece.done'] },
};
export const PieceFailed: Story = {
  args: {
    view: openAt(
      { piece: 'failed' },
      { change: { code: 'AE', action: 'upload', file: { name: 'AE.exe', type: 'application/octet-stream', size: 1000 } }, changeError: { message: "Ce type de fichier n'est pas accepté (PDF, DOCX, XLSX, ODT, ODS, ZIP).", status: 400 } },
    ),
  },
  parameters: { machineStates: ['submission.open.piece.failed'] },
};
export const Ready: Story = { args: { view: openAt({ folder: 'ready' }, { submission: readySubmission }) }, parameters: { machineStates: ['submission.open.folder.ready'] } };
export const DepositOpen: Story = { args: { view: openAt({ folder: 'ready', deposit: 'open' }, { submission: readySubmission }) }, parameters: { machineStates: ['submission.open.deposit.open'] } };
export const DepositSending: Story = {
  args: { view: openAt({ folder: 'ready', deposit: 'sending' }, { submission: readySubmission }) },
  parameters: { machineStates: ['submission.open.deposit.sending'] },
};
export const DepositFailed: Story = {
  args: { view: openAt({ folder: 'ready', deposit: 'failed' }, { submission: readySubmission, depositError: { message: "L'accusé de réception est requis.", status: 400 } }) },
  parameters: { machineStates: ['submission.open.deposit.failed'] },
};
/** Recorded: when, by whom, the acknowledgement, the files frozen with their SHA-256. */
export const Deposited: Story = {
  args: { view: openAt({ folder: 'deposited', deposit: 'done' }, { submission: depositedSubmission, announcement: 'Dépôt enregistré.' }) },
  parameters: { machineStates: ['submission.open.folder.deposited', 'submission.open.deposit.done'] },
};
export const Refreshing: Story = { args: { view: openAt({ refresh: 'refreshing' }) }, parameters: { machineStates: ['submission.open.refresh.refreshing'] } };
export const RefreshFailed: Story = {
  args: { view: openAt({ refresh: 'failed' }, { refreshError: { message: 'Aucune réponse du serveur.', status: 502 } }) },
  parameters: { machineStates: ['submission.open.refresh.failed'] },
};
/** Just opened: the DC2 generated but not made yet (no size known), the turnover declared in it (nothing to upload). */
export const FreshFolder: Story = { args: { view: openAt({}, { submission: freshSubmission }) } };
/** Past the deadline: both countdowns say so. */
export const PastDeadline: Story = { args: { now: Date.parse('2026-12-18T09:00:00.000Z') } };

// The groupement (issue 26): alone by default, entered by a manager in a form, read-only to employees.
const groupementError = { message: 'Le champ « SIRET du cotraitant (n° 2) » est invalide.', status: 400, details: [{ field: 'members.1.siret', msg: "Ce numéro SIRET n'est pas valide : vérifiez les 14 chiffres." }] };
export const GroupementLoading: Story = { args: { view: openAt({ groupement: 'loading' }) }, parameters: { machineStates: ['submission.open.groupement.loading'] } };
export const GroupementLoadFailed: Story = {
  args: { view: openAt({ groupement: 'failed' }, { groupementError: { message: 'Aucune réponse du serveur.', status: 502 } }) },
  parameters: { machineStates: ['submission.open.groupement.failed'] },
};
/** A manager's folder answered in a groupement conjoint of three: the company (mandataire, jointly liable) and two co-contractors. */
export const Grouped: Story = { args: { view: openAt({}, { groupement: twoMemberGroupement }) }, parameters: { machineStates: ['submission.open.groupement.shown'] } };
export const GroupedEmployee: Story = { args: { view: openAt({}, { groupement: twoMemberGroupement, canDeposit: false }) } };
export const GroupementEditing: Story = { args: { view: openAt({ groupement: 'editing' }, { groupement: twoMemberGroupement }) }, parameters: { machineStates: ['submission.open.groupement.editing'] } };
/** "Répondre en groupement" from alone: one blank co-contractor to fill. */
export const GroupementNew: Story = { args: { view: openAt({ groupement: 'editing' }) } };
export const GroupementSaving: Story = { args: { view: openAt({ groupement: 'saving' }, { groupement: twoMemberGroupement }) }, parameters: { machineStates: ['submission.open.groupement.saving'] } };
export const GroupementSaveFailed: Story = {
  args: { view: openAt({ groupement: 'saveFailed' }, { groupement: twoMemberGroupement, groupementError }) },
  parameters: { machineStates: ['submission.open.groupement.saveFailed'] },
};
export const GroupementClearConfirm: Story = {
  args: { view: openAt({ groupement: 'confirmingClear' }, { groupement: twoMemberGroupement }) },
  parameters: { machineStates: ['submission.open.groupement.confirmingClear'] },
};
export const GroupementClearing: Story = { args: { view: openAt({ groupement: 'clearing' }, { groupement: twoMemberGroupement }) }, parameters: { machineStates: ['submission.open.groupement.clearing'] } };
