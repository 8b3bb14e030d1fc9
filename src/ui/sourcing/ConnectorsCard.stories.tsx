import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { disabled, failed, neverRun, running, succeeded, unavailable } from './connector-fixtures';
import { ConnectorsCard } from './ConnectorsCard';

const meta = {
  title: 'Views/Notice connectors',
  component: ConnectorsCard,
  args: {
    connectors: { state: 'loaded', items: [succeeded, running, failed] },
    busy: null,
    onRun: fn(),
    onToggle: fn(),
    onRetry: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof ConnectorsCard>;
export default meta;

type Story = StoryObj<typeof meta>;

export const NeverRun: Story = { args: { connectors: { state: 'loaded', items: [neverRun] } } };
export const Running: Story = { args: { connectors: { state: 'loaded', items: [running] } } };
export const Succeeded: Story = { args: { connectors: { state: 'loaded', items: [succeeded] } } };
export const FailedWithError: Story = { args: { connectors: { state: 'loaded', items: [failed] } } };
export const Disabled: Story = { args: { connectors: { state: 'loaded', items: [disabled] } } };
export const Unavailable: Story = { args: { connectors: { state: 'loaded', items: [unavailable] } } };
export const All: Story = {};
export const Sending: Story = { args: { busy: 'boamp' } };
export const Refused: Story = { args: { connectors: { state: 'loaded', items: [running] }, actionError: 'Ce connecteur est déjà en attente ou en cours d\'exécution.' } };
export const Loading: Story = { args: { connectors: { state: 'loading', items: [] } } };
export const LoadFailed: Story = { args: { connectors: { state: 'failure', items: [], error: 'Erreur interne du serveur. Réessayez dans un instant.' } } };
