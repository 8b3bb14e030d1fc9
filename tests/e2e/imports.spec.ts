import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { animationsDone, expect, expectAccessible, LOOKS, test, useLook, useToken } from './fixtures';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Notice imports (issue 13): the admin drops a BOAMP export, follows the run to done with its
// counts (the table polls while it runs), and reads why a malformed notice was refused. axe in
// French light and English dark; the phone width in test-results/screens/.

const catalogue = (lng: string) => JSON.parse(readFileSync(`locales/${lng}/translation.json`, 'utf8')) as Record<string, string>;
const FIXTURES = 'tests/fixtures/sourcing';

// The demo imports these fixtures when it starts: the copies here get ids of their own (idweb
// plus a suffix), so that the run imports them as new notices, as a fresh export would.
const fresh = (text: string) => {
  const suffix = `E2E${Date.now().toString(36)}`;
  return text.replace(/("idweb"\s*:\s*")([^"]+)(")/g, (_, open: string, id: string, close: string) => `${open}${id}-${suffix}${close}`);
};
const inTemp = (name: string, text: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'imports-e2e-')), name);
  writeFileSync(path, text);
  return path;
};

/** The 2024 MAPA fixture's two notices with a record that is no notice between them. */
function mixedExport(): string {
  const mapa = JSON.parse(readFileSync(join(FIXTURES, 'nicolasmura_boamp-query_2024_mapa_2records.json'), 'utf8')) as { results: unknown[] };
  return inTemp('boamp-mapa-mixed.json', fresh(JSON.stringify([mapa.results[0], { not: 'a notice' }, mapa.results[1]])));
}

const FNSIMPLE = 'jpbenga_boamp-where-date_2026_fnsimple_5records.TRANSCRIBED.json';
const files = {
  fr: { path: mixedExport, name: 'boamp-mapa-mixed.json', newCount: '2', refused: 1 },
  en: { path: () => inTemp(FNSIMPLE, fresh(readFileSync(join(FIXTURES, FNSIMPLE), 'utf8'))), name: FNSIMPLE, newCount: '5', refused: 0 },
};

for (const [lng, theme] of LOOKS) {
  test(`an admin imports a BOAMP export and follows it to done, in ${lng}, ${theme}`, async ({ page, context, request, baseURL }) => {
    const t = catalogue(lng);
    const file = files[lng];
    const { email, password } = DEMO_ACCOUNTS.admin;
    const { token } = (await (await request.post('/api/users/login', { data: { email, password } })).json()) as { token: string };
    await useLook(page, lng, theme);
    await useToken(context, baseURL, token);
    await page.goto('/dashboard');
    // The side menu reaches the page.
    await page.getByRole('link', { name: t['sidemenu-imports'] }).click();
    await expect(page.getByRole('heading', { level: 1, name: t['imports-title'] })).toBeVisible();

    // A file that is no export is refused before it travels.
    await page.getByLabel(t['imports-drop']!).setInputFiles({ name: 'notices.csv', mimeType: 'text/csv', buffer: Buffer.from('a;b\n') });
    await expect(page.getByRole('alert').filter({ hasText: t['import-invalid_file_type']! })).toBeVisible();

    await page.getByLabel(t['imports-drop']!).setInputFiles(file.path());
    await expect(page.getByText(t['imports-upload_sent']!, { exact: true })).toBeVisible();
    const table = page.getByRole('table', { name: t['imports-runs_title'] });
    const row = table.getByRole('row').filter({ hasText: file.name }).first();
    // The run goes on in a job: the table is read again until it says done, with its counts.
    await expect(row.getByText(t['imports-status_done']!, { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(row.getByRole('progressbar')).toHaveCount(0);
    const cells = row.getByRole('cell');
    await expect(cells.nth(3)).toHaveText(file.newCount);
    expect(Number(await cells.nth(3).textContent())).toBeGreaterThan(0);

    if (file.refused > 0) {
      await row.getByRole('button', { name: new RegExp(file.name.replace(/\./g, '\\.')) }).click();
      const dialog = page.getByRole('dialog', { name: t['imports-refused_title']!.replace('{{name}}', file.name) });
      const items = dialog.getByRole('list', { name: t['imports-refused_list'] }).getByRole('listitem');
      await expect(items).toHaveCount(1);
      await expect(items.first().getByText(t['sourcing-unknown-shape']!)).toBeVisible();
      await expect(items.first().getByText(`${file.name}#2`)).toBeVisible();
      await animationsDone(page);
      await expectAccessible(page, `refused notices (${lng}, ${theme})`);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    } else {
      await expect(cells.nth(8)).toHaveText('0');
    }

    await animationsDone(page);
    await expectAccessible(page, `imports (${lng}, ${theme})`);
    await page.screenshot({ path: `test-results/screens/imports-${lng}-${theme}.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row).toBeVisible();
    await animationsDone(page);
    await expectAccessible(page, `imports at phone width (${lng}, ${theme})`);
    await page.screenshot({ path: `test-results/screens/imports-phone-${lng}-${theme}.png`, fullPage: true });
  });
}
