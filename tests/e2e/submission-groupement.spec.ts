import { strFromU8, unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { en, expect, expectAccessible, fr, grenobleTender, test, useLook, useToken } from './fixtures';

// The demo's Grenoble INP folder answered in a groupement (issue 26): the manager chooses
// "Répondre en groupement", enters a groupement conjoint of the company (mandataire, jointly liable)
// and two co-contractors, saves, finds each co-contractor's own DC2 (and DUME when the RC lists it)
// asked as a file to upload, and downloads the DC1 naming the members. axe in fr light and en
// dark; at phone width nothing scrolls sideways and the form fits.

type Fact = { key: string; value: unknown };
type Folder = { deposit: unknown; pieces: { code: string }[] };

// Made-up co-contractors with Luhn-valid SIRETs (as in src/machines/groupement.fixtures.ts).
const MEMBERS = [
  { name: 'Alpes Maintenance Industrielle', siret: '512 345 678 00019', address: '12 rue des Glaciers', postalCode: '38000', city: 'Grenoble', role: 'Maintenance préventive des installations' },
  { name: 'Vercors Électricité', siret: '73282932000074', address: '4 avenue du Vercors', postalCode: '38600', city: 'Fontaine', role: 'Courants faibles' },
];

/** The folder as the first run found it: reopened if a previous run deposited it, answered alone. */
async function freshFolder(request: Parameters<typeof grenobleTender>[0]) {
  const { token, headers, tenderId } = await grenobleTender(request);
  // The analysis is read by a job started with the server: the pieces come from it.
  await expect
    .poll(async () => ((await (await request.get(`/api/tenders/${tenderId}/dce-analyses`, { headers })).json()) as { analyses: { status: string; facts: Fact[] }[] }).analyses.some((a) => a.status === 'done'), { timeout: 60_000 })
    .toBe(true);
  const folder = (await (await request.get(`/api/tenders/${tenderId}/submission`, { headers })).json()) as Folder;
  if (folder.deposit) expect((await request.post(`/api/tenders/${tenderId}/reopen`, { headers, data: { reason: 'Nouveau dépôt de test.' } })).ok()).toBe(true);
  await request.delete(`/api/tenders/${tenderId}/submission/groupement`, { headers });
  return { token, headers, tenderId };
}

async function fillMember(form: Locator, index: number, member: (typeof MEMBERS)[number]) {
  const fieldset = form.getByRole('group', { name: fr['groupement-member_n']!.replace('{{n}}', String(index + 1)) });
  const field = (key: string) => fieldset.getByLabel(fr[key]!, { exact: true });
  await field('groupement-member_name').fill(member.name);
  await field('groupement-member_siret').fill(member.siret);
  await field('groupement-member_address').fill(member.address);
  await field('groupement-member_postal_code').fill(member.postalCode);
  await field('groupement-member_city').fill(member.city);
  await field('groupement-member_role').fill(member.role);
}

/** Nothing wider than the phone: the page does not scroll sideways and every field of the form is within it. */
async function expectFits(page: Page, scope: Locator) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const overflowing = await scope.locator('input, button, legend').evaluateAll((elements) =>
    elements.filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.left < 0 || box.right > 390);
    }).map((element) => element.outerHTML.slice(0, 80)),
  );
  expect(overflowing).toEqual([]);
}

test.afterEach(async ({ request }) => {
  // Answered alone again, as the other folder tests expect.
  const { headers, tenderId } = await grenobleTender(request);
  await request.delete(`/api/tenders/${tenderId}/submission/groupement`, { headers });
});

test('a manager answers the Grenoble call in a groupement and finds the members in the DC1', async ({ page, context, request, baseURL }) => {
  test.slow();
  const { token, tenderId } = await freshFolder(request);
  await useToken(context, baseURL, token);
  await useLook(page, 'fr', 'light');
  await page.goto(`/tenders/${tenderId}/submission`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: fr['submission-page_title'] })).toBeVisible();
  const card = main.getByTestId('groupement');
  await expect(card.getByText(fr['groupement-alone']!)).toBeVisible({ timeout: 10_000 });

  await card.getByRole('button', { name: fr['groupement-answer_grouped'] }).click();
  await card.getByRole('radio', { name: new RegExp(fr['groupement-kind_joint']!) }).check();
  await card.getByRole('checkbox', { name: fr['groupement-jointly_liable'] }).check();
  await card.getByLabel(fr['groupement-mandataire_role']!).fill('Fourniture et installation des équipements');
  await fillMember(card, 0, MEMBERS[0]!);
  await card.getByRole('button', { name: fr['groupement-member_add'] }).click();
  await fillMember(card, 1, MEMBERS[1]!);
  await expectAccessible(page, 'groupement form (fr, light)');
  await card.getByRole('button', { name: fr['groupement-save'] }).click();

  await expect(main.getByRole('status')).toHaveText(fr['submission-groupement_saved']!, { timeout: 10_000 });
  await expect(card.getByText(fr['groupement-members_count_other']!.replace('{{count}}', '2'))).toBeVisible();
  for (const member of MEMBERS) await expect(card.getByText(member.name, { exact: true })).toBeVisible();

  // Each co-contractor's own DC2 (and DUME when the RC lists it): missing, with a place to upload it.
  const codes = ((await (await request.get(`/api/tenders/${tenderId}/submission`, { headers: { authorization: `Bearer ${token}` } })).json()) as Folder).pieces.map((p) => p.code);
  const memberCodes = codes.filter((code) => /^(DC2|DUME)_\d+$/.test(code));
  expect(memberCodes).toEqual(expect.arrayContaining(['DC2_1', 'DC2_2']));
  for (const code of memberCodes) {
    const piece = main.locator(`[data-piece="${code}"]`);
    const member = MEMBERS[Number(code.split('_')[1]) - 1]!;
    await expect(piece.getByRole('heading', { name: new RegExp(member.name) })).toBeVisible();
    await expect(piece.getByText(fr['submission-status_missing']!, { exact: true })).toBeVisible();
    await expect(piece.getByText(fr['submission-check_member_form']!.replace('{{name}}', member.name))).toBeVisible();
    await expect(piece.locator('input[type=file]')).toHaveCount(1);
  }
  await expectAccessible(page, 'submission folder in a groupement (fr, light)');

  // The DC1 presents the groupement: the company as mandataire, then both co-contractors.
  const dc1 = main.locator('[data-piece="DC1"]');
  const [made] = await Promise.all([page.waitForEvent('download'), dc1.getByRole('link', { name: fr['submission-generate'] }).click()]);
  expect(made.suggestedFilename()).toBe('DC1.docx');
  const text = strFromU8(unzipSync(new Uint8Array(readFileSync((await made.path())!)))['word/document.xml']!).replace(/<[^>]+>/g, '');
  for (const member of MEMBERS) expect(text).toContain(member.name);
  expect(text).toContain('(mandataire)');
});

test('the groupement reads in English, dark, and its form fits a phone', async ({ page, context, request, baseURL }) => {
  const { token, headers, tenderId } = await freshFolder(request);
  const members = MEMBERS.map((m) => ({ ...m, siret: m.siret.replace(/\s/g, '') }));
  expect((await request.put(`/api/tenders/${tenderId}/submission/groupement`, { headers, data: { kind: 'joint', mandataireJointlyLiable: true, mandataireRole: 'Fourniture', members } })).ok()).toBe(true);
  await useToken(context, baseURL, token);
  await useLook(page, 'en', 'dark');
  await page.goto(`/tenders/${tenderId}/submission`);
  const main = page.getByRole('main');
  const card = main.getByTestId('groupement');
  await expect(card.getByText(en['groupement-members_count_other']!.replace('{{count}}', '2'))).toBeVisible({ timeout: 10_000 });
  await expect(main.locator('[data-piece="DC2_2"]')).toBeVisible();
  await expectAccessible(page, 'submission folder in a groupement (en, dark)');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectFits(page, main);
  await card.getByRole('button', { name: en['groupement-edit'] }).click();
  await expect(card.getByRole('group', { name: en['groupement-member_n']!.replace('{{n}}', '2') })).toBeVisible();
  await expectFits(page, card);
  await expectAccessible(page, 'groupement form at phone width (en, dark)');
});
