import { describe, expect, it } from 'vitest';
import fr from '../../../locales/fr/translation.json';
import en from '../../../locales/en/translation.json';
import { createI18n } from '../../i18n/i18n';
import type { components } from '../../../openapi/schema';
import { notificationHref, notificationText } from './notification-text';

type Notification = components['schemas']['Notification'];

// A card payment short of the price (issue 24), as the bell shows it: the amounts in the reader's
// language, the invoice, that the plan is not on, and a link to the billing page.
const shortPayment: Notification = {
  _id: 'f0000000-0000-4000-8000-000000000001',
  kind: 'payment_short',
  tender: null,
  payload: { paid: 100, due: 178_800, number: '2026-000006' },
  readAt: null,
  createdAt: '2026-03-02T09:00:00.000Z',
};
const norm = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('a short card payment in the notification centre', () => {
  it('says what was received of what, for which invoice, in fr and en, and leads to billing', async () => {
    const i18n = await createI18n({ resources: { fr: { translation: fr }, en: { translation: en } }, lng: 'fr' });
    expect(norm(notificationText(i18n.t, shortPayment, 'fr'))).toBe("Paiement reçu : 1,00 € sur 1 788,00 € pour la facture 2026-000006 — la formule commandée n'est pas activée tant que le solde n'est pas réglé");
    await i18n.changeLanguage('en');
    expect(notificationText(i18n.t, shortPayment, 'en')).toBe('Payment received: €1.00 of €1,788.00 for invoice 2026-000006 — the plan ordered is not active until the balance is paid');
    expect(notificationHref(shortPayment)).toBe('/billing');
  });
});
