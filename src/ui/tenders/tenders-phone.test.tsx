import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as tenders from './TendersView.stories';
import * as potential from './PotentialTendersView.stories';

beforeAll(() => {
  setProjectAnnotations(preview);
});

/**
 * Issue 10: on phones the lists hid status and deadline past the right edge. The tables stack
 * each row as a card below md (table recipe, variant `stack`), each cell labelled by its column.
 */
describe('tender lists on phones', () => {
  it('the company tenders list stacks its rows, status and deadline labelled', async () => {
    cleanup();
    const { Loaded } = composeStories(tenders);
    render(<Loaded />);
    const table = await screen.findByRole('table', {}, { timeout: 4000 });
    expect(table.className).toMatch(/stack_true/);
    for (const row of within(table).getAllByRole('row').slice(1)) {
      const labels = within(row)
        .getAllByRole('cell')
        .map((cell) => cell.getAttribute('data-label'));
      expect(labels).toEqual(expect.arrayContaining(['Statut', 'Date limite de remise']));
    }
  });

  it('the potential tenders list stacks its rows, deadline and amount labelled', async () => {
    cleanup();
    const { Loaded } = composeStories(potential);
    render(<Loaded />);
    const table = await screen.findByRole('table', {}, { timeout: 4000 });
    expect(table.className).toMatch(/stack_true/);
    const row = within(table).getAllByRole('row')[1]!;
    const labels = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.getAttribute('data-label'));
    expect(labels).toEqual(expect.arrayContaining(['Date limite de remise']));
  });
});
