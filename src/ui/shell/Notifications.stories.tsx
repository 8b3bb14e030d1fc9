import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { createActor, SimulatedClock } from 'xstate';
import { notificationsMachine, PROFILE_ERROR_TOAST_MS, UNAUTHORIZED_TOAST_MS, type NotificationsEvent, type Toast } from '../../machines/notifications.machine';
import { Toaster } from '../components/Toaster';

// Toasts from a real notifications actor on a simulated clock: each story moves time on.
function toastsAfter(events: NotificationsEvent[], elapsed = 0): Toast[] {
  const clock = new SimulatedClock();
  const actor = createActor(notificationsMachine, { clock }).start();
  for (const event of events) actor.send(event);
  clock.increment(elapsed);
  return actor.getSnapshot().context.toasts;
}

const shown: NotificationsEvent[] = [
  { type: 'notify.show', toastType: 'error', message: 'Votre session a expiré. Veuillez vous reconnecter.', duration: UNAUTHORIZED_TOAST_MS },
  { type: 'notify.show', toastType: 'success', message: 'Entreprise créée.' },
  { type: 'notify.show', toastType: 'error', message: 'Le profil n’a pas pu être chargé.', duration: PROFILE_ERROR_TOAST_MS },
];

const meta = {
  title: 'Statecharts/Notifications',
  component: Toaster,
  args: { toasts: toastsAfter(shown), onDismiss: fn() },
} satisfies Meta<typeof Toaster>;
export default meta;

type Story = StoryObj<typeof meta>;

// Each toast's timer child is in `shown` until its duration has passed.
export const Shown: Story = { parameters: { machineStates: ['notifications', 'toastTimer.shown'] } };
// After 2 s the success toast's timer has expired and removed it; after 7 s the session toast too.
export const SuccessExpired: Story = { args: { toasts: toastsAfter(shown, 2000) }, parameters: { machineStates: ['toastTimer.expired'] } };
export const SessionToastExpired: Story = { args: { toasts: toastsAfter(shown, UNAUTHORIZED_TOAST_MS) }, parameters: { machineStates: ['toastTimer.expired'] } };
// Hovered or focused: every timer waits (here a minute on), the toasts stay until the pointer and the focus leave.
export const Paused: Story = {
  args: { toasts: toastsAfter([{ type: 'notify.pause' }, ...shown], 60_000) },
  parameters: { machineStates: ['toastTimer.paused'] },
};
export const AllExpired: Story = { args: { toasts: toastsAfter(shown, PROFILE_ERROR_TOAST_MS) }, parameters: { machineStates: ['notifications'] } };
