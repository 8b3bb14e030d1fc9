import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { listOf } from '../admin/admin-fixtures';
import { moe, voirie } from './dce-template-fixtures';
import { DceTemplatesView } from './DceTemplatesView';

const meta = {
  title: 'Views/DCE templates',
  component: DceTemplatesView,
  args: {
    list: listOf('loaded', [moe, voirie]),
    search: '',
    deleting: null,
    deleteBusy: false,
    deleteError: null,
    onSearch: fn(),
    onPage: fn(),
    onRetry: fn(),
    onDelete: fn(),
    onConfirmDelete: fn(),
    onCancelDelete: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof DceTemplatesView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { list: listOf('loading') }, parameters: { machineStates: ['list.loading'] } };
export const Loaded: Story = { parameters: { machineStates: ['list.loaded'] } };
export const Searching: Story = { args: { search: 'voirie', list: listOf('debouncing', [moe, voirie]) }, parameters: { machineStates: ['list.debouncing'] } };
export const Empty: Story = { args: { list: listOf('empty') }, parameters: { machineStates: ['list.empty'] } };
export const NoMatch: Story = { args: { list: listOf('empty'), search: 'assurance' } };
export const Failure: Story = { args: { list: listOf('failure', [], { error: 'Erreur interne du serveur. Réessayez dans un instant.' }) }, parameters: { machineStates: ['list.failure'] } };
export const ConfirmDelete: Story = { args: { deleting: voirie } };
export const ConfirmDeleteUnused: Story = { args: { deleting: moe } };
export const Deleting: Story = { args: { deleting: voirie, deleteBusy: true } };
export const DeleteError: Story = { args: { deleting: voirie, deleteError: 'Ressource introuvable.' } };
