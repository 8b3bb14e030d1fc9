import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ReauthDialog } from './ReauthDialog';

// The session ended while an editor held text not saved yet (reauth statechart): sign in again in place.
const meta = {
  title: 'Views/Sign in again',
  component: ReauthDialog,
  args: { email: 'camille.martin@btp-lyon.fr', busy: false, error: null, onSubmit: fn(), onGiveUp: fn() },
} satisfies Meta<typeof ReauthDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The password of the same account; the email cannot be changed. */
export const Prompting: Story = { parameters: { machineStates: ['reauth.prompting'] } };
export const SigningIn: Story = { args: { busy: true }, parameters: { machineStates: ['reauth.signingIn'] } };
export const WrongPassword: Story = { args: { error: 'E-mail ou mot de passe incorrect.' }, parameters: { machineStates: ['reauth.prompting'] } };
