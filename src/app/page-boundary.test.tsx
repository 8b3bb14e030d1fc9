import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n';
import fr from '../../locales/fr/translation.json';
import en from '../../locales/en/translation.json';
import { isLoadFailure, PageBoundary } from './PageBoundary';

let i18n: Awaited<ReturnType<typeof createI18n>>;
beforeAll(async () => {
  i18n = await createI18n({ resources: { fr: { translation: fr }, en: { translation: en } }, lng: 'fr' });
});
afterEach(() => vi.restoreAllMocks());

function Broken(): never {
  // What the Gantt chart threw for a done milestone.
  throw new DOMException("The token provided ('is-done is-milestone') contains HTML space characters", 'InvalidCharacterError');
}

async function show(page: React.ReactNode) {
  // React reports the errors it catches; they are expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const location = memoryLocation({ path: '/tenders/1/planning' });
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Router hook={location.hook}>
          <PageBoundary>{page}</PageBoundary>
        </Router>
      </I18nextProvider>,
    );
  });
  return location;
}

describe('a page that fails', () => {
  it('to draw says so, and does not blame the connection', async () => {
    await show(<Broken />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(fr['page-render_error_title']);
    expect(alert.textContent).not.toContain(fr['page-load_error_text']);
    expect(screen.getByRole('button', { name: fr['page-reload'] })).toBeTruthy();
  });

  it('to load its code asks to check the connection', async () => {
    const Unreachable = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/PlanningPage-x1.js')));
    await show(<Unreachable />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(fr['page-load_error_title']);
    expect(alert.textContent).toContain(fr['page-load_error_text']);
  });

  it('leaves the next page free to draw', async () => {
    let broken = true;
    function Maybe() {
      if (broken) Broken();
      return <h1>Tableau de bord</h1>;
    }
    const location = await show(<Maybe />);
    await screen.findByRole('alert');
    broken = false;
    await act(async () => location.navigate('/dashboard'));
    expect(screen.getByRole('heading', { name: 'Tableau de bord' })).toBeTruthy();
  });
});

describe('a failed load', () => {
  it('is told from a fault of the page by the browsers’ wording', () => {
    expect(isLoadFailure(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isLoadFailure(new TypeError('error loading dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isLoadFailure(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isLoadFailure(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(false);
    expect(isLoadFailure(new DOMException('space', 'InvalidCharacterError'))).toBe(false);
  });
});
