import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, demoToken, expect, test, useToken } from './fixtures';
import { DEMO_ACCOUNTS } from '../../server/db/seed';

// Alerts (issue 13): an admin imports a BOAMP correction moving the deadline of a call the demo
// manager's company works; the manager sees the bell's count, opens it, reads the sentence and
// follows it to the tender. The demo imports the fixture's notices (dates moved forward): its call
// BWP06184060013B is put in the company's pipeline, then the same rectificatif is imported again
// with its dates in a year to come, which moves the call's deadline to 24 July of that year.

const FIXTURE = 'tests/fixtures/sourcing/akshaiyganesh_json_api_boamp_2006_v110_20records.json';
const YEAR = String(new Date().getFullYear() + 1);

function correctionExport(): string {
  const records = (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { results: { idweb: string }[] }).results;
  const record = JSON.stringify(records.find((r) => r.idweb === 'BWP06184060013B'));
  const moved = record.replaceAll('2006-', `${YEAR}-`).replaceAll(' 2006', ` ${YEAR}`).replaceAll('"2006"', `"${YEAR}"`);
  const path = join(mkdtempSync(join(tmpdir(), 'alerts-e2e-')), 'boamp-rectificatif.json');
  writeFileSync(path, JSON.stringify({ total_count: 1, results: [JSON.parse(moved)] }));
  return path;
}

test('a correction imported by an admin moving a deadline shows in the manager\'s bell, which leads to the tender', async ({ page, context, request, baseURL }) => {
  const admin = bearer(await demoToken(request, 'admin'));
  const upload = async (path: string) => {
    const res = await request.post('/api/admin/imports', { headers: admin, multipart: { file: { name: path.split('/').pop()!, mimeType: 'application/json', buffer: readFileSync(path) } } });
    expect(res.status(), await res.text()).toBe(202);
    const runId = ((await res.json()) as { details: { _id: string } }).details._id;
    await expect
      .poll(async () => ((await (await request.get('/api/admin/imports?perPage=all', { headers: admin })).json()) as { imports: { _id: string; status: string }[] }).imports.find((r) => r._id === runId)?.status, { timeout: 20_000 })
      .toBe('done');
  };

  const found = (await (await request.get('/api/tenders/potential?perPage=all&search=Niffer', { headers: admin })).json()) as { tenders: { _id: string; tenderCall: { reference: string; title: string } }[] };
  const call = found.tenders.find((t) => t.tenderCall.reference === 'BWP06184060013B');
  expect(call, 'the demo call the rectificatif names').toBeTruthy();
  const manager = bearer(await demoToken(request, 'manager'));
  const companyId = ((await (await request.get('/api/users/profile', { headers: manager })).json()) as { company: { _id: string } }).company._id;
  const created = await request.post('/api/tenders', { headers: admin, data: { tenderCallId: call!._id, companyId } });
  expect(created.ok(), await created.text()).toBe(true);
  const tenderId = ((await created.json()) as { details: { _id: string } }).details._id;
  // Whatever the demo's notifications, the manager starts with none unread.
  await request.post('/api/notifications/read-all', { headers: manager });

  try {
    await upload(correctionExport());

    const { email, password } = DEMO_ACCOUNTS.manager;
    const { token } = (await (await request.post('/api/users/login', { data: { email, password } })).json()) as { token: string };
    await useToken(context, baseURL, token);
    await page.goto('/dashboard');
    const bell = page.getByRole('button', { name: 'Notifications, 1 non lue' });
    await expect(bell).toBeVisible();
    await expect(bell).toHaveText('1');
    await bell.click();
    const list = page.getByRole('dialog').filter({ hasText: 'Tout marquer comme lu' });
    const item = list.getByRole('link').first();
    await expect(item).toContainText(new RegExp(`« [^»]*Niffer[^»]* » : la date limite passe du .+ au 24 juil\\. ${YEAR}, 12:00`));
    await expect(item).toContainText('Non lue');
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/tenders/${tenderId}$`));
    await expect(page.getByRole('button', { name: 'Notifications, aucune non lue' })).toBeVisible();
    // The email went to the outbox with the tender's link and the unsubscribe link.
    const outbox = (await (await request.get(`/api/admin/outbox?perPage=5&search=${encodeURIComponent(email)}`, { headers: admin })).json()) as { emails: { subject: string; text: string; kind: string }[] };
    const mail = outbox.emails.find((m) => m.kind === 'alert' && m.subject.startsWith('Date limite modifiée — '));
    expect(mail, 'the deadline email').toBeTruthy();
    expect(mail?.text).toContain('/alerts/unsubscribe?token=');
  } finally {
    await request.delete(`/api/tenders/${tenderId}`, { headers: admin });
  }
});
