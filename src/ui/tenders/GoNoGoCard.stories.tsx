import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { emptyGrid, filledGrid, goGrid, goNoGoMessages, noGoGrid, shownOf } from './go-no-go-fixtures';
import { GoNoGoCard } from './GoNoGoCard';
import { GoNoGoWeightsForm } from './GoNoGoWeightsForm';

const meta = {
  title: 'Views/Tender Go-No-Go',
  component: GoNoGoCard,
  args: {
    state: 'ready',
    grid: filledGrid,
    shown: shownOf(filledGrid),
    score: 67,
    dirty: false,
    error: null,
    canDecide: true,
    choice: null,
    reason: '',
    offerStart: false,
    onRate: fn(),
    onNote: fn(),
    onSave: fn(),
    onRetry: fn(),
    onOpen: fn(),
    onReason: fn(),
    onCancel: fn(),
    onConfirm: fn(),
    onStart: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', maxW: '2xl' })}><main><Story /></main></div>],
} satisfies Meta<typeof GoNoGoCard>;
export default meta;

type Story = StoryObj<typeof meta>;
export const Loading: Story = { args: { state: 'loading', grid: null, shown: [] }, parameters: { machineStates: ['goNoGo.loading'] } };
export const LoadFailed: Story = { args: { state: 'failed', grid: null, shown: [], error: goNoGoMessages.loadError }, parameters: { machineStates: ['goNoGo.failed'] } };
export const Filled: Story = { parameters: { machineStates: ['goNoGo.ready'] } };
export const Empty: Story = { args: { grid: emptyGrid, shown: shownOf(emptyGrid), score: 0 } };
export const Saving: Story = { args: { state: 'saving', dirty: true }, parameters: { machineStates: ['goNoGo.saving'] } };
/** A colleague saved first: their grid is shown with the member's change over it. */
export const Conflict: Story = { args: { dirty: true, error: goNoGoMessages.conflict } };
export const Employee: Story = { args: { canDecide: false } };
/** A manager also sets the company's weights, folded under the grid. */
export const ManagerWeights: Story = { args: { weightsForm: <GoNoGoWeightsForm weights={filledGrid.weights} saving={false} error={null} onSave={fn()} /> } };
export const ChoosingNoGo: Story = { args: { state: 'choosing', choice: 'no_go' }, parameters: { machineStates: ['goNoGo.choosing'] } };
export const ChoosingGo: Story = { args: { state: 'choosing', choice: 'go' } };
export const Refused: Story = { args: { state: 'choosing', choice: 'go', error: goNoGoMessages.closed } };
export const Deciding: Story = { args: { state: 'deciding', choice: 'no_go', reason: goNoGoMessages.reason }, parameters: { machineStates: ['goNoGo.deciding'] } };
export const DecidedNoGo: Story = { args: { grid: noGoGrid, shown: shownOf(noGoGrid) } };
/** A go on a tender not started: the page's start action is offered. */
export const DecidedGo: Story = { args: { grid: goGrid, shown: shownOf(goGrid), offerStart: true } };
