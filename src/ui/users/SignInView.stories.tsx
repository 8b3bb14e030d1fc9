import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CenteredLayout } from '../shell/CenteredLayout';
import { SignInView } from './SignInView';

const meta = {
  title: 'Views/Sign in',
  component: SignInView,
  args: { submitting: false, error: null, onSubmit: fn() },
  decorators: [(Story) => <CenteredLayout header={null}><Story /></CenteredLayout>],
} satisfies Meta<typeof SignInView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Idle: Story = {};
export const Submitting: Story = { args: { submitting: true, defaultEmail: 'camille.martin@btp-lyon.fr' } };
export const WithError: Story = { args: { error: 'E-mail ou mot de passe incorrect.', defaultEmail: 'camille.martin@btp-lyon.fr' } };
