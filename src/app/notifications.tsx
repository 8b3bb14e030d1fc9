import { useCallback } from 'react';
import { createActorContext } from '@xstate/react';
import { notificationsMachine } from '../machines/notifications.machine';
import { Announcer, Toaster, ToastLog } from '../ui/components/Toaster';

export const NotificationsContext = createActorContext(notificationsMachine);

export function NotificationsOutlet() {
  const toasts = NotificationsContext.useSelector((s) => s.context.toasts);
  const log = NotificationsContext.useSelector((s) => s.context.log);
  const announcement = NotificationsContext.useSelector((s) => s.context.announcement);
  const ref = NotificationsContext.useActorRef();
  return (
    <>
      <Toaster
        toasts={toasts}
        onDismiss={(id) => ref.send({ type: 'notify.dismiss', id })}
        onPause={() => ref.send({ type: 'notify.pause' })}
        onResume={() => ref.send({ type: 'notify.resume' })}
      />
      <ToastLog entries={log} />
      <Announcer announcement={announcement} />
    </>
  );
}

/** Says a result to assistive technologies through the app's polite live region (WCAG 4.1.3). */
export function useAnnounce() {
  const notifications = NotificationsContext.useActorRef();
  return useCallback((message: string) => notifications.send({ type: 'notify.announce', message }), [notifications]);
}

/** "Réponse reçue" and the answer's first sentence (the whole answer when it is short). */
export function answerAnnouncement(answer: string, t: (key: string, vars?: Record<string, unknown>) => string) {
  const text = answer.replace(/\s+/g, ' ').trim();
  const sentence = /^.{20,}?[.!?…](?=\s)/.exec(text)?.[0];
  const first = text.length <= 200 ? text : sentence && sentence.length <= 300 ? sentence : `${text.slice(0, 200)}…`;
  return t('a11y-chat_answered', { answer: first });
}
