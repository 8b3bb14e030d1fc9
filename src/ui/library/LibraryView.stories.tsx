import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { listOf, lyon } from '../admin/admin-fixtures';
import { CompanyTabs } from '../companies/CompanyTabs';
import { LibraryView } from './LibraryView';
import { blockDemolition, blockSafety, libraryRefusal, libraryRows } from './library-fixtures';

const meta = {
  title: 'Views/Library',
  component: LibraryView,
  args: {
    companyName: lyon.name,
    tabs: <CompanyTabs companyId={lyon._id} active="library" />,
    list: listOf('loaded', libraryRows),
    search: '',
    due: false,
    onSearch: fn(),
    onDue: fn(),
    onPage: fn(),
    onRetry: fn(),
    dialog: null,
    saveBusy: false,
    saveError: null,
    onAdd: fn(),
    onEdit: fn(),
    onCloseDialog: fn(),
    onSubmit: fn(),
    reviewingId: null,
    onReviewed: fn(),
    deleting: null,
    deleteBusy: false,
    deleteError: null,
    onDelete: fn(),
    onConfirmDelete: fn(),
    onCancelDelete: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof LibraryView>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Tags cut after three, the block due for review flagged, one with no review planned and no owner any more. */
export const Loaded: Story = { parameters: { machineStates: ['list.loaded'] } };
export const Loading: Story = { args: { list: listOf('loading') }, parameters: { machineStates: ['list.loading'] } };
export const Searching: Story = { args: { search: 'démolir', list: listOf('debouncing', [blockDemolition]) }, parameters: { machineStates: ['list.debouncing'] } };
export const DueOnly: Story = { args: { due: true, list: listOf('loaded', [blockSafety]) } };
export const Empty: Story = { args: { list: listOf('empty') }, parameters: { machineStates: ['list.empty'] } };
export const NoMatch: Story = { args: { search: 'grue', list: listOf('empty') } };
export const Failure: Story = { args: { list: listOf('failure', [], { error: 'Erreur interne du serveur. Réessayez dans un instant.' }) }, parameters: { machineStates: ['list.failure'] } };
export const Reviewing: Story = { args: { reviewingId: blockSafety._id }, parameters: { machineStates: ['request.loading'] } };
export const AddDialog: Story = { args: { dialog: { mode: 'add' } }, parameters: { machineStates: ['request.idle'] } };
export const EditDialog: Story = { args: { dialog: { mode: 'edit', block: blockSafety } } };
export const Saving: Story = { args: { dialog: { mode: 'edit', block: blockSafety }, saveBusy: true }, parameters: { machineStates: ['request.loading'] } };
export const SaveRefused: Story = {
  args: { dialog: { mode: 'add' }, saveError: libraryRefusal.msg, saveErrorDetails: libraryRefusal.details },
  parameters: { machineStates: ['request.failure'] },
};
export const ConfirmDelete: Story = { args: { deleting: blockDemolition } };
export const Deleting: Story = { args: { deleting: blockDemolition, deleteBusy: true }, parameters: { machineStates: ['request.loading'] } };
