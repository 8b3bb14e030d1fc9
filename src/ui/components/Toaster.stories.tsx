import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Toaster } from './Toaster';

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
