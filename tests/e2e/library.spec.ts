import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { animationsDone, expect, expectAccessible, LOOKS, test, useLook, useToken } from './fixtures';
import { readFileSync } from 'node:fs';

// The company's content library (issue 12): the demo's reusable blocks under the company's tabs;
// French search finds "Méthodologie de démolition" from "démolir" (stems, accents ignored); the
// "due for review" filter keeps the blocks to look at again. axe in each look.

const catalogue = (lng: string) => JSON.parse(readFileSync(`locales/${lng}/translation.json`, 'utf8')) as Record<string, string>;

for (const [lng, theme] of LOOKS) {
  test(`the library finds a block by a word's stem and keeps the due ones, in ${lng}, ${theme}`, async ({ page, context, request, baseURL }) => {
    const t = catalogue(lng);
    const { email, password } = DEMO_ACCOUNTS.manager;
    const { token } = (await (await request.post('/api/users/login', { data: { email, password } })).json()) as { token: string };
    const profile = (await (await request.get('/api/users/profile', { headers: { authorization: `Bearer ${token}` } })).json()) as { company: { _id: string } };
    await useLook(page, lng, theme);
    await useToken(context, baseURL, token);
    await page.goto(`/companies/${profile.company._id}/library`);

    const table = page.getByRole('table', { name: t['library-table'] });
    await expect(table.getByText('Méthodologie de démolition')).toBeVisible();
    await page.getByRole('searchbox', { name: t['library-search'] }).fill('démolir');
    await expect(table.getByText('Méthodologie de démolition')).toBeVisible();
    await expect(table.getByText('Gestion des déchets de chantier')).toHaveCount(0);
    await page.getByRole('searchbox', { name: t['library-search'] }).fill('');
    await page.getByLabel(t['library-due_filter']!).check();
    // The demo has two blocks due for review: only they stay, each flagged.
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByText(t['library-overdue']!, { exact: true })).toHaveCount(2);
    await animationsDone(page);
    await expectAccessible(page, `library (${lng}, ${theme})`);
    await page.screenshot({ path: `test-results/screens/library-${lng}-${theme}.png`, fullPage: true });
  });
}
