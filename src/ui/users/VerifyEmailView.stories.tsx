import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CenteredLayout } from '../shell/CenteredLayout';
import { VerifyEmailView } from './VerifyEmailView';

const meta: Meta<typeof VerifyEmailView> = {
  title: 'Views/Verify email',
  component: VerifyEmailView,
  args: { status: 'loading' },
  decorators: [(Story) => <CenteredLayout header={null}><Story /></CenteredLayout>],
};
export default meta;

type Story = StoryObj<typeof VerifyEmailView>;

export const Loading: Story = {};
export const Success: Story = { args: { status: 'success', message: null, signedIn: false } };
export const SuccessSignedIn: Story = { args: { status: 'success', message: null, signedIn: true } };
export const Expired: Story = { args: { status: 'expired', message: 'Ce lien de vérification a expiré.', signedIn: false } };
export const Invalid: Story = { args: { status: 'invalid', message: null, signedIn: false } };
export const Unreachable: Story = { args: { status: 'error', message: 'Le serveur ne répond pas. Vérifiez votre connexion puis réessayez.', onRetry: fn() } };
