import type { APIRequestContext } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, fr, grenobleTender, test, useToken } from './fixtures';

// The whole journey of issue 12 in one go, as the demo manager on the analysed Grenoble INP call:
// a DOCX CV uploaded and read; a new memory made from the DCE analysis with the header's "Nouveau
// mémoire", its outline following the award criteria by weight; a section written with a quoted
// DCE passage, a library block and a typed sentence, saved; two CVs (the uploaded one among them)
// inserted into "Moyens humains"; the analysis lists a requirement not covered, the team ticks it,
// the score rises; the Word export downloads and the PDF export (LibreOffice on the server) holds
// the chapters. Everything made here is removed at the end: the demo memory stays the one the
// other specs open, and the CCTP requirement ticked is set back.

const CV = fileURLToPath(new URL('../fixtures/cvs/cv-chef-chantier-dupuis.docx', import.meta.url));
const PERSON = 'Jean-Marc Dupuis';
const SERVICES = /Qualité des services associés/;
const SENTENCE = 'Notre technicien certifié installe la machine et forme vos équipes dans vos locaux.';
const LIBRARY_BLOCK = 'Organisation et suivi qualité';

type Requirement = { _id: string; analysisId: string; text: string; status: string };

async function setUp(request: APIRequestContext) {
  const { token, headers, tenderId } = await grenobleTender(request);
  const profile = (await (await request.get('/api/users/profile', { headers })).json()) as { company: { _id: string } };
  // The memory links the CCTP requirements only once the demo's CCTP matrix (a job started with the server) is read.
  await expect
    .poll(async () => ((await (await request.get(`/api/tenders/${tenderId}/cctp-analyses`, { headers })).json()) as { analyses: { status: string }[] }).analyses[0]?.status, { timeout: 60_000 })
    .toBe('done');
  // A rerun on the same server starts from no Dupuis resume (one button per person in the team panel).
  const existing = (await (await request.get(`/api/companies/${profile.company._id}/resumes?search=Dupuis`, { headers })).json()) as { resumes: { _id: string }[] };
  for (const resume of existing.resumes) await request.delete(`/api/resumes/${resume._id}`, { headers });
  return { token, headers, companyId: profile.company._id, tenderId };
}

const totalScore = (text: string | null) => Number(/Note estimée : (\d+(?:,\d+)?)/.exec(text ?? '')?.[1]?.replace(',', '.') ?? -1);
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

test('a manager writes a memory from the DCE analysis, links two CVs, covers a requirement, sees the score rise and exports it', async ({ page, context, request, baseURL }) => {
  test.slow();
  const { token, headers, companyId, tenderId } = await setUp(request);
  const made: { resumeId?: string; memoryId?: string; requirement?: Requirement } = {};
  const memoriesOf = async () => ((await (await request.get(`/api/tenders/${tenderId}/memories`, { headers })).json()) as { memories: { _id: string; title: string }[] }).memories;
  // The page opens the tender's newest memory: the one the other specs write in.
  const opened = (await memoriesOf())[0];
  expect(opened, 'the demo memory').toBeTruthy();
  const downloads = mkdtempSync(join(tmpdir(), 'soumissio-journey-'));
  try {
    await useToken(context, baseURL, token);

    // 1. A DOCX CV on the company's resumes page: the new resume opens and fills in as it is read.
    await page.goto(`/companies/${companyId}/resumes`);
    await page.getByRole('button', { name: fr['resumes-add'] }).click();
    const dialog = page.getByRole('dialog', { name: fr['resumes-add_title'] });
    await dialog.getByLabel(fr['resumes-file_drop']!).setInputFiles(CV);
    await page.getByRole('button', { name: fr['resumes-add_read'] }).click();
    await page.waitForURL(/\/resumes\/[0-9a-f-]{36}$/);
    made.resumeId = page.url().split('/').at(-1);
    await expect(page.getByRole('heading', { level: 1, name: PERSON })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('main').getByText('Chef de chantier gros œuvre').first()).toBeVisible();

    // 2. Another memory, made from the DCE analysis with the header's "Nouveau mémoire".
    await page.goto(`/tender/assisted-writing/${tenderId}`);
    const main = page.getByRole('main');
    const outline = main.getByRole('navigation', { name: fr['memory-outline'] });
    await expect(main.getByRole('heading', { level: 2, name: opened!.title, exact: true })).toBeVisible();
    await expect(outline.getByRole('button').first()).toBeVisible();
    await main.getByRole('combobox', { name: fr['memory-new_from'] }).selectOption('analysis');
    await main.getByRole('button', { name: fr['memory-create_another'], exact: true }).click();
    await expect(main.getByText(fr['memory-created']!, { exact: true })).toBeVisible({ timeout: 15_000 });
    // The new one is open, and the header now offers the tender's others.
    const switcher = main.getByRole('combobox', { name: fr['memory-switch'] });
    made.memoryId = await switcher.inputValue();
    expect(made.memoryId, 'a memory of its own').not.toBe(opened!._id);

    // 3. The outline follows the criteria: the heaviest first with its weight, weights never rising; the price left out, said so.
    const chapters = outline.getByRole('button');
    await expect(chapters.first()).toContainText('Performances techniques du système');
    await expect(chapters.first()).toContainText('40 %');
    const weights = (await chapters.allTextContents()).map((text) => /Poids du critère : (\d+) %/.exec(text)?.[1]).filter(Boolean).map(Number);
    expect(weights.length).toBeGreaterThanOrEqual(3);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    await expect(main.getByText(/Prix des prestations.*n'a pas de chapitre/)).toBeVisible();

    // 4. The services chapter: a typed sentence, a DCE passage quoted from the side panel, a library block; saved.
    await outline.getByRole('button', { name: SERVICES }).click();
    const editor = main.getByRole('textbox', { name: SERVICES });
    await expect(editor).toBeVisible();
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(SENTENCE);
    const sectionPanel = main.getByRole('region', { name: fr['memory-panel_title'] });
    const passageItem = sectionPanel.getByRole('listitem').filter({ has: page.getByRole('button', { name: fr['memory-insert_passage'] }) }).first();
    const passage = flat((await passageItem.locator('blockquote').textContent()) ?? '');
    expect(passage).toMatch(/« .+ » \(.+, p\. \d+\)/);
    const quoted = editor.locator('blockquote p').filter({ hasText: passage });
    const quotedBefore = await quoted.count();
    await passageItem.getByRole('button', { name: fr['memory-insert_passage'] }).click();
    await expect(quoted).toHaveCount(quotedBefore + 1);
    const library = main.getByRole('region', { name: fr['memory-library_title'] });
    await library.getByRole('searchbox', { name: fr['memory-library_search'] }).fill('suivi qualité');
    await library.getByRole('button', { name: `Insérer « ${LIBRARY_BLOCK} » dans le texte` }).click();
    await expect(editor).toContainText(`Source : bibliothèque — ${LIBRARY_BLOCK}`);
    await expect(editor).toContainText(SENTENCE);
    await expect(main.getByText(fr['memory-save_saved']!, { exact: true })).toBeVisible({ timeout: 10_000 });

    // 5. Two CVs into "Moyens humains" from the team panel, the uploaded one among them.
    await outline.getByRole('button', { name: /Moyens humains/ }).click();
    const staff = main.getByRole('textbox', { name: /Moyens humains/ });
    await expect(staff).toBeVisible();
    const team = main.getByRole('region', { name: fr['memory-team_title'] });
    await team.getByRole('button', { name: `Insérer le CV de ${PERSON}` }).click();
    await expect(staff).toContainText(`Source : CV de ${PERSON}`);
    await team.getByRole('button', { name: 'Insérer le CV de Julien Martin' }).click();
    await expect(staff).toContainText('Source : CV de Julien Martin');
    await expect(main.getByText(fr['memory-save_saved']!, { exact: true })).toBeVisible({ timeout: 10_000 });

    // 6. The analysis lists a requirement of the services chapter as not covered.
    await outline.getByRole('button', { name: SERVICES }).click();
    await expect(editor).toContainText(SENTENCE);
    const analysis = main.getByRole('region', { name: fr['memory-analysis'] });
    await analysis.getByRole('button', { name: fr['memory-analyse'] }).click();
    const chapter = analysis.getByRole('listitem').filter({ hasText: SERVICES }).first();
    const missing = chapter.getByRole('listitem').filter({ hasText: /^Exigence non couverte : « / });
    await expect(missing.first()).toBeVisible({ timeout: 15_000 });
    const total = analysis.getByText(/Note estimée : /);
    const scoreBefore = totalScore(await total.textContent());
    expect(scoreBefore).toBeGreaterThanOrEqual(0);
    const missingText = flat(/« (.+?)…? » \(/.exec(flat((await missing.first().textContent()) ?? ''))?.[1] ?? '');
    expect(missingText.length).toBeGreaterThan(10);
    // Which requirement it is (to set it back at the end), as the memory links it.
    const { requirements } = (await (await request.get(`/api/memories/${made.memoryId}`, { headers })).json()) as { requirements: Requirement[] };
    const requirement = requirements.find((r) => flat(r.text).startsWith(missingText));
    expect(requirement, `the requirement « ${missingText} »`).toBeTruthy();
    made.requirement = requirement;

    // Covered: ticked in the section's panel, then the analysis again; the line goes, the score rises.
    const box = sectionPanel.getByRole('checkbox', { name: `Exigence couverte : ${missingText}` });
    await expect(box).not.toBeChecked();
    await box.click();
    await expect(box).toBeChecked();
    await expect(box).toBeEnabled();
    await analysis.getByRole('button', { name: fr['memory-analyse'] }).click();
    await expect.poll(async () => totalScore(await total.textContent()), { timeout: 15_000 }).toBeGreaterThan(scoreBefore);
    await expect(chapter.getByRole('listitem').filter({ hasText: `Exigence non couverte : « ${missingText}` })).toHaveCount(0);

    // 7. The Word export, then the PDF export (LibreOffice on the server) with the chapters as headings.
    const word = page.waitForEvent('download');
    await main.getByRole('link', { name: fr['memory-export_docx'] }).click();
    const docx = await word;
    expect(docx.suggestedFilename()).toMatch(/\.docx$/);
    const docxPath = join(downloads, 'memoire.docx');
    await docx.saveAs(docxPath);
    expect(readFileSync(docxPath).subarray(0, 2).toString(), 'a DOCX is a zip').toBe('PK');

    if (!existsSync('/usr/bin/soffice') || !existsSync('/usr/bin/pdftotext')) {
      // CI installs both (.ci/run): there, their absence fails; elsewhere the button explains instead of a file.
      expect(process.env.CI, 'LibreOffice and pdftotext under CI: .ci/run installs them').not.toBe('true');
      test.info().annotations.push({ type: 'skipped assertion', description: 'PDF headings not checked: LibreOffice (soffice) or pdftotext is not installed here' });
      return;
    }
    const pdfDownload = page.waitForEvent('download', { timeout: 30_000 });
    await main.getByRole('button', { name: fr['memory-export_pdf'] }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const pdfPath = join(downloads, 'memoire.pdf');
    await pdf.saveAs(pdfPath);
    const text = flat(execFileSync('/usr/bin/pdftotext', [pdfPath, '-']).toString());
    for (const heading of ['1. Performances techniques du système', '1.1. Finesse de structuration laser', '2. Qualité des services associés', '5. Moyens humains', '6. Planning', '7. Références']) {
      expect(text, `the PDF's heading « ${heading} »`).toContain(heading);
    }
    expect(text).toContain(SENTENCE);
    expect(text).toContain(`Source : CV de ${PERSON}`);
  } finally {
    // What this journey made goes, so the other specs find the demo as they expect it.
    if (made.requirement) await request.patch(`/api/cctp-analyses/${made.requirement.analysisId}/requirements/${made.requirement._id}`, { headers, data: { status: made.requirement.status } });
    if (made.memoryId) expect.soft((await request.delete(`/api/memories/${made.memoryId}`, { headers })).ok(), 'the journey memory deleted').toBe(true);
    // The tender opens on the memory it opened before this journey.
    expect.soft((await memoriesOf())[0]?._id, 'the memory the page opens').toBe(opened!._id);
    if (made.resumeId) expect.soft((await request.delete(`/api/resumes/${made.resumeId}`, { headers })).ok(), 'the uploaded resume deleted').toBe(true);
    rmSync(downloads, { recursive: true, force: true });
  }
});
