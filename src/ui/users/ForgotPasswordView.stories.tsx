import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CenteredLayout } from '../shell/CenteredLayout';
import { ForgotPasswordView } from './ForgotPasswordView';

const meta: Meta<typeof ForgotPasswordView> = {
  title: 'Views/Forgot password',
  component: ForgotPasswordView,
  args: { status: 'form', submitting: false, error: null, onSubmit: fn() },
  decorators: [(Story) => <CenteredLayout header={null}><Story /></CenteredLayout>],
};
export default meta;

type Story = StoryObj<typeof ForgotPasswordView>;

export const Idle: Story = {};
export const Submitting: Story = { args: { status: 'form', submitting: true, error: null, onSubmit: fn() } };
export const WithError: Story = { args: { status: 'form', submitting: false, error: 'Trop de tentatives. Réessayez dans 60 secondes.', onSubmit: fn() } };
export const Sent: Story = { args: { status: 'sent', message: null } };
