import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { boardLoadError, boardReopenReason, boardRefusal, boardTenders } from './board-fixtures';
import { TendersBoardView } from './TendersBoardView';

const [routes, jeanMoulin, gymnase] = boardTenders;

const meta = {
  title: 'Views/Tenders board',
  component: TendersBoardView,
  args: {
    state: 'ready',
    tenders: boardTenders,
    canReopen: true,
    move: null,
    reason: '',
    reasonError: null,
    loadError: null,
    error: null,
    announcement: null,
    seenBefore: '2026-02-23T08:00:00.000Z',
    onMove: fn(),
    onReason: fn(),
    onConfirm: fn(),
    onCancel: fn(),
    onDismiss: fn(),
    onRetry: fn(),
    onMore: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof TendersBoardView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { state: 'loading', tenders: [] }, parameters: { machineStates: ['tendersBoard.loading'] } };
export const LoadFailed: Story = { args: { state: 'failed', tenders: [], loadError: boardLoadError }, parameters: { machineStates: ['tendersBoard.failed'] } };
export const Ready: Story = { parameters: { machineStates: ['tendersBoard.ready'] } };
/** A plain move, shown in its new column while it is saved. */
export const Moving: Story = {
  args: {
    state: 'moving',
    tenders: boardTenders.map((x) => (x._id === routes!._id ? { ...x, status: 'in_progress' as const } : x)),
    move: { id: routes!._id, from: 'not_started', to: 'in_progress', kind: 'move' },
  },
  parameters: { machineStates: ['tendersBoard.moving'] },
};
/** The server refused: the card is back in its column, and the board says why. */
export const Refused: Story = {
  args: { state: 'refused', error: boardRefusal, announcement: { kind: 'refused', id: jeanMoulin!._id, message: boardRefusal } },
  parameters: { machineStates: ['tendersBoard.refused'] },
};
/** A decision is confirmed first, in the details page's dialog. */
export const ConfirmingDecision: Story = {
  args: { state: 'confirming', move: { id: gymnase!._id, from: 'submitted', to: 'lost', kind: 'move' } },
  parameters: { machineStates: ['tendersBoard.confirming'] },
};
export const ConfirmingReopen: Story = {
  args: { state: 'confirming', move: { id: gymnase!._id, from: 'submitted', to: 'in_progress', kind: 'reopen' }, reason: boardReopenReason },
};
/** An employee: a submitted tender cannot be reopened from the board. */
export const Employee: Story = { args: { canReopen: false } };
/** A company with more tenders than a column shows: each column counts them all and offers the next ones. */
export const LongColumns: Story = {
  args: { counts: { not_started: 47, in_progress: 1, pending: 0, submitted: 1, won: 1, lost: 0, non_compliant: 0 } },
};
/** A column's next cards loading: the other columns stay as they are. */
export const LoadingMore: Story = {
  args: { state: 'loadingMore', counts: { not_started: 47, in_progress: 1, pending: 0, submitted: 1, won: 1, lost: 0, non_compliant: 0 }, loadingMore: 'not_started' },
  parameters: { machineStates: ['tendersBoard.loadingMore'] },
};
/** The next cards of a column could not be read: said under it, the button stays to try again. */
export const MoreFailed: Story = {
  args: {
    counts: { not_started: 47, in_progress: 1, pending: 0, submitted: 1, won: 1, lost: 0, non_compliant: 0 },
    moreError: { status: 'not_started', message: boardLoadError },
  },
};
