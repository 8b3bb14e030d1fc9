import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { UPLOAD_ACCEPT } from '../../machines/upload-queue.machine';
import { queueEntries, tender, tenderDocs } from './docs-fixtures';
import { TenderDocsView } from './TenderDocsView';

const meta = {
  title: 'Views/Tender documents',
  component: TenderDocsView,
  args: {
    tender,
    documents: { state: 'loaded', items: tenderDocs, error: null },
    queue: [],
    accept: UPLOAD_ACCEPT,
    onFiles: fn(),
    onCancel: fn(),
    onRetryUpload: fn(),
    onDismiss: fn(),
    onClearFinished: fn(),
    onRetryTender: fn(),
    onRetryDocuments: fn(),
    replacingId: null,
    replaceError: null,
    onReplace: fn(),
    deleting: null,
    deleteBusy: false,
    deleteError: null,
    onDelete: fn(),
    onConfirmDelete: fn(),
    onCancelDelete: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof TenderDocsView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loaded: Story = { parameters: { machineStates: ['uploadQueue.idle'] } };
export const TenderLoading: Story = { args: { tender: { state: 'loading' } } };
export const TenderError: Story = { args: { tender: { state: 'failure', error: 'Erreur interne du serveur. Réessayez dans un instant.' } } };
export const DocumentsLoading: Story = { args: { documents: { state: 'loading', items: [], error: null } } };
export const DocumentsError: Story = { args: { documents: { state: 'failure', items: [], error: 'Aucune réponse du serveur.' } } };
export const Empty: Story = { args: { documents: { state: 'loaded', items: [], error: null } } };
/** Files in every state: waiting, uploading with its progress, stored, refused by the server, cancelled. */
export const Uploading: Story = { args: { queue: queueEntries('working') }, parameters: { machineStates: ['uploadQueue.working'] } };
export const UploadsFinished: Story = { args: { queue: queueEntries('finished') } };
export const Replacing: Story = { args: { replacingId: tenderDocs[1]!._id } };
export const ReplaceError: Story = { args: { replaceError: 'Fichier trop volumineux.' } };
export const ConfirmDelete: Story = { args: { deleting: tenderDocs[1]! } };
export const DeleteError: Story = { args: { deleting: tenderDocs[1]!, deleteError: 'Document introuvable.' } };
