import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReportButton } from './ReportFormView';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

describe('the floating report button', () => {
  it('yields while the user works in a field of the page, and comes back after (issue 10: it covered the date field)', async () => {
    render(
      <>
        <label>
          Fin
          <input type="date" />
        </label>
        <button type="button">Ailleurs</button>
        <ReportButton onOpen={() => {}} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'report-open_button' })).toBeTruthy();
    const u = userEvent.setup();
    await u.click(screen.getByLabelText('Fin'));
    expect(screen.queryByRole('button', { name: 'report-open_button' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Ailleurs' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole('button', { name: 'report-open_button' })).toBeTruthy();
  });
});
