import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { alertsBellMachine } from '../../machines/alerts-bell.machine';
import { NotificationBell, type BellState } from '../../ui/alerts/NotificationBell';
import { useServices } from '../services';

/** The header's bell for the signed-in user: its statechart with the page calls, read again on every page change. */
export function AlertsBell() {
  const { operations } = useServices();
  const [location, navigate] = useLocation();
  const logic = useMemo(
    () =>
      alertsBellMachine.provide({
        actors: { listNotifications: operations.listNotifications, readNotification: operations.readNotification, readAllNotifications: operations.readAllNotifications },
      }),
    [operations],
  );
  const bell = useActorRef(logic);
  const state = useSelector(bell, (s) => s.value as BellState);
  const notifications = useSelector(bell, (s) => s.context.notifications);
  const unread = useSelector(bell, (s) => s.context.unread);
  const error = useSelector(bell, (s) => s.context.error);
  // The first page is read by the machine's start; later pages change the count's freshness.
  useEffect(() => {
    bell.send({ type: 'bell.refresh' });
  }, [location, bell]);

  return (
    <NotificationBell
      state={state}
      notifications={notifications}
      unread={unread}
      error={error}
      onOpenChange={(open) => {
        if (open) bell.send({ type: 'bell.refresh' });
      }}
      onRead={(id) => bell.send({ type: 'bell.read', id })}
      onReadAll={() => bell.send({ type: 'bell.readAll' })}
      onRetry={() => bell.send({ type: 'bell.retry' })}
      onNavigate={navigate}
    />
  );
}
