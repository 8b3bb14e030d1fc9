import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WidgetBoundary } from './WidgetBoundary';

afterEach(() => vi.restoreAllMocks());

describe('a third-party widget that throws', () => {
  it('is replaced by a small notice; the rest of the page stays, and it can be tried again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    function Chart() {
      if (broken) throw new Error('frappe-gantt failed');
      return <svg role="img" aria-label="Gantt" />;
    }
    render(
      <main>
        <WidgetBoundary title="Le diagramme n'a pas pu être affiché" description="Le tableau des tâches donne les mêmes dates." retryLabel="Réessayer">
          <Chart />
        </WidgetBoundary>
        <table aria-label="Tâches" />
      </main>,
    );
    expect(screen.getByRole('status').textContent).toContain("Le diagramme n'a pas pu être affiché");
    expect(screen.getByRole('table', { name: 'Tâches' })).toBeTruthy();
    broken = false;
    await act(async () => screen.getByRole('button', { name: 'Réessayer' }).click());
    expect(screen.getByRole('img', { name: 'Gantt' })).toBeTruthy();
  });
});
