import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { admin, camille, julie, listOf, lyon, nantes, paul } from './admin-fixtures';
import { AdminUsersView } from './AdminUsersView';

const rows = [admin, camille, julie, paul];

const meta = {
  title: 'Views/Admin users',
  component: AdminUsersView,
  args: {
    list: listOf('loaded', rows, { count: 64, totalPages: 4 }),
    search: '',
    role: '',
    companyId: '',
    companies: [lyon, nantes],
    currentUserId: admin._id,
    action: null,
    actionBusy: false,
    actionError: null,
    onSearch: fn(),
    onRole: fn(),
    onCompany: fn(),
    onPage: fn(),
    onRetry: fn(),
    onAction: fn(),
    onConfirm: fn(),
    onCancel: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof AdminUsersView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { list: listOf('loading') }, parameters: { machineStates: ['list.loading'] } };
export const Loaded: Story = { parameters: { machineStates: ['list.loaded'] } };
export const Searching: Story = { args: { search: 'jul', list: listOf('debouncing', rows, { count: 64, totalPages: 4 }) }, parameters: { machineStates: ['list.debouncing'] } };
export const Empty: Story = { args: { list: listOf('empty') }, parameters: { machineStates: ['list.empty'] } };
export const NoMatch: Story = { args: { list: listOf('empty'), search: 'zzz', role: 'employee' } };
export const Failure: Story = { args: { list: listOf('failure', [], { error: 'Erreur interne du serveur. Réessayez dans un instant.' }) }, parameters: { machineStates: ['list.failure'] } };
export const ConfirmRole: Story = { args: { action: { kind: 'role', user: julie, role: 'manager' } } };
export const ConfirmDeactivate: Story = { args: { action: { kind: 'active', user: camille, active: false } } };
export const ConfirmReactivate: Story = { args: { action: { kind: 'active', user: paul, active: true } } };
export const ActionBusy: Story = { args: { action: { kind: 'active', user: camille, active: false }, actionBusy: true } };
export const ActionError: Story = { args: { action: { kind: 'role', user: julie, role: 'admin' }, actionError: 'Vous ne pouvez pas modifier votre propre rôle.' } };
