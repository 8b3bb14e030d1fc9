import { createActorContext } from '@xstate/react';
import { notificationsMachine } from '../machines/notifications.machine';
import { Toaster } from '../ui/components/Toaster';

export const NotificationsContext = createActorContext(notificationsMachine);

export function NotificationsOutlet() {
  const toasts = NotificationsContext.useSelector((s) => s.context.toasts);
  const ref = NotificationsContext.useActorRef();
  return <Toaster toasts={toasts} onDismiss={(id) => ref.send({ type: 'notify.dismiss', id })} />;
}
