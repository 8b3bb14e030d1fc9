import type { TFunction } from 'i18next';
import type { components } from '../../../openapi/schema';
import { formatDateTime } from '../format';
import { formatMoney } from '../billing/billing-format';

type Notification = components['schemas']['Notification'];

/** The sentence of a notification, in the reader's language. */
export function notificationText(t: TFunction, notification: Notification, language: string): string {
  const { payload, tender } = notification;
  const vars = {
    reference: tender?.reference ?? '',
    title: tender?.title ?? '',
    days: payload.days ?? 0,
    date: payload.date ? formatDateTime(payload.date, language) : '',
    from: payload.from ? formatDateTime(payload.from, language) : '',
    to: payload.to ? formatDateTime(payload.to, language) : '',
    count: payload.count ?? 0,
    // A card payment short of the price: amounts in cents and the invoice.
    paid: formatMoney(payload.paid ?? 0, language),
    due: formatMoney(payload.due ?? 0, language),
    number: payload.number ?? '',
  };
  return t(`alerts-msg_${notification.kind}`, vars);
}

/** Where a notification leads: its tender, the billing page for a payment, or the potential calls for a digest. */
export const notificationHref = (notification: Notification): string =>
  notification.kind === 'payment_short' ? '/billing' : notification.tender ? `/tenders/${notification.tender._id}` : '/potential-tenders';
