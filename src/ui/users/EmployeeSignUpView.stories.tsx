import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CenteredLayout } from '../shell/CenteredLayout';
import { EmployeeSignUpView } from './EmployeeSignUpView';

const invitation = { email: 'julie.bernard@btp-lyon.fr', role: 'employee' as const, company: { name: 'BTP Lyon Rénovation' } };

const meta: Meta<typeof EmployeeSignUpView> = {
  title: 'Views/Employee sign up',
  component: EmployeeSignUpView,
  args: { status: 'loading' },
  decorators: [(Story) => <CenteredLayout header={null}><Story /></CenteredLayout>],
};
export default meta;

type Story = StoryObj<typeof EmployeeSignUpView>;

export const Loading: Story = {};
export const Form: Story = { args: { status: 'form', invitation, submitting: false, error: null, onSubmit: fn() } };
export const Submitting: Story = { args: { status: 'form', invitation, submitting: true, error: null, onSubmit: fn() } };
export const WithError: Story = {
  args: { status: 'form', invitation, submitting: false, error: 'Ce mot de passe est trop courant : choisissez-en un autre.', onSubmit: fn() },
};
export const Expired: Story = { args: { status: 'invalid', problem: 'expired', message: 'Cette invitation a expiré.' } };
export const AlreadyUsed: Story = { args: { status: 'invalid', problem: 'used', message: 'Cette invitation a déjà été utilisée.' } };
export const NotFound: Story = { args: { status: 'invalid', problem: 'notFound', message: null } };
export const MissingToken: Story = { args: { status: 'invalid', problem: 'missing' } };
export const Unreachable: Story = {
  args: { status: 'invalid', problem: 'error', message: 'Le serveur ne répond pas. Vérifiez votre connexion puis réessayez.', onRetry: fn() },
};

// The server refused a field (400): its details land under the input, the msg stays in the banner until the user edits.
const weakPassword = 'Ce mot de passe est trop facile à deviner. Ajoutez des mots moins courants.';
export const ServerRefusedField: Story = {
  args: { status: 'form', invitation, submitting: false, error: weakPassword, errorDetails: [{ field: 'password', msg: weakPassword }], onSubmit: fn() },
};
