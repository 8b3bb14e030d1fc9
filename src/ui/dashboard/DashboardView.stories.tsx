import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { adminSummary, emails, listOf, staffSummary } from '../admin/admin-fixtures';
import { DashboardView } from './DashboardView';
import { managerWithCompany, managerWithoutCompany } from '../fixtures';
import { adminStats, emptyAdminStats, latestReports, staffIdleSummary, staffUpToDateSummary, staffWorkSummary } from './dashboard-fixtures';

const meta = {
  title: 'Views/Dashboard',
  component: DashboardView,
  args: { profile: managerWithCompany, summary: { status: 'loaded', data: staffSummary } },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof DashboardView>;
export default meta;

type Story = StoryObj<typeof meta>;

const adminProfile = { ...managerWithoutCompany, _id: 'a0000000-0000-4000-8000-000000000001', username: 'Alex Admin', role: 'admin' as const };
const employee = { ...managerWithCompany, username: 'Julie Bernard', role: 'employee' as const };

export const Loading: Story = { args: { summary: { status: 'loading' } } };
export const LoadError: Story = { args: { summary: { status: 'error', message: 'Erreur interne du serveur. Réessayez dans un instant.', onRetry: fn() } } };
export const WithCompany: Story = {};
export const Unverified: Story = { args: { summary: { status: 'loaded', data: { ...staffSummary, emailVerified: false } } } };
export const WithoutCompany: Story = { args: { profile: managerWithoutCompany, summary: { status: 'loaded', data: { role: 'manager', company: null, pendingInvites: 0, emailVerified: true } } } };
export const Employee: Story = { args: { profile: employee, summary: { status: 'loaded', data: { ...staffSummary, role: 'employee' } } } };
export const Admin: Story = {
  args: { profile: adminProfile, summary: { status: 'loaded', data: adminSummary }, outbox: { list: listOf('loaded', emails), onRetry: fn() } },
  parameters: { machineStates: ['list.loaded'] },
};
export const AdminOutboxLoading: Story = {
  args: { profile: adminProfile, summary: { status: 'loaded', data: adminSummary }, outbox: { list: listOf('loading'), onRetry: fn() } },
  parameters: { machineStates: ['list.loading'] },
};
export const AdminOutboxEmpty: Story = {
  args: { profile: adminProfile, summary: { status: 'loaded', data: { ...adminSummary, platform: { ...adminSummary.platform!, outboxEmails: 0 } } }, outbox: { list: listOf('empty'), onRetry: fn() } },
  parameters: { machineStates: ['list.empty'] },
};
export const AdminOutboxFailure: Story = {
  args: { profile: adminProfile, summary: { status: 'loaded', data: adminSummary }, outbox: { list: listOf('failure', [], { error: 'Erreur interne du serveur.' }), onRetry: fn() } },
  parameters: { machineStates: ['list.failure'] },
};

// Statistics and dashboards (issue 5).
const adminLoaded = { profile: adminProfile, summary: { status: 'loaded', data: adminSummary }, outbox: { list: listOf('loaded', emails), onRetry: fn() } } as const;
export const AdminStatistics: Story = {
  args: { ...adminLoaded, stats: { status: 'loaded', data: adminStats }, reports: { status: 'loaded', data: latestReports } },
  parameters: { machineStates: ['request.success'] },
};
export const AdminStatisticsEmpty: Story = {
  args: { ...adminLoaded, stats: { status: 'loaded', data: emptyAdminStats }, reports: { status: 'loaded', data: [] } },
};
export const AdminStatisticsLoading: Story = {
  args: { ...adminLoaded, stats: { status: 'loading' }, reports: { status: 'loading' } },
  parameters: { machineStates: ['request.loading'] },
};
export const AdminStatisticsFailure: Story = {
  args: {
    ...adminLoaded,
    stats: { status: 'error', message: 'Erreur interne du serveur.', onRetry: fn() },
    reports: { status: 'error', message: 'Erreur interne du serveur.', onRetry: fn() },
  },
  parameters: { machineStates: ['request.failure'] },
};
export const ManagerWork: Story = { args: { summary: { status: 'loaded', data: staffWorkSummary } } };
export const ManagerNothingYet: Story = { args: { summary: { status: 'loaded', data: staffIdleSummary } } };
export const ManagerDocumentsUpToDate: Story = { args: { summary: { status: 'loaded', data: staffUpToDateSummary } } };
export const EmployeeWork: Story = { args: { profile: employee, summary: { status: 'loaded', data: { ...staffWorkSummary, role: 'employee' } } } };
