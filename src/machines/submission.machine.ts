import { and, assign, fromPromise, raise, setup } from 'xstate';
import type { components } from '../../openapi/schema';
import { toRequestError, type RequestError, type RequestSuccess } from '../common/request-result';

export type Submission = components['schemas']['Submission'];
export type SubmissionPiece = components['schemas']['SubmissionPiece'];
export type SubmissionCheck = components['schemas']['SubmissionCheck'];
export type SubmissionDeposit = components['schemas']['SubmissionDeposit'];
export type VaultDocument = components['schemas']['CompanyDocument'];
export type VaultKind = components['schemas']['CompanyDocumentKind'];
/** A file as a machine knows it (a File in the browser). */
export type SubmissionFile = { name: string; type: string; size: number };

export type SetPieceInput = { tenderId: string; code: string } & ({ file: SubmissionFile } | { companyDocumentId: string });
export type ClearPieceInput = { tenderId: string; code: string };
export type DepositInput = { tenderId: string; depositedAt: string; acknowledgement: SubmissionFile };
export type VaultInput = { companyId: string | null; kinds: VaultKind[] };
export type Groupement = components['schemas']['SubmissionGroupement'];
export type GroupementMember = components['schemas']['SubmissionGroupementMember'];
export type SetGroupementInput = { tenderId: string; groupement: Groupement };
/** A groupement written or cleared: the groupement now, and the folder with it (the co-contractors' pieces). */
export type GroupementWritten = { groupement: Groupement | null; submission: Submission };

/** The server's answer to a change once the folder is deposited: the folder is read again. */
export const SUBMISSION_DEPOSITED = 'submission-deposited';

/** The vault kinds that can stand for a piece, by its code (the server's catalogue). */
export const VAULT_KINDS_OF: Readonly<Record<string, readonly VaultKind[]>> = {
  KBIS: ['kbis'],
  URSSAF: ['urssaf'],
  TAX: ['tax'],
  INSURANCE: ['insurance'],
  CERTIFICATIONS: ['certification'],
  REFERENCES: ['reference_letter'],
};

/** The vault kinds the folder's pieces may take, each once. */
export const vaultKindsOf = (submission: Submission | null): VaultKind[] => [...new Set((submission?.pieces ?? []).flatMap((piece) => VAULT_KINDS_OF[piece.code] ?? []))];

/** One change of a piece: a file uploaded, a vault document chosen, or the file forgotten. */
export type PieceChange = { code: string; action: 'upload'; file: SubmissionFile } | { code: string; action: 'choose'; companyDocumentId: string } | { code: string; action: 'clear' };

export type SubmissionContext = {
  tenderId: string;
  companyId: string | null;
  /** Managers and admins record the deposit; employees contribute pieces. */
  canDeposit: boolean;
  submission: Submission | null;
  loadError: RequestError | null;
  /** The piece change on its way, or the last one (its outcome shown beside the piece). */
  change: PieceChange | null;
  changeError: RequestError | null;
  /** The server's msg of the last change or deposit, for the live region. */
  announcement: string | null;
  depositError: RequestError | null;
  vault: VaultDocument[];
  vaultError: RequestError | null;
  refreshError: RequestError | null;
  /** The groupement the tender is answered in; null while the company answers alone. */
  groupement: Group;
  /** The groupement's load, save or clear that failed (the form keeps its 400 details under its fields). */
  groupementError: RequestError | null;
};
type Group = Groupement | null;

export type SubmissionEvent =
  | { type: 'load.retry' }
  | { type: 'folder.refresh' }
  | { type: 'piece.upload'; code: string; file: SubmissionFile }
  | { type: 'piece.choose'; code: string; companyDocumentId: string }
  | { type: 'piece.clear'; code: string }
  | { type: 'piece.dismiss' }
  | { type: 'vault.retry' }
  | { type: 'deposit.open' }
  | { type: 'deposit.send'; depositedAt: string; acknowledgement: SubmissionFile }
  | { type: 'deposit.close' }
  | { type: 'groupement.retry' }
  | { type: 'groupement.edit' }
  | { type: 'groupement.cancel' }
  | { type: 'groupement.save'; groupement: Groupement }
  | { type: 'groupement.clear' }
  | { type: 'groupement.confirmClear' };

type Ctx = { context: SubmissionContext };
const isDeposited = ({ context }: Ctx) => context.submission?.deposit != null;
const isReady = ({ context }: Ctx) => context.submission?.ready === true && context.submission.deposit == null;
const isPreparing = ({ context }: Ctx) => context.submission?.ready !== true && context.submission?.deposit == null;
const changeOf = (event: SubmissionEvent): PieceChange | null => {
  if (event.type === 'piece.upload') return { code: event.code, action: 'upload', file: event.file };
  if (event.type === 'piece.choose') return { code: event.code, action: 'choose', companyDocumentId: event.companyDocumentId };
  if (event.type === 'piece.clear') return { code: event.code, action: 'clear' };
  return null;
};

// A change starts from any resting state of the piece region; a forgotten file goes to its own call.
const pieceChanges = {
  'piece.upload': { guard: 'canChange', target: 'sending', actions: 'startChange' },
  'piece.choose': { guard: 'canChange', target: 'sending', actions: 'startChange' },
  'piece.clear': { guard: 'canChange', target: 'clearing', actions: 'startChange' },
} as const;

/**
 * The submission folder of a tender (issue 26): loaded, then the folder's own state read from the
 * server's answer — preparing (pieces missing or error checks failing), ready, deposited — with
 * regions for a piece's change (a file, a vault document, or forgetting it; one at a time), the
 * deposit's dialog (managers and admins), the vault's documents a piece may take, reading the
 * folder again, and the groupement the tender is answered in (entered by managers and admins). Every write answers with the whole new folder, which replaces the one shown.
 */
export const submissionMachine = setup({
  types: {
    context: {} as SubmissionContext,
    events: {} as SubmissionEvent,
    input: {} as { tenderId: string; companyId: string | null; canDeposit: boolean },
  },
  actors: {
    getSubmission: fromPromise<Submission, { tenderId: string }>(async () => {
      throw new Error('Actor "getSubmission" was not provided');
    }),
    setSubmissionPiece: fromPromise<RequestSuccess<Submission>, SetPieceInput>(async () => {
      throw new Error('Actor "setSubmissionPiece" was not provided');
    }),
    clearSubmissionPiece: fromPromise<RequestSuccess<Submission>, ClearPieceInput>(async () => {
      throw new Error('Actor "clearSubmissionPiece" was not provided');
    }),
    depositSubmission: fromPromise<RequestSuccess<Submission>, DepositInput>(async () => {
      throw new Error('Actor "depositSubmission" was not provided');
    }),
    listVaultDocuments: fromPromise<VaultDocument[], VaultInput>(async () => {
      throw new Error('Actor "listVaultDocuments" was not provided');
    }),
    getSubmissionGroupement: fromPromise<Group, { tenderId: string }>(async () => {
      throw new Error('Actor "getSubmissionGroupement" was not provided');
    }),
    setSubmissionGroupement: fromPromise<RequestSuccess<GroupementWritten>, SetGroupementInput>(async () => {
      throw new Error('Actor "setSubmissionGroupement" was not provided');
    }),
    clearSubmissionGroupement: fromPromise<RequestSuccess<GroupementWritten>, { tenderId: string }>(async () => {
      throw new Error('Actor "clearSubmissionGroupement" was not provided');
    }),
  },
  actions: {
    startChange: assign(({ event }) => ({ change: changeOf(event), changeError: null, announcement: null })),
    // Every write answers with the whole folder: it replaces the one shown.
    takeWritten: assign(({ event }) => {
      const written = (event as unknown as { output: RequestSuccess<Submission> }).output;
      return { submission: written.data, announcement: written.message };
    }),
    changeFailed: assign({ changeError: ({ event }) => toRequestError((event as { error?: unknown }).error) }),
    // A groupement written or cleared answers with the folder too: both replace the ones shown.
    takeGroupement: assign(({ event }) => {
      const written = (event as unknown as { output: RequestSuccess<GroupementWritten> }).output;
      return { groupement: written.data.groupement, submission: written.data.submission, announcement: written.message, groupementError: null };
    }),
    groupementFailed: assign({ groupementError: ({ event }) => toRequestError((event as { error?: unknown }).error) }),
  },
  guards: {
    isDeposited,
    isReady,
    isPreparing,
    canDeposit: ({ context }) => context.canDeposit && context.submission?.deposit == null,
    // A deposited folder is frozen: its pieces no longer change.
    canChange: ({ context, event }) => context.submission?.deposit == null && changeOf(event) !== null,
    // Managers and admins (those who deposit) enter the groupement, until the folder is deposited.
    canEditGroupement: ({ context }) => context.canDeposit && context.submission?.deposit == null,
    isGrouped: ({ context }) => context.groupement !== null,
    // Deposited by someone else meanwhile: the folder is read again.
    depositedMeanwhile: ({ event }) => toRequestError((event as { error?: unknown }).error).msgType === SUBMISSION_DEPOSITED,
  },
}).createMachine({
  id: 'submission',
  initial: 'loading',
  context: ({ input }) => ({
    tenderId: input.tenderId,
    companyId: input.companyId,
    canDeposit: input.canDeposit,
    submission: null,
    loadError: null,
    change: null,
    changeError: null,
    announcement: null,
    depositError: null,
    vault: [],
    vaultError: null,
    refreshError: null,
    groupement: null,
    groupementError: null,
  }),
  states: {
    loading: {
      invoke: {
        src: 'getSubmission',
        input: ({ context }) => ({ tenderId: context.tenderId }),
        onDone: { target: 'open', actions: assign({ submission: ({ event }) => event.output, loadError: null }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => toRequestError(event.error) }) },
      },
    },
    failed: { on: { 'load.retry': 'loading' } },
    open: {
      type: 'parallel',
      states: {
        // The folder's own state, as the server's last answer says.
        folder: {
          initial: 'preparing',
          states: {
            preparing: { always: [{ guard: 'isDeposited', target: 'deposited' }, { guard: 'isReady', target: 'ready' }] },
            ready: { always: [{ guard: 'isDeposited', target: 'deposited' }, { guard: 'isPreparing', target: 'preparing' }] },
            deposited: {},
          },
        },
        piece: {
          initial: 'idle',
          states: {
            idle: { on: pieceChanges },
            sending: {
              tags: ['busy'],
              invoke: {
                src: 'setSubmissionPiece',
                input: ({ context }) => {
                  const change = context.change!;
                  const base = { tenderId: context.tenderId, code: change.code };
                  return change.action === 'upload' ? { ...base, file: change.file } : { ...base, companyDocumentId: (change as { companyDocumentId: string }).companyDocumentId };
                },
                onDone: { target: 'done', actions: 'takeWritten' },
                onError: [
                  { guard: 'depositedMeanwhile', target: 'failed', actions: ['changeFailed', raise({ type: 'folder.refresh' })] },
                  { target: 'failed', actions: 'changeFailed' },
                ],
              },
            },
            clearing: {
              tags: ['busy'],
              invoke: {
                src: 'clearSubmissionPiece',
                input: ({ context }) => ({ tenderId: context.tenderId, code: context.change!.code }),
                onDone: { target: 'done', actions: 'takeWritten' },
                onError: [
                  { guard: 'depositedMeanwhile', target: 'failed', actions: ['changeFailed', raise({ type: 'folder.refresh' })] },
                  { target: 'failed', actions: 'changeFailed' },
                ],
              },
            },
            done: { on: { ...pieceChanges, 'piece.dismiss': { target: 'idle', actions: assign({ change: null, announcement: null }) } } },
            failed: { on: { ...pieceChanges, 'piece.dismiss': { target: 'idle', actions: assign({ change: null, changeError: null }) } } },
          },
        },
        deposit: {
          initial: 'closed',
          states: {
            closed: { on: { 'deposit.open': { guard: 'canDeposit', target: 'open', actions: assign({ depositError: null }) } } },
            open: { on: { 'deposit.send': 'sending', 'deposit.close': 'closed' } },
            sending: {
              tags: ['busy'],
              invoke: {
                src: 'depositSubmission',
                input: ({ context, event }) => {
                  const { depositedAt, acknowledgement } = event as Extract<SubmissionEvent, { type: 'deposit.send' }>;
                  return { tenderId: context.tenderId, depositedAt, acknowledgement };
                },
                onDone: { target: 'done', actions: assign(({ event }) => ({ submission: event.output.data, announcement: event.output.message, depositError: null })) },
                onError: [
                  {
                    guard: 'depositedMeanwhile',
                    target: 'failed',
                    actions: [assign({ depositError: ({ event }) => toRequestError(event.error) }), raise({ type: 'folder.refresh' })],
                  },
                  { target: 'failed', actions: assign({ depositError: ({ event }) => toRequestError(event.error) }) },
                ],
              },
            },
            // The dialog stays open on the error; sending again or closing.
            failed: { on: { 'deposit.send': 'sending', 'deposit.close': { target: 'closed', actions: assign({ depositError: null }) } } },
            // Recorded: the dialog is closed and the record shown.
            done: {},
          },
        },
        vault: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'listVaultDocuments',
                input: ({ context }) => ({ companyId: context.companyId, kinds: vaultKindsOf(context.submission) }),
                onDone: { target: 'loaded', actions: assign({ vault: ({ event }) => event.output, vaultError: null }) },
                onError: { target: 'failed', actions: assign({ vaultError: ({ event }) => toRequestError(event.error) }) },
              },
            },
            loaded: {},
            failed: { on: { 'vault.retry': 'loading' } },
          },
        },
        refresh: {
          initial: 'idle',
          states: {
            idle: { on: { 'folder.refresh': 'refreshing' } },
            refreshing: {
              invoke: {
                src: 'getSubmission',
                input: ({ context }) => ({ tenderId: context.tenderId }),
                onDone: { target: 'idle', actions: assign({ submission: ({ event }) => event.output, refreshError: null }) },
                onError: { target: 'failed', actions: assign({ refreshError: ({ event }) => toRequestError(event.error) }) },
              },
            },
            failed: { on: { 'folder.refresh': 'refreshing' } },
          },
        },
        // The groupement (issue 26): alone by default; a manager enters it in a form, or answers alone again after confirming.
        groupement: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'getSubmissionGroupement',
                input: ({ context }) => ({ tenderId: context.tenderId }),
                onDone: { target: 'shown', actions: assign({ groupement: ({ event }) => event.output, groupementError: null }) },
                onError: { target: 'failed', actions: 'groupementFailed' },
              },
            },
            failed: { on: { 'groupement.retry': 'loading' } },
            shown: {
              on: {
                'groupement.edit': { guard: 'canEditGroupement', target: 'editing', actions: assign({ groupementError: null }) },
                'groupement.clear': { guard: and(['canEditGroupement', 'isGrouped']), target: 'confirmingClear', actions: assign({ groupementError: null }) },
              },
            },
            editing: { on: { 'groupement.save': { guard: 'canEditGroupement', target: 'saving' }, 'groupement.cancel': 'shown' } },
            saving: {
              tags: ['busy'],
              invoke: {
                src: 'setSubmissionGroupement',
                input: ({ context, event }) => ({ tenderId: context.tenderId, groupement: (event as Extract<SubmissionEvent, { type: 'groupement.save' }>).groupement }),
                onDone: { target: 'shown', actions: 'takeGroupement' },
                onError: [
                  { guard: 'depositedMeanwhile', target: 'shown', actions: ['groupementFailed', raise({ type: 'folder.refresh' })] },
                  { target: 'saveFailed', actions: 'groupementFailed' },
                ],
              },
            },
            // The form stays open with the refusal under its fields; saved again or left.
            saveFailed: { on: { 'groupement.save': { guard: 'canEditGroupement', target: 'saving' }, 'groupement.cancel': { target: 'shown', actions: assign({ groupementError: null }) } } },
            confirmingClear: { on: { 'groupement.confirmClear': { guard: 'canEditGroupement', target: 'clearing' }, 'groupement.cancel': 'shown' } },
            clearing: {
              tags: ['busy'],
              invoke: {
                src: 'clearSubmissionGroupement',
                input: ({ context }) => ({ tenderId: context.tenderId }),
                onDone: { target: 'shown', actions: 'takeGroupement' },
                onError: [
                  { guard: 'depositedMeanwhile', target: 'shown', actions: ['groupementFailed', raise({ type: 'folder.refresh' })] },
                  { target: 'shown', actions: 'groupementFailed' },
                ],
              },
            },
          },
        },
      },
    },
  },
});
