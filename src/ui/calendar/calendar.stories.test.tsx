import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as calendarStories from './CalendarView.stories';
import { CalendarView, type CalendarViewProps } from './CalendarView';
import { calendarEvents, calendarFeedUrl, calendarToday } from './calendar-fixtures';

beforeAll(() => setProjectAnnotations(preview));

const Calendar = composeStories(calendarStories);

function show(ui: ReactElement) {
  cleanup();
  return render(ui);
}

const grid = () => screen.getByRole('grid');
const cell = (day: string) => grid().querySelector<HTMLElement>(`[data-day="${day}"]`)!;

/** The month story with its focused day kept as the page keeps it. */
function Stateful(props: Partial<CalendarViewProps>) {
  const [focus, setFocus] = useState(calendarToday);
  const args = Calendar.Month.args as CalendarViewProps;
  const onFocus = (day: string) => {
    setFocus(day);
    props.onFocus?.(day);
  };
  return <CalendarView {...args} {...props} focus={focus} onFocus={onFocus} />;
}

describe('calendar: the month grid', () => {
  it('starts weeks on Monday, names the month in French, and puts each event on its day as a link to its tender', async () => {
    show(<Calendar.Month />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Novembre 2026' })).toBeTruthy();
    const headers = within(grid()).getAllByRole('columnheader').map((h) => h.getAttribute('aria-label'));
    expect(headers).toEqual(['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche']);
    // November 2026 begins on a Sunday: the grid starts on Monday 26 October.
    expect(within(grid()).getAllByRole('gridcell')[0]!.dataset.day).toBe('2026-10-26');
    const visit = within(cell('2026-11-26')).getByRole('link');
    expect(visit.getAttribute('href')).toBe(`/tenders/${calendarEvents[0]!.tenderId}`);
    expect(visit.getAttribute('aria-label')).toMatch(/^Visite de site obligatoire — Réfection de la toiture du gymnase Jean-Moulin \(réf\. 26-101245\), \d\d:00$/);
    expect(cell(calendarToday).getAttribute('aria-current')).toBe('date');
    // The legend names every colour.
    const legend = screen.getByRole('list', { name: 'Légende des couleurs' });
    expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Remise des offres', 'Date limite des questions', 'Visite de site', 'Tâche du planning', 'Jalon du planning']);
  });

  it('shows three events a day and "+N" for the rest, which opens the day’s whole list', async () => {
    show(<Calendar.Month />);
    const busy = await waitFor(() => cell('2026-12-02'));
    expect(within(busy).getAllByRole('link')).toHaveLength(3);
    expect(busy.getAttribute('aria-label')).toBe('mercredi 2 décembre 2026, 4 échéances');
    // A task spanning several days is on each of them.
    expect(within(cell('2026-11-30')).getByRole('link').textContent).toMatch(/Rédaction du mémoire technique/);
    expect(within(cell('2026-12-01')).getByRole('link').textContent).toMatch(/Rédaction du mémoire technique/);
    await userEvent.click(within(busy).getByRole('button', { name: '1 autre échéance le mercredi 2 décembre 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'mercredi 2 décembre 2026' });
    expect(within(dialog).getAllByRole('link')).toHaveLength(4);
  });

  it('is one tab stop: arrow keys move the focused day, Page Down the month, Enter opens the day', async () => {
    const onFocus = vi.fn();
    show(<Stateful onFocus={onFocus} />);
    await waitFor(() => cell(calendarToday));
    expect(grid().querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    // The events' links are not tab stops inside the grid.
    expect(within(cell('2026-11-26')).getByRole('link').getAttribute('tabindex')).toBe('-1');
    cell(calendarToday).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(cell('2026-11-25'));
    await userEvent.keyboard('{ArrowDown}{ArrowLeft}');
    expect(document.activeElement).toBe(cell('2026-12-01'));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(cell('2026-11-30'));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'mercredi 2 décembre 2026' });
    expect(within(dialog).getAllByRole('link').map((a) => a.getAttribute('href'))).toContain(`/tenders/${calendarEvents[3]!.tenderId}`);
    await userEvent.keyboard('{Escape}');
    await userEvent.keyboard('{PageDown}');
    expect(onFocus).toHaveBeenLastCalledWith('2027-01-02');
    expect(await screen.findByRole('heading', { level: 2, name: 'Janvier 2027' })).toBeTruthy();
  });

  it('offers the previous, next and current periods, and the month and week views', async () => {
    show(<Calendar.Month />);
    const args = Calendar.Month.args as unknown as Record<string, ReturnType<typeof vi.fn>>;
    await userEvent.click(await screen.findByRole('button', { name: 'Mois précédent' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mois suivant' }));
    await userEvent.click(screen.getByRole('button', { name: "Aujourd'hui" }));
    await userEvent.click(screen.getByRole('button', { name: 'Semaine' }));
    expect(args.onPrev).toHaveBeenCalled();
    expect(args.onNext).toHaveBeenCalled();
    expect(args.onToday).toHaveBeenCalled();
    expect(args.onView).toHaveBeenCalledWith('week');
    expect(screen.getByRole('button', { name: 'Mois' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('calendar: the week and the phone agenda', () => {
  it('shows the week from Monday to Sunday with every event of each day', async () => {
    show(<Calendar.Week />);
    expect(await screen.findByRole('heading', { level: 2, name: /^30\snov\.\s–\s6\sdéc\.\s2026$/ })).toBeTruthy();
    const cells = within(grid()).getAllByRole('gridcell');
    expect(cells.map((c) => c.dataset.day)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    expect(within(cell('2026-12-02')).getAllByRole('link')).toHaveLength(4);
    expect(within(cell('2026-12-02')).queryByRole('button', { name: /autre/ })).toBeNull();
  });

  it('lists the days that have events as an agenda (shown instead of the grid on a phone)', async () => {
    show(<Calendar.Month />);
    const agenda = await screen.findByTestId('calendar-agenda');
    const days = within(agenda).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(days.slice(0, 2)).toEqual(['jeudi 26 novembre 2026', 'lundi 30 novembre 2026']);
    expect(within(agenda).getAllByRole('link').length).toBeGreaterThanOrEqual(calendarEvents.length);
  });

  it('says when the calendar could not be loaded and offers to try again', async () => {
    show(<Calendar.LoadFailed />);
    await userEvent.click(await screen.findByRole('button', { name: 'Réessayer' }));
    expect((Calendar.LoadFailed.args as unknown as { onRetry: ReturnType<typeof vi.fn> }).onRetry).toHaveBeenCalled();
  });
});

describe('calendar: subscribing', () => {
  it('offers to create the address when there is none, with how to add it to Outlook, Google and Apple calendars', async () => {
    show(<Calendar.Month />);
    expect(await screen.findByRole('heading', { name: "S'abonner" })).toBeTruthy();
    expect(screen.getByText(/Outlook .* Google Agenda .* Calendrier d'Apple/)).toBeTruthy();
    expect(screen.getByRole('button', { name: "Créer l'adresse d'abonnement" })).toBeTruthy();
  });

  it('shows the new address once with a copy button, and offers a new one or a revocation', async () => {
    show(<Calendar.FeedCreated />);
    const address = (await screen.findByRole('textbox', { name: "Adresse d'abonnement" })) as HTMLInputElement;
    expect(address.value).toBe(calendarFeedUrl);
    expect(address.readOnly).toBe(true);
    expect(screen.getByText(/Copiez-la maintenant/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Copier' }));
    expect(await screen.findByText('Adresse copiée.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nouvelle adresse' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Révoquer' })).toBeTruthy();
  });

  it('asks before revoking: the old address stops working', async () => {
    show(<Calendar.FeedConfirmRevoke />);
    const dialog = await screen.findByRole('alertdialog', { name: "Révoquer l'abonnement ?" });
    expect(within(dialog).getByText(/cessera de fonctionner/)).toBeTruthy();
  });
});
