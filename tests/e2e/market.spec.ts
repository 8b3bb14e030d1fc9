import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { DEMO_CALLS } from '../../server/db/demo-tenders';
import { bearer, demoToken, expect, expectAccessible, fr, settled, signIn, test } from './fixtures';

// Market and history (issue 13): the demo company works the Ville de Lyon call, whose buyer has
// real DECP awards among the demo's imported notices; the manager opens the tender and sees them,
// then finds the tenders the company lost on its page.

const lyon = DEMO_CALLS.find((call) => call.reference === '26-120117')!;
const nbsp = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

test("a manager opens a demo tender and sees the buyer's past awards; the company page lists its lost tenders", async ({ page, request }) => {
  const manager = bearer(await demoToken(request, 'manager'));
  const list = await request.get(`/api/tenders/my-company?search=${lyon.reference}`, { headers: manager });
  const tenderId = ((await list.json()) as { tenderCalls: { _id: string }[] }).tenderCalls[0]!._id;
  const profile = (await (await request.get('/api/users/profile', { headers: manager })).json()) as { company: { _id: string } };

  await signIn(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/tenders/${tenderId}`);
  await settled(page, lyon.title);

  await expect(page.getByRole('heading', { name: fr['market-title'] })).toBeVisible();
  // Typed by hand in the demo: no notice; the buyer's DECP awards for façades and joinery (CPV 454…).
  await expect(page.getByText(fr['market-links_none']!)).toBeVisible();
  const table = page.getByRole('table', { name: fr['market-buyer_table']!.replace('{{buyer}}', lyon.buyer) });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('DB VERRE');
  await expect(table.getByRole('row').nth(2)).toContainText('CMA CONCEPT');
  expect(nbsp(await page.getByTestId('market-stats').textContent())).toBe('2 marchés similaires depuis 2018, médiane 225 991 € HT.');
  await expectAccessible(page, 'market card');

  // On a phone, the table stacks each award as a card.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(`/companies/${profile.company._id}`);
  const awards = page.getByRole('table', { name: fr['companyawards-title'] });
  await expect(awards).toBeVisible();
  await expect(awards.getByText(fr['companyawards-lost']!).first()).toBeVisible();
  await expect(awards.getByRole('link', { name: 'Extension du gymnase municipal et mise en accessibilité' })).toBeVisible();
  await expectAccessible(page, 'company awards');
});
