import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { lyon } from '../admin/admin-fixtures';
import { CompanyCandidatureCard } from './CompanyCandidatureCard';

const meta = {
  title: 'Companies/Candidature data',
  component: CompanyCandidatureCard,
  args: { candidature: lyon.candidature, canEdit: true, editing: false, saving: false, error: null, onEdit: fn(), onCancel: fn(), onSave: fn() },
} satisfies Meta<typeof CompanyCandidatureCard>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Filled: Story = {};
/** A new company: nothing given yet, the DC2 and the DUME will ask. */
export const Empty: Story = { args: { candidature: { legalForm: '', nafCode: '', vatNumber: '', sme: null, legalRepresentative: null, figures: [], uploadMbps: null } } };
export const Editing: Story = { args: { editing: true } };
export const Saving: Story = { args: { editing: true, saving: true } };
export const Refused: Story = { args: { editing: true, error: 'Vérifiez les champs signalés.', errorDetails: [{ field: 'candidature.nafCode', msg: 'Code NAF invalide.' }] } };
/** An employee reads it. */
export const ReadOnly: Story = { args: { canEdit: false } };
