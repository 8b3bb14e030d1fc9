import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { NotificationBell } from './NotificationBell';
import { notifications } from './alerts-fixtures';

const readAll = notifications.map((n) => ({ ...n, readAt: n.readAt ?? '2026-03-02T09:00:00.000Z' }));

const meta = {
  title: 'Views/Alerts/Notification bell',
  component: NotificationBell,
  args: { state: 'ready', notifications, unread: 2, error: null, onOpenChange: fn(), onRead: fn(), onReadAll: fn(), onRetry: fn(), onNavigate: fn(), defaultOpen: true },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '[32rem]', display: 'flex', justifyContent: 'flex-end' })}><Story /></div>],
} satisfies Meta<typeof NotificationBell>;
export default meta;

type Story = StoryObj<typeof meta>;
export const Unread: Story = { parameters: { machineStates: ['alertsBell.ready'] } };
export const Closed: Story = { args: { defaultOpen: false } };
export const Empty: Story = { args: { notifications: [], unread: 0 } };
export const Loading: Story = { args: { state: 'loading', notifications: [], unread: 0 }, parameters: { machineStates: ['alertsBell.loading'] } };
export const Failed: Story = { args: { state: 'failed', notifications: [], unread: 0, error: 'Aucune réponse du serveur.' }, parameters: { machineStates: ['alertsBell.failed'] } };
export const Refreshing: Story = { args: { state: 'refreshing' }, parameters: { machineStates: ['alertsBell.refreshing'] } };
/** One opened: shown read at once while the server records it. */
export const Marking: Story = { args: { state: 'marking', notifications: [{ ...notifications[0]!, readAt: '2026-03-02T09:00:00.000Z' }, ...notifications.slice(1)], unread: 1 }, parameters: { machineStates: ['alertsBell.marking'] } };
export const MarkingAll: Story = { args: { state: 'markingAll', notifications: readAll, unread: 0 }, parameters: { machineStates: ['alertsBell.markingAll'] } };
/** A refresh failed: the list stays, with the message. */
export const RefreshFailed: Story = { args: { error: 'Aucune réponse du serveur.' } };
