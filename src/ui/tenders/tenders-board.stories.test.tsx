import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as boardStories from './TendersBoardView.stories';
import { boardRefusal, boardTenders } from './board-fixtures';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Board = composeStories(boardStories);
const [routes, jeanMoulin, gymnase, won] = boardTenders;

function show(ui: ReactElement) {
  cleanup();
  return render(ui);
}

const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });
const card = (id: string) => document.querySelector<HTMLElement>(`[data-card-id="${id}"]`)!;
const onMove = (story: { args: unknown }) => (story.args as { onMove: { mock: { calls: unknown[][] } } }).onMove;

async function menuItems(title: string): Promise<string[]> {
  await userEvent.click(screen.getByRole('button', { name: `Déplacer « ${title} » vers…` }));
  const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  return items;
}

describe('tenders board: columns and cards', () => {
  it('shows one column per status in the lifecycle order, with its count', async () => {
    show(<Board.Ready />);
    const headings = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(headings).toEqual(['Non démarré1 dossier', 'En cours1 dossier', 'En attente0 dossier', 'Déposé1 dossier', 'Gagné1 dossier', 'Perdu0 dossier', 'Non conforme0 dossier']);
    expect(within(column('En cours')).getByRole('link', { name: jeanMoulin!.tenderCall.title }).getAttribute('href')).toBe(`/tenders/${jeanMoulin!._id}`);
    expect(within(column('En attente')).getByText('Aucun dossier')).toBeTruthy();
    // The reference and the buyer ride on the card.
    expect(within(card(routes!._id)).getByText(routes!.tenderCall.reference)).toBeTruthy();
    expect(within(card(routes!._id)).getByText(routes!.tenderCall.buyer)).toBeTruthy();
  });
});

describe('tenders board: only the lifecycle moves are offered', () => {
  it('lists, in each card menu, the statuses allowed from its own; a decided tender offers none', async () => {
    show(<Board.Ready />);
    expect(await menuItems(routes!.tenderCall.title)).toEqual(['En cours', 'Non conforme']);
    expect(await menuItems(jeanMoulin!.tenderCall.title)).toEqual(['Déposé', 'En attente', 'Non conforme']);
    expect(await menuItems(gymnase!.tenderCall.title)).toEqual(['Gagné', 'Perdu', 'Non conforme', 'En cours (réouverture)']);
    expect(within(card(won!._id)).queryByRole('button', { name: /Déplacer/ })).toBeNull();
    expect(within(card(won!._id)).getByText('Statut définitif')).toBeTruthy();
    expect(card(won!._id).getAttribute('draggable')).toBe('false');
  });

  it('an employee cannot reopen a submitted tender from the board', async () => {
    show(<Board.Employee />);
    expect(await menuItems(gymnase!.tenderCall.title)).toEqual(['Gagné', 'Perdu', 'Non conforme']);
  });

  it('while a card is dragged, the columns it may go to are drop targets and the others say they refuse it', async () => {
    show(<Board.Ready />);
    fireEvent.dragStart(card(routes!._id), { dataTransfer: { setData: () => undefined, getData: () => routes!._id } });
    const drops = Object.fromEntries(['Non démarré', 'En cours', 'En attente', 'Déposé', 'Non conforme'].map((name) => [name, column(name).getAttribute('data-drop')]));
    expect(drops).toEqual({ 'Non démarré': null, 'En cours': 'allowed', 'En attente': 'forbidden', Déposé: 'forbidden', 'Non conforme': 'allowed' });
    expect(within(column('Déposé')).getByText('Déplacement impossible depuis ce statut')).toBeTruthy();
    fireEvent.drop(column('En cours'), { dataTransfer: { getData: () => routes!._id } });
    expect(onMove(Board.Ready).mock.calls.at(-1)).toEqual([routes!._id, 'in_progress']);
    expect(column('En cours').getAttribute('data-drop')).toBe(null);
  });
});

describe('tenders board: the keyboard move', () => {
  it('opens the card menu from the keyboard and moves the card to the chosen status', async () => {
    show(<Board.Ready />);
    const trigger = screen.getByRole('button', { name: `Déplacer « ${routes!.tenderCall.title} » vers…` });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['En cours', 'Non conforme']);
    // The menu highlights its first item once open (a frame later under load): the arrow moves on from it.
    await waitFor(() => expect(items[0]!.hasAttribute('data-highlighted')).toBe(true));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(items[1]!.hasAttribute('data-highlighted')).toBe(true));
    await userEvent.keyboard('{Enter}');
    expect(onMove(Board.Ready).mock.calls.at(-1)).toEqual([routes!._id, 'non_compliant']);
  });

  it('a refused move is said in the live region and shown with a way to close it', async () => {
    show(<Board.Refused />);
    expect((await screen.findByTestId('board-announcer')).textContent).toBe(`« ${jeanMoulin!.tenderCall.title} » n'a pas été déplacé : ${boardRefusal}`);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(boardRefusal)).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Fermer' }));
    expect((Board.Refused.args as { onDismiss: { mock: { calls: unknown[] } } }).onDismiss.mock.calls).toHaveLength(1);
  });

  it('a decision asks first, in the status dialog', async () => {
    show(<Board.ConfirmingDecision />);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Perdu' })).toBeTruthy();
    // While it is asked, no card can be moved.
    expect((screen.getByRole('button', { name: `Déplacer « ${routes!.tenderCall.title} » vers…`, hidden: true }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('tenders board: long columns', () => {
  it('counts every tender of a column and offers its next ones', async () => {
    show(<Board.LongColumns />);
    const waiting = column('Non démarré');
    expect(within(waiting).getByRole('heading', { level: 2 }).textContent).toBe('Non démarré47 dossiers');
    await userEvent.click(within(waiting).getByRole('button', { name: 'Afficher plus (46 autres dossiers)' }));
    expect((Board.LongColumns.args as { onMore: { mock: { calls: unknown[][] } } }).onMore.mock.calls).toEqual([['not_started']]);
    // A column whose cards are all shown offers nothing more.
    expect(within(column('En cours')).queryByRole('button', { name: /Afficher/ })).toBeNull();
  });

  it('says under the column that its next cards could not be read, and keeps the button', async () => {
    show(<Board.MoreFailed />);
    const waiting = column('Non démarré');
    expect(within(waiting).getByRole('alert').textContent).toMatch(/^Les dossiers suivants n'ont pas pu être chargés/);
    expect(within(waiting).getByRole('button', { name: 'Afficher plus (46 autres dossiers)' })).toBeTruthy();
  });
});
