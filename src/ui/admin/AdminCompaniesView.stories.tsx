import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { listOf, lyon, nantes } from './admin-fixtures';
import { AdminCompaniesView } from './AdminCompaniesView';

const meta = {
  title: 'Views/Admin companies',
  component: AdminCompaniesView,
  args: {
    list: listOf('loaded', [nantes, lyon]),
    search: '',
    editor: null,
    editorBusy: false,
    editorError: null,
    deleting: null,
    deleteBusy: false,
    deleteError: null,
    onSearch: fn(),
    onPage: fn(),
    onRetry: fn(),
    onCreate: fn(),
    onEdit: fn(),
    onSave: fn(),
    onCloseEditor: fn(),
    onDelete: fn(),
    onConfirmDelete: fn(),
    onCancelDelete: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof AdminCompaniesView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { list: listOf('loading') }, parameters: { machineStates: ['list.loading'] } };
export const Loaded: Story = { parameters: { machineStates: ['list.loaded'] } };
export const Searching: Story = { args: { search: 'lyon', list: listOf('debouncing', [nantes, lyon]) }, parameters: { machineStates: ['list.debouncing'] } };
export const Empty: Story = { args: { list: listOf('empty') }, parameters: { machineStates: ['list.empty'] } };
export const NoMatch: Story = { args: { list: listOf('empty'), search: 'Marseille' } };
export const Failure: Story = { args: { list: listOf('failure', [], { error: 'Erreur interne du serveur. Réessayez dans un instant.' }) }, parameters: { machineStates: ['list.failure'] } };
export const Creating: Story = { args: { editor: { mode: 'create' } } };
export const CreateSaving: Story = { args: { editor: { mode: 'create' }, editorBusy: true } };
export const CreateError: Story = { args: { editor: { mode: 'create' }, editorError: 'Une entreprise avec ce numéro SIRET existe déjà.' } };
export const Editing: Story = { args: { editor: { mode: 'edit', company: lyon } } };
export const ConfirmDelete: Story = { args: { deleting: lyon } };
export const Deleting: Story = { args: { deleting: lyon, deleteBusy: true } };
export const DeleteError: Story = { args: { deleting: lyon, deleteError: 'Entreprise introuvable.' } };
