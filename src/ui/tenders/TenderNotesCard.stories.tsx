import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { TenderNotesCard, type TenderNotes } from './TenderNotesCard';

const written: TenderNotes = {
  text: "Visite facultative : y aller quand même le 30 juin (M. Rey, 04 76 57 45 00).\n\nQuestion : Quelle est la date limite de remise des offres ?\n« Date et heure limites de réception des offres : MERCREDI 15 JUILLET 2026 A 12:00 » (RC_2026FCSSA0025 v2.pdf, p. 1)\nSources : RC_2026FCSSA0025 v2.pdf, p. 1",
  version: 3,
  updatedAt: '2026-06-22T08:40:00.000Z',
  updatedBy: { _id: 'u0000000-0000-4000-8000-000000000001', username: 'Claire Martin' },
};

const meta = {
  title: 'Views/Tender notes',
  component: TenderNotesCard,
  args: { state: 'loaded', notes: written, loadError: null, onRetry: fn(), saving: false, saveError: null, conflict: null, onSave: fn(), savedVersion: null },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', maxW: 'md' })}><Story /></div>],
} satisfies Meta<typeof TenderNotesCard>;
export default meta;

type Story = StoryObj<typeof meta>;
export const Written: Story = {};
export const Empty: Story = { args: { notes: { text: '', version: 0, updatedAt: null, updatedBy: null } } };
export const Loading: Story = { args: { state: 'loading', notes: null } };
export const LoadError: Story = { args: { state: 'error', notes: null, loadError: 'Aucune réponse du serveur.' } };
/** Someone saved first: their text is shown, the draft kept. */
export const Conflict: Story = {
  args: {
    saveError: "Quelqu'un a modifié les notes pendant que vous les rédigiez. Voici leur version actuelle : reportez-y vos changements.",
    conflict: { ...written, version: 4, text: `${written.text}\n\nAjouté par Julien : prévoir la DC4 du sous-traitant.`, updatedBy: { _id: 'u2', username: 'Julien Robert' } },
  },
};
