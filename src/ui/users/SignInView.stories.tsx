import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CenteredLayout } from '../shell/CenteredLayout';
import { SignedInAsView, SignInView } from './SignInView';

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

// /sign-in opened by someone already signed in.
export const SignedIn: StoryObj<typeof SignedInAsView> = {
  render: (args) => <SignedInAsView {...args} />,
  args: { username: 'Camille Martin', email: 'camille.martin@btp-lyon.fr', continueTo: '/dashboard', signingOut: false, onSwitchAccount: fn() },
};
export const SigningOut: StoryObj<typeof SignedInAsView> = {
  render: (args) => <SignedInAsView {...args} />,
  args: { username: 'Camille Martin', email: 'camille.martin@btp-lyon.fr', continueTo: '/dashboard', signingOut: true, onSwitchAccount: fn() },
};
