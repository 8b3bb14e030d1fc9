import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Announcer, Toaster, ToastLog } from './Toaster';

const meta = {
  title: 'Components/Toaster',
  component: Toaster,
  args: { onDismiss: fn(), toasts: [] },
} satisfies Meta<typeof Toaster>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const AllTypes: Story = {
  args: {
    toasts: [
      { id: 'toast-1', type: 'error', message: 'Votre session a expiré. Veuillez vous reconnecter.', duration: 7000 },
      { id: 'toast-2', type: 'success', message: 'Profil mis à jour.', duration: 2000 },
      { id: 'toast-3', type: 'info', message: 'Vous êtes déconnecté.', duration: 4000 },
    ],
  },
};

// The toasts that have left the screen, kept for screen readers (visually hidden: the story shows nothing).
export const Log: StoryObj<typeof ToastLog> = {
  render: () => (
    <ToastLog
      entries={[
        { id: 'toast-1', type: 'success', message: 'Profil mis à jour.', duration: 2000 },
        { id: 'toast-2', type: 'error', message: 'Le profil n’a pas pu être chargé.', duration: 10000 },
      ]}
    />
  ),
};

// The app's polite live region, with the last result said (visually hidden).
export const Announced: StoryObj<typeof Announcer> = {
  render: () => <Announcer announcement={{ id: 1, message: 'Réponse reçue : le délai d’exécution est de 12 mois.' }} />,
};
