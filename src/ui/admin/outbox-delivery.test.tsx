import { describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import fr from '../../../locales/fr/translation.json';
import en from '../../../locales/en/translation.json';
import { createI18n } from '../../i18n/i18n';
import { emails } from './admin-fixtures';
import type { OutboxRow } from './admin-types';
import { OutboxView } from './OutboxView';

async function show(items: OutboxRow[]) {
  cleanup();
  const i18n = await createI18n({ resources: { fr: { translation: fr }, en: { translation: en } }, lng: 'fr' });
  render(
    <I18nextProvider i18n={i18n}>
      <Router hook={memoryLocation({ path: '/outbox' }).hook}>
        <OutboxView
          list={{ state: 'loaded', items, page: 1, totalPages: 1, count: items.length, error: null }}
          search=""
          kind=""
          onSearch={() => undefined}
          onKind={() => undefined}
          onPage={() => undefined}
          onRetry={() => undefined}
        />
      </Router>
    </I18nextProvider>,
  );
}

describe('the outbox says how emails are delivered', () => {
  it('without SMTP: this list is the delivery, and links vanish once used or expired', async () => {
    await show(emails.map((email) => ({ ...email, delivery: 'outbox' })));
    expect(screen.getByText(/Aucun serveur SMTP n'est configuré : cette boîte d'envoi est le seul moyen de remettre les e-mails\./)).toBeTruthy();
  });

  it('with SMTP: links are not kept here', async () => {
    await show(emails.map((email) => ({ ...email, delivery: 'smtp', link: null })));
    expect(screen.getByText('Les e-mails partent par SMTP : leurs liens ne sont pas conservés ici.')).toBeTruthy();
    expect(screen.queryByText(/Aucun serveur SMTP/)).toBeNull();
  });
});
