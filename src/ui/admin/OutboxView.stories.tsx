import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { emails, listOf } from './admin-fixtures';
import { OutboxView } from './OutboxView';

const meta = {
  title: 'Views/Outbox',
  component: OutboxView,
  args: { list: listOf('loaded', emails), search: '', kind: '', onSearch: fn(), onKind: fn(), onPage: fn(), onRetry: fn() },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof OutboxView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { list: listOf('loading') }, parameters: { machineStates: ['list.loading'] } };
export const Loaded: Story = { parameters: { machineStates: ['list.loaded'] } };
export const Searching: Story = { args: { search: 'julie', list: listOf('debouncing', emails) }, parameters: { machineStates: ['list.debouncing'] } };
export const Empty: Story = { args: { list: listOf('empty') }, parameters: { machineStates: ['list.empty'] } };
export const NoMatch: Story = { args: { list: listOf('empty'), kind: 'reset_password' } };
export const Failure: Story = { args: { list: listOf('failure', [], { error: 'Erreur interne du serveur. Réessayez dans un instant.' }) }, parameters: { machineStates: ['list.failure'] } };
