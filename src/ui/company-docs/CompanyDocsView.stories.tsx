import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { UPLOAD_ACCEPT } from '../../machines/upload-queue.machine';
import { listOf, lyon } from '../admin/admin-fixtures';
import { CompanyDocsView } from './CompanyDocsView';
import { vaultDocs } from '../tender-docs/docs-fixtures';

const meta = {
  title: 'Views/Company documents',
  component: CompanyDocsView,
  args: {
    companyName: lyon.name,
    list: listOf('loaded', vaultDocs),
    search: '',
    filters: { kind: '', validity: '' },
    accept: UPLOAD_ACCEPT,
    onSearch: fn(),
    onFilter: fn(),
    onPage: fn(),
    onRetry: fn(),
    form: null,
    formBusy: false,
    formError: null,
    onAdd: fn(),
    onEdit: fn(),
    onCloseForm: fn(),
    onSubmitForm: fn(),
    deleting: null,
    deleteBusy: false,
    deleteError: null,
    onDelete: fn(),
    onConfirmDelete: fn(),
    onCancelDelete: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof CompanyDocsView>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Every badge: expired, expires in 12 days, valid, valid without an end date. */
export const Loaded: Story = {};
export const Loading: Story = { args: { list: listOf('loading') } };
export const Failure: Story = { args: { list: listOf('failure', [], { error: 'Erreur interne du serveur. Réessayez dans un instant.' }) } };
export const Empty: Story = { args: { list: listOf('empty') } };
export const ExpiringSoon: Story = { args: { filters: { kind: '', validity: 'expiring' }, list: listOf('loaded', [vaultDocs[1]!]) } };
export const NoMatch: Story = { args: { filters: { kind: 'tax', validity: '' }, list: listOf('empty') } };
export const AddDialog: Story = { args: { form: { mode: 'add' } } };
export const EditDialog: Story = { args: { form: { mode: 'edit', doc: vaultDocs[1]! } } };
export const Saving: Story = { args: { form: { mode: 'add' }, formBusy: true } };
export const SaveError: Story = { args: { form: { mode: 'edit', doc: vaultDocs[1]! }, formError: 'Type de fichier non accepté.' } };
export const ConfirmDelete: Story = { args: { deleting: vaultDocs[0]! } };
