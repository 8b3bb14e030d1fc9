import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { OrganigrammeView } from './OrganigrammeView';
import type { Organigramme, OrganigrammeSlots } from '../../machines/organigramme-slots';

const COMPANY = '6d1f7c1e-5b1a-4f0e-9d7c-2a1b3c4d5e6f';
const chart = (type: Organigramme['type'], positions: Organigramme['positions']): Organigramme => ({
  _id: `chart-${type}`,
  companyId: COMPANY,
  type,
  positions,
  version: 1,
  createdAt: '2026-11-02T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
});

export const siteChart = chart('construction', [
  {
    _id: 'ddt',
    parentId: null,
    title: 'Directeur de travaux',
    name: 'Philippe Garnier',
    contact: '06 12 45 78 90',
  },
  {
    _id: 'qse',
    parentId: 'ddt',
    title: 'Responsable QSE',
    name: 'Karim Haddad',
    contact: '06 33 58 04 71',
  },
  {
    _id: 'cdt',
    parentId: 'ddt',
    title: 'Conducteur de travaux',
    name: 'Julien Martin',
    contact: '06 71 42 18 90',
  },
  {
    _id: 'cdc',
    parentId: 'cdt',
    title: 'Chef de chantier',
    name: 'Laurent Blanc',
    contact: '',
  },
  {
    _id: 'ceq',
    parentId: 'cdc',
    title: "Chef d'équipe gros œuvre",
    name: 'Mehdi Saïdi',
    contact: '06 58 21 74 03',
  },
]);
export const globalChart = chart('normal', [
  {
    _id: 'dg',
    parentId: null,
    title: 'Direction générale',
    name: 'Claire Durand',
    contact: 'c.durand@durand-batiment.fr',
  },
  {
    _id: 'dt',
    parentId: 'dg',
    title: 'Direction technique',
    name: 'Philippe Garnier',
    contact: '',
  },
  {
    _id: 'daf',
    parentId: 'dg',
    title: 'Direction administrative et financière',
    name: 'Isabelle Moreau',
    contact: '',
  },
]);
const both: OrganigrammeSlots = {
  normal: globalChart,
  construction: siteChart,
};

const meta = {
  title: 'Views/Organigrammes',
  component: OrganigrammeView,
  args: {
    status: 'ready',
    charts: both,
    canEdit: true,
    busy: null,
    success: null,
    error: null,
    onRetry: fn(),
    onSave: fn(),
    onDelete: fn(),
    onReset: fn(),
    conflict: null,
    onConflictReload: fn(),
    onConflictMerge: fn(),
  },
  decorators: [
    (Story) => (
      <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}>
        <main>
          <Story />
        </main>
      </div>
    ),
  ],
} satisfies Meta<typeof OrganigrammeView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: 'loading', charts: { normal: null, construction: null } },
  parameters: { machineStates: ['organigramme.loading'] },
};
export const LoadFailed: Story = {
  args: {
    status: 'loadFailed',
    charts: { normal: null, construction: null },
    error: 'Erreur interne du serveur. Réessayez dans un instant.',
  },
  parameters: { machineStates: ['organigramme.loadFailed'] },
};
export const Ready: Story = {
  parameters: { machineStates: ['organigramme.ready.idle'] },
};
export const ReadOnly: Story = {
  args: { canEdit: false, initialKind: 'construction' },
};
export const Empty: Story = {
  args: { charts: { normal: null, construction: null } },
};
export const Saved: Story = {
  args: {
    initialKind: 'construction',
    success: {
      action: 'updated',
      type: 'construction',
      message: 'Organigramme enregistré.',
    },
  },
};
export const Editing: Story = {
  args: { initialKind: 'construction', initialEditing: true },
};
export const NewChart: Story = {
  args: {
    charts: { normal: globalChart, construction: null },
    initialKind: 'construction',
    initialEditing: true,
  },
};
export const Creating: Story = {
  args: {
    charts: { normal: globalChart, construction: null },
    initialKind: 'construction',
    initialEditing: true,
    busy: 'creating',
  },
  parameters: { machineStates: ['organigramme.ready.creating'] },
};
export const Updating: Story = {
  args: { initialKind: 'construction', initialEditing: true, busy: 'updating' },
  parameters: { machineStates: ['organigramme.ready.updating'] },
};
export const SaveRefused: Story = {
  args: {
    initialKind: 'construction',
    initialEditing: true,
    error: 'Un poste ne peut pas dépendre de lui-même, même indirectement.',
  },
};
export const Deleting: Story = {
  args: { initialKind: 'construction', busy: 'deleting' },
  parameters: { machineStates: ['organigramme.ready.deleting'] },
};
/** A replace refused because another manager saved first (lost update): both sides' changes, take theirs or merge. */
export const Conflict: Story = {
  args: {
    initialKind: 'construction',
    error: "Quelqu'un a modifié cet organigramme depuis que vous l'avez ouvert : rien n'a été enregistré. Comparez ses changements aux vôtres.",
    conflict: {
      kind: 'construction',
      theirs: { added: ['Coordinateur SPS — Inès Barbier'], removed: [], changed: ['Directeur de travaux — Philippe Garnier'] },
      mine: { added: [], removed: ["Chef d'équipe gros œuvre — Mehdi Saïdi"], changed: ['Chef de chantier — Lina Roux'] },
    },
  },
  parameters: { machineStates: ['organigramme.ready.conflict'] },
};
