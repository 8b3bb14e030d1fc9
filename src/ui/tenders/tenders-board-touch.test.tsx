import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as boardStories from './TendersBoardView.stories';
import { boardTenders } from './board-fixtures';
import { LONG_PRESS_MS } from './TendersBoardView';

// Touch screens have no HTML5 drag: a long press picks a card up and the finger carries it to a
// column; moving the finger sooner is a scroll and picks nothing up.

beforeAll(() => setProjectAnnotations(preview));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const Board = composeStories(boardStories);
const [routes] = boardTenders;
const card = (id: string) => document.querySelector<HTMLElement>(`[data-card-id="${id}"]`)!;
const column = (status: string) => document.querySelector<HTMLElement>(`section[data-status="${status}"]`)!;
const onMove = () => (Board.Ready.args as unknown as { onMove: ReturnType<typeof vi.fn> }).onMove;

async function showBoard() {
  cleanup();
  render(<Board.Ready />);
  await screen.findAllByRole('heading', { level: 2 });
  onMove().mockClear();
  // jsdom lays nothing out: the finger at x is over the column of that index.
  const columns = [...document.querySelectorAll<HTMLElement>('section[data-status]')];
  document.elementFromPoint = (x: number) => columns[Math.floor(x / 100)] ?? null;
  vi.useFakeTimers();
}

const touch = { pointerId: 7, pointerType: 'touch', isPrimary: true };

describe('tenders board: touch', () => {
  it('a long press picks the card up, the finger carries it over a column, lifting it there moves it', async () => {
    await showBoard();
    const start = card(routes!._id);
    fireEvent.pointerDown(start, { ...touch, clientX: 10, clientY: 50 });
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS + 10);
    });
    expect(card(routes!._id).dataset.carried).toBe('true');
    // The columns the card may go to say so while it is carried.
    expect(column('in_progress').dataset.drop).toBe('allowed');
    fireEvent.pointerMove(start, { ...touch, clientX: 150, clientY: 60 });
    expect(column('in_progress').dataset.over).toBe('true');
    fireEvent.pointerUp(start, { ...touch, clientX: 150, clientY: 60 });
    expect(onMove()).toHaveBeenCalledWith(routes!._id, 'in_progress');
    expect(column('in_progress').dataset.over).toBeUndefined();
    expect(card(routes!._id).dataset.carried).toBeUndefined();
  });

  it('moving the finger before the long press is a scroll: nothing is picked up nor moved', async () => {
    await showBoard();
    const start = card(routes!._id);
    fireEvent.pointerDown(start, { ...touch, clientX: 10, clientY: 50 });
    fireEvent.pointerMove(start, { ...touch, clientX: 10, clientY: 90 });
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    });
    expect(card(routes!._id).dataset.carried).toBeUndefined();
    fireEvent.pointerUp(start, { ...touch, clientX: 150, clientY: 90 });
    expect(onMove()).not.toHaveBeenCalled();
  });

  it('a cancelled gesture puts the card back; a mouse keeps to HTML5 drag', async () => {
    await showBoard();
    const start = card(routes!._id);
    fireEvent.pointerDown(start, { ...touch, clientX: 10, clientY: 50 });
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS + 10);
    });
    fireEvent.pointerMove(start, { ...touch, clientX: 150, clientY: 60 });
    fireEvent.pointerCancel(start, touch);
    expect(onMove()).not.toHaveBeenCalled();
    expect(column('in_progress').dataset.drop).toBeUndefined();

    fireEvent.pointerDown(start, { pointerId: 1, pointerType: 'mouse', isPrimary: true, clientX: 10, clientY: 50 });
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    });
    expect(card(routes!._id).dataset.carried).toBeUndefined();
    // The card stays draggable for the mouse, and its keyboard menu is still there.
    expect(card(routes!._id).getAttribute('draggable')).toBe('true');
    expect(screen.getByRole('button', { name: `Déplacer « ${routes!.tenderCall.title} » vers…` })).toBeTruthy();
  });
});
