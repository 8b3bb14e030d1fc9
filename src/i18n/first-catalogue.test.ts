// Issue 10, performance 3: the client starts from the first page's strings and merges the rest
// once the page is idle; pages past the signed-out ones wait for catalogueComplete().
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from './i18n';
import { catalogueComplete } from './plugins';

afterEach(() => vi.unstubAllGlobals());

describe('the catalogue in two steps', () => {
  it('reads ?area=first to start, then the whole catalogue, merged into the same namespace', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        const body = url.endsWith('?area=first') ? { 'signin-title': 'Connexion' } : { 'signin-title': 'Connexion', 'dashboard-title': 'Tableau de bord' };
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    localStorage.setItem('i18nextLng', 'fr');
    const i18n = await createI18n({});
    expect(urls).toEqual(['/locales/fr/translation.json?area=first']);
    expect(i18n.t('signin-title')).toBe('Connexion');
    await catalogueComplete();
    expect(urls).toEqual(['/locales/fr/translation.json?area=first', '/locales/fr/translation.json']);
    expect(i18n.t('dashboard-title')).toBe('Tableau de bord');
    // A language chosen later is read whole at once.
    await i18n.changeLanguage('en');
    expect(urls[2]).toBe('/locales/en/translation.json');
  });
});
