import type { SnapshotFrom } from 'xstate';
import type { Groupement, PieceChange, Submission, submissionMachine, VaultDocument } from '../../machines/submission.machine';

export type SubmissionSnapshot = SnapshotFrom<typeof submissionMachine>;
export type PieceChangeState = 'idle' | 'sending' | 'clearing' | 'done' | 'failed';
export type DepositDialogState = 'closed' | 'open' | 'sending' | 'failed' | 'done';
export type GroupementState = 'loading' | 'failed' | 'shown' | 'editing' | 'saving' | 'saveFailed' | 'confirmingClear' | 'clearing';

/** What the submission folder page shows, read from its statechart's snapshot (the page adds the handlers and the clock). */
export type SubmissionViewState = {
  tenderId: string;
  state: 'loading' | 'failed' | 'preparing' | 'ready' | 'deposited';
  loadError: string | null;
  submission: Submission | null;
  canDeposit: boolean;
  /** The piece change on its way or just answered, and its outcome. */
  change: { state: PieceChangeState; code: string | null; action: PieceChange['action'] | null; error: string | null };
  deposit: { state: DepositDialogState; error: string | null };
  vault: { state: 'loading' | 'loaded' | 'failed'; documents: VaultDocument[]; error: string | null };
  refresh: { state: 'idle' | 'refreshing' | 'failed'; error: string | null };
  /** The server's msg of the last change or deposit, for the live region. */
  announcement: string | null;
  /** The groupement the tender is answered in (null: alone); managers and admins edit it until the deposit. */
  groupement: { state: GroupementState; value: Groupement | null; canEdit: boolean; error: string | null; errorDetails: unknown };
};

const regionOf = <T extends string>(snapshot: SubmissionSnapshot, region: string): T => (snapshot.value as { open: Record<string, string> }).open[region] as T;

export function submissionViewOf(snapshot: SubmissionSnapshot): SubmissionViewState {
  const { context } = snapshot;
  const open = snapshot.matches('open');
  const changeState = open ? regionOf<PieceChangeState>(snapshot, 'piece') : 'idle';
  return {
    tenderId: context.tenderId,
    state: open ? regionOf<'preparing' | 'ready' | 'deposited'>(snapshot, 'folder') : snapshot.matches('failed') ? 'failed' : 'loading',
    loadError: context.loadError?.message ?? null,
    submission: context.submission,
    canDeposit: context.canDeposit,
    change: { state: changeState, code: context.change?.code ?? null, action: context.change?.action ?? null, error: changeState === 'failed' ? (context.changeError?.message ?? null) : null },
    deposit: { state: open ? regionOf<DepositDialogState>(snapshot, 'deposit') : 'closed', error: context.depositError?.message ?? null },
    vault: { state: open ? regionOf<'loading' | 'loaded' | 'failed'>(snapshot, 'vault') : 'loading', documents: context.vault, error: context.vaultError?.message ?? null },
    refresh: { state: open ? regionOf<'idle' | 'refreshing' | 'failed'>(snapshot, 'refresh') : 'idle', error: context.refreshError?.message ?? null },
    announcement: context.announcement,
    groupement: {
      state: open ? regionOf<GroupementState>(snapshot, 'groupement') : 'loading',
      value: context.groupement,
      canEdit: context.canDeposit && context.submission?.deposit == null,
      error: context.groupementError?.message ?? null,
      errorDetails: context.groupementError?.details,
    },
  };
}
