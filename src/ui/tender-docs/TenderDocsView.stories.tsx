import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { UPLOAD_ACCEPT } from '../../machines/upload-queue.machine';
import { extractionDocs, queueEntries, rcPage, tender, tenderDocs } from './docs-fixtures';
import { DocumentTextDialog } from './DocumentTextDialog';
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
    onShowText: fn(),
    onExtract: fn(),
    extractingId: null,
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

/** The server reading each document's text: waiting, running (the page polls), read, unreadable, scanned without OCR. */
export const TextExtraction: Story = { args: { documents: { state: 'loaded', items: extractionDocs, error: null } }, parameters: { machineStates: ['poll.waiting'] } };
/** Every text read: the page stops polling. */
export const TextRead: Story = { args: { documents: { state: 'loaded', items: [extractionDocs[2]!, extractionDocs[4]!], error: null } }, parameters: { machineStates: ['poll.idle'] } };
export const TextReadingAgain: Story = { args: { documents: { state: 'loaded', items: extractionDocs, error: null }, extractingId: extractionDocs[3]!._id } };

const dialog = (props: Partial<Parameters<typeof DocumentTextDialog>[0]>) => (
  <DocumentTextDialog
    fileName="RC_2026FCSSA0025 v2.pdf"
    state="loaded"
    error={null}
    parts={[{ entry: null, format: 'pdf', pages: 15 }]}
    page={rcPage}
    onNavigate={fn()}
    onRetry={fn()}
    onClose={fn()}
    {...props}
  />
);
export const TextPreview: Story = { args: { textDialog: dialog({}) } };
export const TextPreviewLoading: Story = { args: { textDialog: dialog({ state: 'loading', page: null }) } };
export const TextPreviewError: Story = { args: { textDialog: dialog({ state: 'failure', page: null, error: 'Aucune réponse du serveur.' }) } };
/** A fact's source opened: its excerpt marked whole, over the lines (and the hyphenated word) it takes on the page. */
export const TextPreviewHighlight: Story = {
  args: {
    textDialog: dialog({
      page: { entry: null, page: 11, pages: 15, ocr: 'none', text: 'ARTICLE 14 - PÉNALITÉS\nEn cas de retard, le titulaire encourt une pénalité fixée à\n   1/500 du montant du marché par jour calendaire de re-\ntard, sans mise en demeure préalable.\nLes autres pénalités sont au CCAP.' },
      highlight: 'En cas de retard, le titulaire encourt une pénalité fixée à 1/500 du montant du marché par jour calendaire de retard, sans mise en demeure préalable.',
    }),
  },
};
/** A ZIP DCE: the entry to read is chosen; a scanned page says OCR is not installed. */
export const TextPreviewArchive: Story = {
  args: {
    textDialog: dialog({
      fileName: 'DCE-2026-LYON-0142.zip',
      parts: tenderDocs[0]!.extraction!.parts,
      page: { entry: 'plans/RDC.pdf', page: 2, pages: 3, ocr: 'unavailable', text: '' },
    }),
  },
};
