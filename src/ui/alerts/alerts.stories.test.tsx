import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './NotificationBell.stories';
import * as settingsStories from './AlertSettingsCard.stories';
import * as unsubscribeStories from './UnsubscribeView.stories';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Bell = composeStories(stories);
const Settings = composeStories(settingsStories);
const Unsubscribe = composeStories(unsubscribeStories);
const arg = (story: { args: unknown }, name: string) => (story.args as Record<string, unknown>)[name] as ReturnType<typeof vi.fn>;

describe('the notification bell', () => {
  it('says the unread count, lists each notification with its sentence and date, and opens one (marked read) on its tender', async () => {
    const u = userEvent.setup();
    render(<Bell.Unread />);
    const trigger = screen.getByRole('button', { name: 'Notifications, 2 non lues' });
    expect(trigger.textContent).toBe('2');
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const links = within(dialog).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/tenders/3f6c1a2e-8b4d-4c7a-9e21-5d0b7f3a6c11',
      '/tenders/5b2e9d4c-1a3f-4e8b-a7c6-0f9d2e1b3a44',
      '/potential-tenders',
      '/tenders/3f6c1a2e-8b4d-4c7a-9e21-5d0b7f3a6c11',
    ]);
    expect(links[0]!.textContent).toContain('Non lue : 26-101245 « Réfection de la toiture du gymnase Jean-Macé » : la date limite passe du 12 mars 2026, 12:00 au 26 mars 2026, 12:00');
    expect(links[0]!.textContent).toContain('2 mars 2026, 09:15');
    expect(links[1]!.textContent).toContain('visite de site le 4 mars 2026, 09:30 (J-2)');
    expect(links[2]!.textContent).toBe('4 nouveaux appels d\'offres correspondent à votre profil1 mars 2026, 07:00');
    await u.click(links[0]!);
    expect(arg(Bell.Unread, 'onRead')).toHaveBeenCalledWith('a1000000-0000-4000-8000-000000000001');
    expect(arg(Bell.Unread, 'onNavigate')).toHaveBeenCalledWith('/tenders/3f6c1a2e-8b4d-4c7a-9e21-5d0b7f3a6c11');
    cleanup();
  });

  it('opening a read one does not mark it again; "Tout marquer comme lu" marks all', async () => {
    const u = userEvent.setup();
    render(<Bell.Unread />);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    arg(Bell.Unread, 'onRead').mockClear();
    await u.click(within(dialog).getAllByRole('link')[2]!);
    expect(arg(Bell.Unread, 'onRead')).not.toHaveBeenCalled();
    expect(arg(Bell.Unread, 'onNavigate')).toHaveBeenCalledWith('/potential-tenders');
    cleanup();
    render(<Bell.Unread />);
    await u.click(await screen.findByRole('button', { name: 'Tout marquer comme lu' }));
    expect(arg(Bell.Unread, 'onReadAll')).toHaveBeenCalled();
    cleanup();
  });

  it('no badge without unread ones; the empty list says what will come; a failure offers to try again', async () => {
    const u = userEvent.setup();
    render(<Bell.Empty />);
    expect(screen.getByRole('button', { name: 'Notifications, aucune non lue' }).textContent).toBe('');
    expect(await screen.findByText(/Aucune notification pour l'instant/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Tout marquer comme lu' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    render(<Bell.Failed />);
    expect((await screen.findByRole('alert')).textContent).toContain('Aucune réponse du serveur.');
    await u.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(arg(Bell.Failed, 'onRetry')).toHaveBeenCalled();
    cleanup();
  });

  it('closed, the bell opens its list on click and tells the app', async () => {
    const u = userEvent.setup();
    render(<Bell.Closed />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Notifications, 2 non lues' }));
    expect(arg(Bell.Closed, 'onOpenChange')).toHaveBeenCalledWith(true);
    cleanup();
  });
});

describe('the alert settings card', () => {
  it('offers the digest as daily, weekly or never and the alert emails as a switch, saved together once changed', async () => {
    const u = userEvent.setup();
    render(<Settings.Defaults />);
    const form = screen.getByRole('form', { name: 'Alertes' });
    const save = within(form).getByRole('button', { name: 'Enregistrer les alertes' }) as HTMLButtonElement;
    expect(save.disabled, 'nothing changed yet').toBe(true);
    const group = within(form).getByRole('group', { name: "Récapitulatif des nouveaux appels d'offres" });
    expect(within(group).getAllByRole('radio').map((r) => (r.closest('label') as HTMLElement).textContent)).toEqual(['Quotidien', 'Hebdomadaire', 'Jamais']);
    expect((within(group).getByRole('radio', { name: 'Jamais' }) as HTMLInputElement).checked).toBe(true);
    await u.click(within(group).getByRole('radio', { name: 'Quotidien' }));
    const emails = within(form).getByRole('switch', { name: 'Alertes par e-mail' }) as HTMLInputElement;
    expect(emails.checked).toBe(true);
    await u.click(emails);
    await u.click(save);
    expect(arg(Settings.Defaults, 'onSave')).toHaveBeenCalledWith({ digestFrequency: 'daily', alertEmails: false });
    cleanup();
  });
});

describe('the unsubscribe page', () => {
  it('asks before unsubscribing, then says what the server did; a refused or missing token says so', async () => {
    const u = userEvent.setup();
    render(<Unsubscribe.Asking />);
    await u.click(screen.getByRole('button', { name: 'Me désabonner' }));
    expect(arg(Unsubscribe.Asking, 'onConfirm')).toHaveBeenCalled();
    cleanup();
    render(<Unsubscribe.Done />);
    expect(screen.getByRole('status').textContent).toContain("vous ne recevrez plus d'alertes");
    expect(screen.queryByRole('button', { name: 'Me désabonner' })).toBeNull();
    cleanup();
    render(<Unsubscribe.Refused />);
    expect(screen.getByRole('alert').textContent).toContain("n'est pas valide");
    cleanup();
    render(<Unsubscribe.MissingToken />);
    expect(screen.getByRole('alert').textContent).toContain('pas de jeton');
    cleanup();
  });
});
