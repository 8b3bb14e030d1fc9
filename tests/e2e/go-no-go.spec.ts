import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { expect, expectAccessible, fr, freshTender, settled, signIn, test } from './fixtures';

// Go/No-Go (issue 13): a manager fills the grid of a tender and decides go (the response's start
// is offered); another tender, set aside by a no-go with its reason, leaves the active list and is
// found with the "set aside" filter. Both tenders are made for this test and removed after.

const rating = (page: Page, criterion: string, weight: number) =>
  page.getByRole('combobox', { name: `${fr[`field-${criterion}`]} (${fr['go_no_go-weight']!.replace('{{weight}}', String(weight))})` });

test('a manager fills the grid and decides go; a no-go with its reason leaves the active list', async ({ page, request }) => {
  test.slow();
  const goTitle = 'Rénovation thermique de la médiathèque Lucie-Aubrac';
  const noGoTitle = 'Entretien des espaces verts du parc Louis-Dupic';
  const go = await freshTender(request, { reference: 'GONOGO', title: goTitle, buyer: 'Ville de Vénissieux', submissionDeadline: new Date(Date.now() + 15 * 86_400_000).toISOString() });
  const noGo = await freshTender(request, { reference: 'GONOGO', title: noGoTitle, buyer: 'Ville de Vénissieux', submissionDeadline: new Date(Date.now() + 15 * 86_400_000).toISOString() });
  try {
    await signIn(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    // The grid: every weight is 5 until the company sets them; 4+3+2+4+1+2 = 16 of 24 → 67 %.
    await page.goto(`/tenders/${go.tenderId}`);
    await settled(page, goTitle);
    await expect(page.getByText(fr['go_no_go-score']!.replace('{{score}}', '0'))).toBeVisible();
    const ratings: [string, number][] = [['strategic_fit', 4], ['capacity', 3], ['technical_match', 2], ['references', 4], ['price', 1], ['risk', 2]];
    for (const [criterion, value] of ratings) await rating(page, criterion, 5).selectOption(String(value));
    await page.getByRole('textbox', { name: fr['go_no_go-note_label']!.replace('{{criterion}}', fr['field-capacity']!) }).fill('Une équipe libre en septembre');
    await expect(page.getByText(fr['go_no_go-score']!.replace('{{score}}', '67'))).toBeVisible();
    await page.getByRole('button', { name: fr['go_no_go-save'] }).click();
    await expect(page.getByText(fr['go_no_go-saved']!)).toBeVisible();
    await expectAccessible(page, 'go/no-go grid');

    const startButtons = page.getByRole('button', { name: fr['tenderdetails-action_start'], exact: true });
    const startsBefore = await startButtons.count();
    await page.getByRole('button', { name: fr['go_no_go-decide_go'] }).click();
    const goDialog = page.getByRole('dialog', { name: fr['go_no_go-dialog_go'] });
    await goDialog.getByRole('button', { name: fr['go_no_go-confirm'] }).click();
    await expect(goDialog).toBeHidden();
    await expect(page.getByRole('region', { name: fr['field-decision'] })).toContainText(fr['go_no_go-decision_go']!);
    await expect(page.getByRole('region', { name: fr['field-decision'] })).toContainText(DEMO_ACCOUNTS.manager.username);
    // The response's start is offered, through the page's own status change.
    await expect(startButtons).toHaveCount(startsBefore + 1);
    await startButtons.last().click();
    // The page's own confirmation of the start (not started → in progress), left unconfirmed here.
    const start = page.getByRole('alertdialog', { name: /Non démarré.*En cours/ });
    await expect(start).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(start).toBeHidden();
    // The grid was saved: a reload shows it.
    await page.reload();
    await settled(page, goTitle);
    await expect(page.getByText(fr['go_no_go-score']!.replace('{{score}}', '67'))).toBeVisible();

    // No-go: the reason is required.
    await page.goto(`/tenders/${noGo.tenderId}`);
    await settled(page, noGoTitle);
    await page.getByRole('button', { name: fr['go_no_go-decide_no_go'] }).click();
    const dialog = page.getByRole('dialog', { name: fr['go_no_go-dialog_no_go'] });
    await dialog.getByRole('button', { name: fr['go_no_go-confirm'] }).click();
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'no-go dialog');
    await dialog.getByRole('textbox', { name: new RegExp(fr['go_no_go-reason_label']!) }).fill('Plan de charge complet : aucun chef d’équipe disponible.');
    await dialog.getByRole('button', { name: fr['go_no_go-confirm'] }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: fr['field-decision'] })).toContainText('Plan de charge complet');

    // The active list leaves it out; the "set aside" filter finds it.
    await page.goto('/company/tenders');
    await settled(page, fr['tenders-title']!);
    await page.getByRole('searchbox', { name: fr['tenders-search'] }).fill('parc Louis-Dupic');
    await expect(page.getByText(noGoTitle)).toHaveCount(0);
    await page.getByRole('combobox', { name: fr['go_no_go-filter_label'] }).selectOption({ label: fr['go_no_go-filter_no_go']! });
    await expect(page.getByText(noGoTitle).first()).toBeVisible();
    await page.getByRole('searchbox', { name: fr['tenders-search'] }).fill('Lucie-Aubrac');
    await expect(page.getByText(goTitle)).toHaveCount(0);
    await page.getByRole('combobox', { name: fr['go_no_go-filter_label'] }).selectOption({ label: fr['go_no_go-filter_active']! });
    await expect(page.getByText(goTitle).first()).toBeVisible();
  } finally {
    await go.cleanup();
    await noGo.cleanup();
  }
});
