import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { CalendarFeedPanel } from './CalendarFeedPanel';
import { CalendarView } from './CalendarView';
import { calendarEvents, calendarFeedError, calendarFeedMessage, calendarFeedUrl, calendarLoadError, calendarToday } from './calendar-fixtures';

const feedArgs = {
  state: 'inactive' as const,
  active: false,
  url: null,
  message: null,
  error: null,
  pending: null,
  onCreate: fn(),
  onRegenerate: fn(),
  onRevoke: fn(),
  onConfirm: fn(),
  onCancel: fn(),
  onDismiss: fn(),
  copy: fn(async () => undefined),
};

const meta = {
  title: 'Views/Calendar',
  component: CalendarView,
  args: {
    state: 'ready',
    view: 'month',
    focus: calendarToday,
    today: calendarToday,
    events: calendarEvents,
    error: null,
    feed: <CalendarFeedPanel {...feedArgs} />,
    onView: fn(),
    onPrev: fn(),
    onNext: fn(),
    onToday: fn(),
    onFocus: fn(),
    onRetry: fn(),
  },
  decorators: [
    (Story) => (
      <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}>
        <main>
          <Story />
        </main>
      </div>
    ),
  ],
} satisfies Meta<typeof CalendarView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { state: 'loading', events: [], feed: <CalendarFeedPanel {...feedArgs} state="checking" /> }, parameters: { machineStates: ['calendar.events.loading', 'calendar.feed.checking'] } };
export const LoadFailed: Story = { args: { state: 'failed', events: [], error: calendarLoadError }, parameters: { machineStates: ['calendar.events.failed'] } };
/** A month with a busy day ("+2"), no subscription yet. */
export const Month: Story = { parameters: { machineStates: ['calendar.events.ready', 'calendar.feed.inactive'] } };
export const Week: Story = { args: { view: 'week', focus: '2026-12-02' } };
/** The address, shown once right after it was made. */
export const FeedCreated: Story = {
  args: { feed: <CalendarFeedPanel {...feedArgs} state="active" active url={calendarFeedUrl} message={calendarFeedMessage} /> },
  parameters: { machineStates: ['calendar.feed.active'] },
};
/** A subscription made earlier: its address is not shown again. */
export const FeedActive: Story = { args: { feed: <CalendarFeedPanel {...feedArgs} state="active" active /> } };
export const FeedCreating: Story = { args: { feed: <CalendarFeedPanel {...feedArgs} state="creating" /> }, parameters: { machineStates: ['calendar.feed.creating'] } };
export const FeedConfirmRevoke: Story = {
  args: { feed: <CalendarFeedPanel {...feedArgs} state="confirming" active pending="revoke" /> },
  parameters: { machineStates: ['calendar.feed.confirming'] },
};
export const FeedRevoking: Story = { args: { feed: <CalendarFeedPanel {...feedArgs} state="revoking" active pending="revoke" /> }, parameters: { machineStates: ['calendar.feed.revoking'] } };
export const FeedFailed: Story = { args: { feed: <CalendarFeedPanel {...feedArgs} state="failed" active error={calendarFeedError} /> }, parameters: { machineStates: ['calendar.feed.failed'] } };
