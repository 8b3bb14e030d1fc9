import type { Browser, Page } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { bearer, expect, fr, newSiret, newUser, settled, test } from './fixtures';
import { addDays, dayIn, daysBetween } from '../../rules/calendar';
import { dayFromToday } from '../support/days';

// The sourcing journey (issue 13), end to end: an admin imports a BOAMP export on the imports
// screen and follows it to done with its counts; the manager of a company whose profile fits one
// of its calls gets the digest in the bell, which leads to the potential tenders where the call
// shows with its reasons; the manager adds it, fills the Go/No-Go grid and decides go, moves it
// to "in progress" on the board, finds its deadline on the calendar; the admin imports the
// buyer's correction moving the deadline a week later: the bell tells the manager, the calendar
// shows the new day.
//
// The demo imports the same fixture when it starts: the copies here get ids of their own (BOAMP
// idwebs, as the corrections name them) and their dates moved so that the newest publication is
// yesterday (every deadline is then to come). The company and its manager are made for the test.

const FIXTURE = 'tests/fixtures/sourcing/jpbenga_boamp-where-date_2026_fnsimple_5records.TRANSCRIBED.json';
/** The call the company's profile fits: "… Lot 5_MENUISERIE_Travaux de mise en accessibilité du lycée Louis Lachenal (74 - Argonay)". */
const CALL = '26-7319';
const TITLE = 'Relance_Lot 2_FINITIONS et Lot 5_MENUISERIE_Travaux de mise en accessibilité du lycée Louis Lachenal (74 - Argonay)';

type OdsRecord = { idweb: string } & Record<string, unknown>;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every YYYY-MM-DD of a text moved by `days`. */
const shiftDays = (text: string, days: number) => text.replace(/\b(20\d\d-\d\d-\d\d)(?=[T"])/g, (day) => addDays(day, days));

function exports() {
  const tag = Date.now() % 1_000_000;
  // Ids of the shape BOAMP writes (26-NNNNNNN), unused by the demo's (4 or 5 digits).
  const idOf = (i: number) => `26-9${String((tag + i * 7919) % 1_000_000).padStart(6, '0')}`;
  const file = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { data: { total_count: number; results: OdsRecord[] } };
  // Published on 21 January 2026: moved to yesterday, the call's deadline (11 February) 20 days from now.
  const offset = daysBetween('2026-01-21', dayFromToday(-1));
  const ids = new Map(file.data.results.map((r, i) => [r.idweb, idOf(i)]));
  const records = file.data.results.map((r) => JSON.parse(shiftDays(JSON.stringify(r).replaceAll(r.idweb, ids.get(r.idweb)!), offset)) as OdsRecord);
  const callId = ids.get(CALL)!;
  const call = records.find((r) => r.idweb === callId)!;
  const deadline = String(call.datelimitereponse).slice(0, 10);
  // The buyer's correction: a notice of its own naming the call, the deadline a week later.
  const correctionId = idOf(records.length);
  const correction = JSON.parse(shiftDays(JSON.stringify(call).replaceAll(callId, correctionId), 7)) as OdsRecord;
  Object.assign(correction, { etat: 'RECTIFICATIF', annonce_lie: [callId], dateparution: dayFromToday(0), nature_libelle: 'Avis rectificatif' });
  const dir = mkdtempSync(join(tmpdir(), 'journey-e2e-'));
  const notices = { name: `boamp-fnsimple-${tag}.json`, path: '' };
  notices.path = join(dir, notices.name);
  writeFileSync(notices.path, JSON.stringify({ total_count: records.length, results: records }));
  const fix = { name: `boamp-rectificatif-${tag}.json`, path: '' };
  fix.path = join(dir, fix.name);
  writeFileSync(fix.path, JSON.stringify({ total_count: 1, results: [correction] }));
  return { notices, correction: fix, callId, deadline, moved: addDays(deadline, 7), count: records.length };
}

async function signedIn(browser: Browser, baseURL: string, token: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'token', value: token, url: baseURL, sameSite: 'Strict' }]);
  return context.newPage();
}

const cell = (page: Page, day: string) => page.getByRole('grid').locator(`[data-day="${day}"]`);

/** The calendar's link of the call's submission deadline, on its day (the next month's grid when needed). */
async function deadlineOnCalendar(page: Page, day: string, reference: string) {
  await page.goto('/company/calendar');
  await settled(page, fr['calendar-title']!);
  await expect(page.getByRole('grid').locator('[role="gridcell"]').first()).toBeVisible();
  if ((await cell(page, day).count()) === 0) await page.getByRole('button', { name: fr['calendar-next_month'] }).click();
  const link = cell(page, day).getByRole('link', { name: new RegExp(`^${escape(`${fr['calendar-kind_submission']} — ${TITLE} (réf. ${reference}`)}`) });
  await expect(link).toBeVisible();
  await expect(link).toContainText('12:00');
  return link;
}

test('a BOAMP export imported by an admin reaches a matching company: digest, reasons, go, board, calendar, and the correction moving the deadline', async ({ browser, request, baseURL }) => {
  test.slow();
  const files = exports();
  const dateOfDeadline = dayIn(`${files.deadline}T12:00:00+01:00`);
  const dateMoved = dayIn(`${files.moved}T12:00:00+01:00`);

  // The company: a joinery of Haute-Savoie, doing accessibility works; its manager asks for a daily digest.
  const user = newUser('journey');
  const registered = await request.post('/api/users/register', { data: user });
  expect(registered.status(), await registered.text()).toBe(201);
  const managerToken = ((await registered.json()) as { token: string }).token;
  const manager = bearer(managerToken);
  const company = await request.post('/api/companies', {
    headers: manager,
    data: {
      name: 'Menuiseries des Aravis',
      siret: newSiret(),
      address: '12 route des Glières',
      postalCode: '74370',
      city: 'Argonay',
      profile: { keywords: ['accessibilité', 'menuiserie'], cpvCodes: ['45421000'], departments: ['74'], regions: [] },
    },
  });
  expect(company.status(), await company.text()).toBe(201);
  const settings = await request.put('/api/users/alert-settings', { headers: manager, data: { digestFrequency: 'daily', alertEmails: true } });
  expect(settings.ok(), await settings.text()).toBe(true);

  // The admin drops the export on the imports screen and follows the run to done.
  const { email, password } = DEMO_ACCOUNTS.admin;
  const adminToken = ((await (await request.post('/api/users/login', { data: { email, password } })).json()) as { token: string }).token;
  const admin = await signedIn(browser, baseURL!, adminToken);
  await admin.goto('/admin/imports');
  await expect(admin.getByRole('heading', { level: 1, name: fr['imports-title'] })).toBeVisible();
  const drop = admin.getByLabel(fr['imports-drop']!);
  const runs = admin.getByRole('table', { name: fr['imports-runs_title'] });
  const upload = async (file: { name: string; path: string }) => {
    await drop.setInputFiles(file.path);
    await expect(admin.getByText(fr['imports-upload_sent']!, { exact: true })).toBeVisible();
    const row = runs.getByRole('row').filter({ hasText: file.name }).first();
    await expect(row.getByText(fr['imports-status_done']!, { exact: true })).toBeVisible({ timeout: 20_000 });
    return row.getByRole('cell');
  };
  const imported = await upload(files.notices);
  // Counts: new, updated, unchanged, cancelled, awarded, then refused.
  await expect(imported.nth(3)).toHaveText(String(files.count));
  await expect(imported.nth(8)).toHaveText('0');

  // The manager: the bell holds the digest of the new calls matching the profile.
  const page = await signedIn(browser, baseURL!, managerToken);
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: 'Notifications, 1 non lue' });
  await expect(bell).toBeVisible();
  await bell.click();
  const digest = page.getByRole('dialog').filter({ hasText: 'Tout marquer comme lu' }).getByRole('link').first();
  await expect(digest).toContainText(/\d+ nouvea(u|ux) appels? d'offres correspond/);
  await digest.click();
  await expect(page).toHaveURL(/\/potential-tenders$/);
  await settled(page, fr['potential-title']!);
  await expect(page.getByRole('button', { name: 'Notifications, aucune non lue' })).toBeVisible();

  // The call shows with its reasons: the profile's keywords, CPV code and département.
  const row = page.getByRole('table', { name: fr['potential-title'] }).getByRole('row').filter({ hasText: files.callId });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(TITLE);
  await row.getByText(fr['potential-why']!).click();
  const reasons = row.getByRole('list', { name: fr['tender-reasons_title'] });
  await expect(reasons).toContainText('Mots-clés de votre activité trouvés : accessibilité');
  await expect(reasons).toContainText('Codes CPV de votre profil : 45421000');
  await expect(reasons).toContainText('Lieu d\'exécution dans votre zone d\'intervention');

  // Added to the company's tenders, then opened.
  await row.getByRole('button', { name: `${fr['potential-add']} ${TITLE}` }).click();
  await expect(page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: fr['potential-added_title']! }).first()).toBeVisible();
  await page.getByRole('link', { name: fr['potential-open_tender'] }).click();
  await settled(page, TITLE);
  const tenderId = /\/tenders\/([^/?#]+)$/.exec(page.url())![1]!;

  // The Go/No-Go grid: 4+3+4+3+2+3 = 19 of 24 at equal weights → 79 %; then go.
  const ratings: [string, number][] = [['strategic_fit', 4], ['capacity', 3], ['technical_match', 4], ['references', 3], ['price', 2], ['risk', 3]];
  for (const [criterion, value] of ratings) await page.getByRole('combobox', { name: `${fr[`field-${criterion}`]} (${fr['go_no_go-weight']!.replace('{{weight}}', '5')})` }).selectOption(String(value));
  await expect(page.getByText(fr['go_no_go-score']!.replace('{{score}}', '79'))).toBeVisible();
  await page.getByRole('button', { name: fr['go_no_go-save'] }).click();
  await expect(page.getByText(fr['go_no_go-saved']!)).toBeVisible();
  await page.getByRole('button', { name: fr['go_no_go-decide_go'] }).click();
  const goDialog = page.getByRole('dialog', { name: fr['go_no_go-dialog_go'] });
  await goDialog.getByRole('button', { name: fr['go_no_go-confirm'] }).click();
  await expect(goDialog).toBeHidden();
  await expect(page.getByRole('region', { name: fr['field-decision'] })).toContainText(fr['go_no_go-decision_go']!);

  // The board: with the keyboard, from "not started" to "in progress".
  await page.goto('/company/tenders?view=board');
  await settled(page, fr['tenders-title']!);
  const card = page.locator(`[data-card-id="${tenderId}"]`);
  await expect(page.locator('section[data-status="not_started"]').locator(`[data-card-id="${tenderId}"]`)).toBeVisible({ timeout: 15_000 });
  await card.getByRole('button', { name: fr['tendersboard-move_label']!.replace('{{title}}', TITLE) }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu').getByRole('menuitem').first()).toHaveText(fr['tender-status_in_progress']!);
  await page.keyboard.press('Enter');
  await expect(page.locator('section[data-status="in_progress"]').locator(`[data-card-id="${tenderId}"]`)).toBeVisible();
  await expect(page.getByTestId('board-announcer')).toHaveText(fr['tendersboard-announce_moved']!.replace('{{title}}', TITLE).replace('{{status}}', fr['tender-status_in_progress']!));

  // The calendar: the deadline on its day, at noon in Paris.
  const before = await deadlineOnCalendar(page, dateOfDeadline, files.callId);
  await expect(before).toHaveAttribute('href', `/tenders/${tenderId}`);

  // The buyer's correction, imported by the admin: one call updated.
  const corrected = await upload(files.correction);
  await expect(corrected.nth(4)).toHaveText('1');

  // The bell tells the manager; the calendar shows the new day, and nothing is left on the old one.
  await page.reload();
  const told = page.getByRole('button', { name: 'Notifications, 1 non lue' });
  await expect(told).toBeVisible();
  await told.click();
  const moved = page.getByRole('dialog').filter({ hasText: 'Tout marquer comme lu' }).getByRole('link').first();
  const [, month, day] = dateMoved.split('-').map(Number);
  const monthName = new Intl.DateTimeFormat('fr-FR', { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, month! - 1, 1)));
  await expect(moved).toContainText(new RegExp(`${escape(files.callId)} « ${escape(TITLE)} » : la date limite passe du .+ au ${day} ${escape(monthName)} \\d{4}, 12:00`));
  await page.keyboard.press('Escape');
  await deadlineOnCalendar(page, dateMoved, files.callId);
  if (dateMoved.slice(0, 7) === dateOfDeadline.slice(0, 7)) await expect(cell(page, dateOfDeadline).getByRole('link', { name: new RegExp(escape(files.callId)) })).toHaveCount(0);

  await admin.context().close();
  await page.context().close();
});
