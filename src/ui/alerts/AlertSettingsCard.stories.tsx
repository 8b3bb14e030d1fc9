import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { AlertSettingsCard } from './AlertSettingsCard';

const meta = {
  title: 'Views/Alerts/Alert settings',
  component: AlertSettingsCard,
  args: { state: 'ready', settings: { digestFrequency: 'off', alertEmails: true }, error: null, onSave: fn(), onRetry: fn() },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas' })}><main><Story /></main></div>],
} satisfies Meta<typeof AlertSettingsCard>;
export default meta;

type Story = StoryObj<typeof meta>;
export const Defaults: Story = {};
export const Weekly: Story = { args: { settings: { digestFrequency: 'weekly', alertEmails: false } } };
export const Loading: Story = { args: { state: 'loading', settings: null } };
export const LoadFailed: Story = { args: { state: 'failed', settings: null, error: 'Aucune réponse du serveur.' } };
export const Saving: Story = { args: { state: 'saving' } };
