import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { animationsDone, bearer, demoToken, expect, expectAccessible, fr, signIn, test } from './fixtures';

// Verdicts on potential tenders (issue 13): the demo manager marks a call not relevant with a
// reason; it leaves the list, "1 appel écarté" leads to the calls set aside, where it shows with
// its reason, and "Rétablir" brings it back.

type Potential = { tenders: { _id: string; tenderCall: { title: string } }[]; hiddenCount?: number };
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the demo manager sets a potential call aside with a reason, finds it among the calls set aside and restores it', async ({ page, request }) => {
  const manager = bearer(await demoToken(request, 'manager'));
  // Start from no call set aside (a previous run may have left one).
  const hidden = (await (await request.get('/api/tenders/potential?hidden=true&perPage=all', { headers: manager })).json()) as Potential;
  for (const call of hidden.tenders) expect((await request.delete(`/api/tenderCalls/${call._id}/feedback`, { headers: manager })).ok()).toBe(true);
  const first = (await (await request.get('/api/tenders/potential', { headers: manager })).json()) as Potential;
  expect(first.tenders.length, 'the demo manager has potential calls').toBeGreaterThan(0);
  const { title } = first.tenders[0]!.tenderCall;

  await signIn(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/potential-tenders');
  await expect(page.getByRole('heading', { level: 1, name: fr['potential-title'] })).toBeVisible();
  const table = page.getByRole('table', { name: fr['potential-title'] });
  const row = table.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(page.getByText(/appels? écartés?/)).toHaveCount(0);

  // "Pertinent" is a toggle: pressed, then released.
  const relevant = row.getByRole('button', { name: fr['feedback-relevant'], exact: true });
  await expect(relevant).toHaveAttribute('aria-pressed', 'false');
  await relevant.click();
  await expect(relevant).toHaveAttribute('aria-pressed', 'true');
  await relevant.click();
  await expect(relevant).toHaveAttribute('aria-pressed', 'false');

  // "Pas pertinent" asks the reason; none given, nothing is sent.
  await row.getByRole('button', { name: fr['feedback-not_relevant'] }).click();
  const dialog = page.getByRole('dialog', { name: fr['feedback-dialog_title'] });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: fr['feedback-save'] }).click();
  await expect(dialog.getByText(fr['feedback-reason_required']!)).toBeVisible();
  await dialog.getByRole('button', { name: fr['feedback-reason_zone'] }).click();
  await expect(dialog.getByRole('textbox', { name: fr['feedback-reason'] })).toHaveValue(fr['feedback-reason_zone']!);
  await animationsDone(page);
  await expectAccessible(page, 'reason dialog');
  await dialog.getByRole('button', { name: fr['feedback-save'] }).click();

  // The call leaves the list; the banner offers to take it back; the count shows.
  await expect(dialog).toBeHidden();
  await expect(page.getByText(new RegExp(escape(`« ${title} » ne figure plus`)))).toBeVisible();
  await expect(page.getByRole('button', { name: fr['feedback-undo'] })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  await expect(page.getByText('1 appel écarté', { exact: true })).toBeVisible();

  // The calls set aside: the call with its reason, and "Rétablir".
  await page.getByRole('button', { name: `${fr['feedback-show_hidden']} : 1 appel écarté` }).click();
  const hiddenTable = page.getByRole('table', { name: fr['feedback-hidden_list'] });
  const hiddenRow = hiddenTable.getByRole('row').filter({ hasText: title });
  await expect(hiddenRow).toHaveCount(1);
  await expect(hiddenRow.getByText(`Écarté : ${fr['feedback-reason_zone']}`)).toBeVisible();
  await animationsDone(page);
  await expectAccessible(page, 'calls set aside');

  // On a phone the call is a card, its reason and button in view.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(hiddenRow.getByRole('button', { name: `${fr['feedback-restore']} ${title}` })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  await hiddenRow.getByRole('button', { name: `${fr['feedback-restore']} ${title}` }).click();
  await expect(hiddenTable.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  await page.getByRole('button', { name: fr['feedback-back'] }).click();
  await expect(page.getByRole('table', { name: fr['potential-title'] }).getByRole('row').filter({ hasText: title })).toHaveCount(1);
  await expect(page.getByText(/appels? écartés?/)).toHaveCount(0);

  // Set aside again, with a reason of one's own, then taken back at once with "Annuler".
  await table.getByRole('row').filter({ hasText: title }).getByRole('button', { name: fr['feedback-not_relevant'] }).click();
  await dialog.getByRole('textbox', { name: fr['feedback-reason'] }).fill('Chantier en site occupé, hors de nos habitudes');
  await dialog.getByRole('button', { name: fr['feedback-save'] }).click();
  await expect(table.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  await page.getByRole('button', { name: fr['feedback-undo'] }).click();
  await expect(table.getByRole('row').filter({ hasText: title })).toHaveCount(1);
  await expect(page.getByText(/appels? écartés?/)).toHaveCount(0);
  const after = (await (await request.get('/api/tenders/potential', { headers: manager })).json()) as Potential;
  expect(after.hiddenCount).toBe(0);
});
