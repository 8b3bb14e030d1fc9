import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { RequestSuccess } from '../../common/request-result';
import { calendarMachine, type CalendarEvent } from '../../machines/calendar.machine';
import { CalendarView, type CalendarEventsState } from '../../ui/calendar/CalendarView';
import { CalendarFeedPanel, type CalendarFeedState } from '../../ui/calendar/CalendarFeedPanel';
import { currentDay } from '../../../rules/calendar';
import { runOperation } from '../run-operation';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { usePageTitle } from '../use-page-title';

/** /company/calendar: the deadline calendar of the member's company and their calendar feed (issue 13). */
export default function CalendarPage() {
  usePageTitle('calendar-title');
  const { operations } = useServices();
  const companyId = SessionContext.useSelector((s) => s.context.profile?.company?._id ?? '');
  const logic = useMemo(
    () =>
      calendarMachine.provide({
        actors: {
          loadEvents: fromPromise<CalendarEvent[], { companyId: string; from: string; to: string }>(({ input, signal }) => runOperation(operations.getCompanyCalendar, input, signal)),
          getFeed: fromPromise<{ active: boolean }, void>(({ signal }) => runOperation(operations.getCalendarFeed, undefined, signal)),
          createFeed: fromPromise<RequestSuccess<{ url: string }>, void>(({ signal }) => runOperation(operations.createCalendarFeed, undefined, signal)),
          deleteFeed: fromPromise<RequestSuccess<null>, void>(({ signal }) => runOperation(operations.deleteCalendarFeed, undefined, signal)),
        },
      }),
    [operations],
  );
  const calendar = useActorRef(logic, { input: { companyId, today: currentDay() } });
  const snapshot = useSelector(calendar, (s) => s);
  const { context } = snapshot;
  const value = snapshot.value as { events: CalendarEventsState; feed: CalendarFeedState };
  return (
    <CalendarView
      state={value.events}
      view={context.view}
      focus={context.focus}
      today={context.today}
      events={context.events}
      error={context.error?.message ?? null}
      onView={(view) => calendar.send({ type: 'calendar.view', view })}
      onPrev={() => calendar.send({ type: 'calendar.prev' })}
      onNext={() => calendar.send({ type: 'calendar.next' })}
      onToday={() => calendar.send({ type: 'calendar.today' })}
      onFocus={(day) => calendar.send({ type: 'calendar.focus', day })}
      onRetry={() => calendar.send({ type: 'calendar.retry' })}
      feed={
        <CalendarFeedPanel
          state={value.feed}
          active={context.feedActive}
          url={context.feedUrl}
          message={context.feedMessage}
          error={context.feedError?.message ?? null}
          pending={context.feedPending}
          onCreate={() => calendar.send({ type: 'feed.create' })}
          onRegenerate={() => calendar.send({ type: 'feed.regenerate' })}
          onRevoke={() => calendar.send({ type: 'feed.revoke' })}
          onConfirm={() => calendar.send({ type: 'feed.confirm' })}
          onCancel={() => calendar.send({ type: 'feed.cancel' })}
          onDismiss={() => calendar.send({ type: 'feed.dismiss' })}
        />
      }
    />
  );
}
