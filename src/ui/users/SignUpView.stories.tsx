import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CenteredLayout } from '../shell/CenteredLayout';
import { SignUpView } from './SignUpView';

const meta = {
  title: 'Views/Sign up',
  component: SignUpView,
  args: { submitting: false, error: null, onSubmit: fn() },
  decorators: [(Story) => <CenteredLayout header={null}><Story /></CenteredLayout>],
} satisfies Meta<typeof SignUpView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Idle: Story = {};
export const Submitting: Story = { args: { submitting: true } };
export const WithError: Story = { args: { error: 'Un compte existe déjà avec cette adresse e-mail.' } };

// The server refused a field (400): its details land under the input, the msg stays in the banner until the user edits.
const weakPassword = 'Ce mot de passe est trop facile à deviner. Ajoutez des mots moins courants.';
export const ServerRefusedField: Story = { args: { error: weakPassword, errorDetails: [{ field: 'password', msg: weakPassword }] } };
