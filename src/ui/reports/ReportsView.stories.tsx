import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { listOf } from '../admin/admin-fixtures';
import { ReportsView, type ReportRow } from './ReportsView';

const screenshot = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#e2e8f0"/></svg>')}`;

export const brokenUpload: ReportRow = {
  _id: '6650a1b2c3d4e5f6a7b8c9e1',
  title: "L'envoi du DCE échoue",
  description: "Le téléversement du dossier s'arrête à 80 % puis affiche une erreur.\nFichier : DCE_lot2.zip (18 Mo).",
  type: 'bug',
  priority: 'high',
  status: 'open',
  currentUrl: 'https://app.soumissio.fr/tenders/6650a1b2c3d4e5f6a7b8c9d0/documents',
  screenshot: { url: screenshot },
  reporter: { _id: '6650a1b2c3d4e5f6a7b8c902', username: 'Julie Bernard', primaryEmail: 'julie@menuiserie-lyon.fr' },
  company: { _id: '6650a1b2c3d4e5f6a7b8c802', name: 'Menuiserie de Lyon' },
  createdAt: '2026-01-15T09:30:00.000Z',
  updatedAt: '2026-01-15T09:30:00.000Z',
};
const exportIdea: ReportRow = {
  ...brokenUpload,
  _id: '6650a1b2c3d4e5f6a7b8c9e2',
  title: 'Exporter le mémoire technique en Word',
  description: 'Pouvoir télécharger le mémoire au format .docx.',
  type: 'feature_request',
  priority: 'medium',
  status: 'in_progress',
  screenshot: null,
  createdAt: '2026-01-12T14:00:00.000Z',
};
const praise: ReportRow = { ...exportIdea, _id: '6650a1b2c3d4e5f6a7b8c9e3', title: "Très bonne analyse du CCTP", type: 'feedback', priority: 'low', status: 'resolved', company: null };
const orphan: ReportRow = { ...exportIdea, _id: '6650a1b2c3d4e5f6a7b8c9e4', title: 'Lien mort dans le pied de page', type: 'other', priority: 'critical', status: 'closed', reporter: null };
const reports = [brokenUpload, exportIdea, praise, orphan];

const meta = {
  title: 'Views/Reports',
  component: ReportsView,
  args: {
    list: listOf('loaded', reports),
    search: '',
    filters: { status: '', type: '', priority: '' },
    viewing: null,
    statusBusy: false,
    statusError: null,
    onSearch: fn(),
    onFilter: fn(),
    onPage: fn(),
    onRetry: fn(),
    onView: fn(),
    onCloseView: fn(),
    onStatus: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof ReportsView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { list: listOf('loading') }, parameters: { machineStates: ['list.loading'] } };
export const Loaded: Story = { parameters: { machineStates: ['list.loaded'] } };
export const Searching: Story = { args: { search: 'DCE', list: listOf('debouncing', reports) }, parameters: { machineStates: ['list.debouncing'] } };
export const Filtered: Story = { args: { filters: { status: 'open', type: 'bug', priority: '' }, list: listOf('loaded', [brokenUpload]) } };
export const Empty: Story = { args: { list: listOf('empty') }, parameters: { machineStates: ['list.empty'] } };
export const NoMatch: Story = { args: { list: listOf('empty'), filters: { status: 'closed', type: '', priority: '' } } };
export const Failure: Story = { args: { list: listOf('failure', [], { error: 'Erreur interne du serveur. Réessayez dans un instant.' }) }, parameters: { machineStates: ['list.failure'] } };
export const Viewing: Story = { args: { viewing: brokenUpload } };
export const ViewingWithoutScreenshot: Story = { args: { viewing: exportIdea } };
export const StatusSaving: Story = { args: { viewing: brokenUpload, statusBusy: true } };
export const StatusError: Story = { args: { viewing: brokenUpload, statusError: 'Signalement introuvable.' } };
