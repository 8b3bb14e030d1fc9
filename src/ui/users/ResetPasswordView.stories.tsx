import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CenteredLayout } from '../shell/CenteredLayout';
import { ResetPasswordView } from './ResetPasswordView';

const meta: Meta<typeof ResetPasswordView> = {
  title: 'Views/Reset password',
  component: ResetPasswordView,
  args: { status: 'form', submitting: false, error: null, onSubmit: fn() },
  decorators: [(Story) => <CenteredLayout header={null}><Story /></CenteredLayout>],
};
export default meta;

type Story = StoryObj<typeof ResetPasswordView>;

export const Idle: Story = {};
export const Submitting: Story = { args: { status: 'form', submitting: true, error: null, onSubmit: fn() } };
export const WithError: Story = { args: { status: 'form', submitting: false, error: 'Ce mot de passe est trop courant : choisissez-en un autre.', onSubmit: fn() } };
export const Done: Story = { args: { status: 'done', message: null } };
export const Expired: Story = { args: { status: 'expired' } };
export const MissingToken: Story = { args: { status: 'missing' } };

// The server refused the password (400): the estimator's advice lands under the input.
const weakPassword = 'Ce mot de passe est trop facile à deviner. Ajoutez des mots moins courants.';
export const ServerRefusedField: Story = {
  args: { status: 'form', submitting: false, error: weakPassword, errorDetails: [{ field: 'password', msg: weakPassword }], onSubmit: fn() },
};
