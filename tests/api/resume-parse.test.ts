// The rules that read a CV (server/domains/resumes/parse.ts): dates, amounts and sections as
// French (and English) CVs write them, then the four CV fixtures read through the real text
// extraction (mammoth for DOCX, the extraction pool for PDF) against what each CV says
// (tests/fixtures/cvs/expected.json), field by field, with a floor.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { logicalLines, parseCertification, parseExperience, parseProject, parseResumeText, readAmount, readDate, sectionOf, yearsFromExperiences, yearsOfExperience, type ParsedResume } from '../../server/domains/resumes/parse';
import { cvText, DOCX, PDF } from '../../server/domains/resumes/text';
import { fold } from '../../server/domains/admin/lists';

const CVS = join(__dirname, '../fixtures/cvs');
type Expected = Omit<ParsedResume, 'certifications' | 'experiences'> & { experiences?: ParsedResume['experiences']; certifications: { name: string; obtainedOn: string | null; validUntil: string | null }[] };
const expected = JSON.parse(readFileSync(join(CVS, 'expected.json'), 'utf8')) as Record<string, Expected>;

describe('reading the pieces of a CV', () => {
  it('dates: a month is its last day for an end, its first for a start; a year alone likewise', () => {
    expect(readDate('03/2027', true)).toBe('2027-03-31');
    expect(readDate('02/2028', true)).toBe('2028-02-29');
    expect(readDate('03/2027', false)).toBe('2027-03-01');
    expect(readDate('12/05/2026', true)).toBe('2026-05-12');
    expect(readDate('31.01.2027', true)).toBe('2027-01-31');
    expect(readDate('2021', false)).toBe('2021-01-01');
    expect(readDate('2021', true)).toBe('2021-12-31');
    expect(readDate('mars 2027', true)).toBe('2027-03-31');
    expect(readDate('1er février 2026', false)).toBe('2026-02-01');
    expect(readDate('31/02/2026', true)).toBeNull();
    expect(readDate('13/2026', true)).toBeNull();
  });

  it('certifications with their dates and issuer, the name without them', () => {
    expect(parseCertification("CACES R482 catégories A, B1, C1 – valable jusqu'au 03/2027")).toEqual({ name: 'CACES R482 catégories A, B1, C1', issuer: null, obtainedOn: null, validUntil: '2027-03-31' });
    expect(parseCertification('Habilitation électrique B1V BR H0 – expire le 12/05/2026')).toMatchObject({ name: 'Habilitation électrique B1V BR H0', validUntil: '2026-05-12' });
    expect(parseCertification('SST (obtenu en 2021, recyclage en juin 2025)')).toMatchObject({ name: 'SST', obtainedOn: '2021-01-01', validUntil: '2025-06-30' });
    expect(parseCertification('ISO 45001 Lead Auditor (AFNOR) – valid until 10/2027')).toEqual({ name: 'ISO 45001 Lead Auditor', issuer: 'AFNOR', obtainedOn: null, validUntil: '2027-10-31' });
    expect(parseCertification('Qualibat 7131 délivrée par Qualibat, valable jusqu’au 31 décembre 2026')).toMatchObject({ name: 'Qualibat 7131', issuer: 'Qualibat', validUntil: '2026-12-31' });
    expect(parseCertification('AIPR opérateur (2024)')).toMatchObject({ name: 'AIPR opérateur', obtainedOn: '2024-01-01' });
  });

  it('amounts in euros: M€, k€, spaces as thousands, HT or not', () => {
    expect(readAmount('1,2 M€ HT')?.amount).toBe(1_200_000);
    expect(readAmount('850 k€ HT')?.amount).toBe(850_000);
    expect(readAmount('9 800 k€')?.amount).toBe(9_800_000);
    expect(readAmount('150 000 € HT')?.amount).toBe(150_000);
    expect(readAmount("2,5 millions d'euros")?.amount).toBe(2_500_000);
    expect(readAmount('14 classes')).toBeNull();
  });

  it('projects: title, client, year, amount and role in any order; an employment period is no project', () => {
    expect(parseProject("2024 – Aménagement de la ZAC des Portes du Sud (Grenoble-Alpes Métropole) – 1,2 M€ HT – Conducteur de travaux")).toEqual({
      title: 'Aménagement de la ZAC des Portes du Sud',
      client: 'Grenoble-Alpes Métropole',
      year: 2024,
      amount: 1_200_000,
      role: 'Conducteur de travaux',
    });
    expect(parseProject('Résidence étudiante de 180 logements, Nantes Métropole Habitat, 2020, 9 800 k€ HT, projeteuse')).toMatchObject({ client: 'Nantes Métropole Habitat', amount: 9_800_000, role: 'projeteuse' });
    expect(parseProject("2019 – aujourd'hui : Chef de chantier, Bâtisseurs du Rhône (Lyon)")).toBeNull();
    expect(parseProject('Encadrement des équipes')).toBeNull();
  });

  it('years of experience, sections and wrapped lines', () => {
    expect(yearsOfExperience("18 ans d'expérience – Permis B")).toBe(18);
    expect(yearsOfExperience('Plus de 12 ans d’expérience dans les TP')).toBe(12);
    expect(yearsOfExperience('Expérience : 7 ans')).toBe(7);
    expect(yearsOfExperience('Over 10 years of experience')).toBe(10);
    expect(yearsOfExperience('Né en 1986')).toBeNull();
    expect(sectionOf('HABILITATIONS ET CERTIFICATIONS')).toBe('certifications');
    expect(sectionOf('Certifications & habilitations :')).toBe('certifications');
    expect(sectionOf('Principaux chantiers')).toBe('projects');
    expect(sectionOf('Langues')).toBe('languages');
    expect(sectionOf('Formation continue en 2020 à Lyon')).toBeUndefined();
    expect(logicalLines('   ●   Centre aquatique, Agglo,\n       12,5 M€ HT, ingénieure BIM\n   ●   Extension du lycée').map((l) => l.text)).toEqual([
      'Centre aquatique, Agglo, 12,5 M€ HT, ingénieure BIM',
      'Extension du lycée',
    ]);
  });

  it('jobs from their dated lines, and the years they add up to when the CV does not say them', () => {
    expect(parseExperience('2015 – 2020 : Conductrice de travaux, Eiffage', 2026)).toEqual({ title: 'Conductrice de travaux', employer: 'Eiffage', startYear: 2015, endYear: 2020 });
    expect(parseExperience("2019 – aujourd'hui : Chef de chantier, Bâtisseurs du Rhône (Lyon)", 2026)).toEqual({ title: 'Chef de chantier', employer: 'Bâtisseurs du Rhône', startYear: 2019, endYear: null });
    expect(parseExperience('03/2012 - 06/2016 | Eiffage Génie Civil | Ingénieure travaux', 2026)).toMatchObject({ title: 'Ingénieure travaux', employer: 'Eiffage Génie Civil', startYear: 2012, endYear: 2016 });
    expect(parseExperience('Depuis 2021 : Responsable QHSE chez Spie batignolles', 2026)).toMatchObject({ title: 'Responsable QHSE', employer: 'Spie batignolles', startYear: 2021, endYear: null });
    expect(parseExperience('2023 – Restructuration du lycée Ampère – 7,2 M€ HT', 2026)).toBeNull();
    // Overlaps counted once; a job going on counts to this year.
    expect(yearsFromExperiences([{ title: 'a', employer: null, startYear: 2011, endYear: 2015 }, { title: 'b', employer: null, startYear: 2015, endYear: 2020 }, { title: 'c', employer: null, startYear: 2018, endYear: null }], 2026)).toBe(15);
    expect(yearsFromExperiences([], 2026)).toBeNull();
  });

  it('languages with their level after a space, commas inside a level kept; a certification line opening with its year', () => {
    const languages = (line: string) => parseResumeText(`Langues\n${line}`).languages;
    expect(languages('Anglais courant, Allemand intermédiaire')).toEqual([
      { language: 'Anglais', level: 'courant' },
      { language: 'Allemand', level: 'intermédiaire' },
    ]);
    expect(languages('Anglais : lu, écrit, parlé ; Espagnol (A2)')).toEqual([
      { language: 'Anglais', level: 'lu, écrit, parlé' },
      { language: 'Espagnol', level: 'A2' },
    ]);
    expect(parseCertification('2019 : Certification AMIANTE SS4')).toEqual({ name: 'Certification AMIANTE SS4', issuer: null, obtainedOn: '2019-01-01', validUntil: null });
    expect(parseCertification('03/2022 – CACES R482 B1')).toMatchObject({ name: 'CACES R482 B1', obtainedOn: '2022-03-01' });
  });

  it('a CV without sections still gives its name, title and the certificates it names', () => {
    const parsed = parseResumeText('Curriculum vitae\nNadia HAMIDI\nTechnicienne CVC\n9 ans d’expérience en maintenance\nTitulaire de l’habilitation électrique BR – valable jusqu’au 06/2027\nFluides frigorigènes catégorie I – obtenue en 2019');
    expect(parsed).toMatchObject({ fullName: 'Nadia Hamidi', jobTitle: 'Technicienne CVC', yearsExperience: 9 });
    expect(parsed.certifications.map((c) => c.validUntil)).toContain('2027-06-30');
  });
});

// Field-level accuracy on the fixtures: a scalar is right when equal (case and accents aside); a
// list item is right when every attribute the CV states is equal. Precision over what was found,
// recall over what the CV says.
const same = (a: unknown, b: unknown) => (typeof a === 'string' && typeof b === 'string' ? fold(a).trim() === fold(b).trim() : a === b);
const sameItem = (found: Record<string, unknown>, truth: Record<string, unknown>) => Object.keys(truth).every((key) => same(found[key] ?? null, truth[key]));

describe('accuracy of the rules on the CV fixtures', () => {
  it('reads each field of the five CVs (DOCX by mammoth, PDF by the extraction) above the floor', async () => {
    const fields = ['fullName', 'jobTitle', 'yearsExperience', 'education', 'certifications', 'skills', 'languages', 'projects', 'experiences'] as const;
    const totals = Object.fromEntries(fields.map((f) => [f, { truth: 0, found: 0, right: 0 }])) as Record<(typeof fields)[number], { truth: number; found: number; right: number }>;
    for (const [file, truth] of Object.entries(expected)) {
      const text = await cvText(readFileSync(join(CVS, file)), file.endsWith('.pdf') ? PDF : DOCX);
      // Years counted from jobs "to this day" are counted to 2026, as expected.json was written.
      const parsed = parseResumeText(text, { thisYear: 2026 });
      for (const field of fields) {
        const t = totals[field];
        const want = truth[field];
        // Jobs are labelled on the CVs written for them only.
        if (want === undefined) continue;
        const got = parsed[field];
        if (Array.isArray(want)) {
          const found = got as unknown[];
          t.truth += want.length;
          t.found += found.length;
          t.right += want.filter((w) => (found as Record<string, unknown>[]).some((g) => (typeof w === 'string' ? same(g, w) : sameItem(g, w as Record<string, unknown>)))).length;
        } else {
          t.truth += want === null ? 0 : 1;
          t.found += got === null ? 0 : 1;
          t.right += want !== null && same(got, want) ? 1 : 0;
        }
      }
    }
    const pct = (a: number, b: number) => (b === 0 ? '—' : `${Math.round((100 * a) / b)} %`);
    const rows = fields.map((f) => `| ${f.padEnd(15)} | ${String(totals[f].truth).padStart(5)} | ${String(totals[f].found).padStart(5)} | ${String(totals[f].right).padStart(5)} | ${pct(totals[f].right, totals[f].found).padStart(9)} | ${pct(totals[f].right, totals[f].truth).padStart(6)} |`);
    const all = Object.values(totals).reduce((s, t) => ({ truth: s.truth + t.truth, found: s.found + t.found, right: s.right + t.right }), { truth: 0, found: 0, right: 0 });
    console.info(['| field           | truth | found | right | precision | recall |', '|---|---|---|---|---|---|', ...rows, `| ${'all'.padEnd(15)} | ${String(all.truth).padStart(5)} | ${String(all.found).padStart(5)} | ${String(all.right).padStart(5)} | ${pct(all.right, all.found).padStart(9)} | ${pct(all.right, all.truth).padStart(6)} |`].join('\n'));
    // Floors: the rules reach 100 % on these fixtures (written while the rules were), less a margin.
    expect(all.right / all.truth).toBeGreaterThanOrEqual(0.9);
    expect(all.right / all.found).toBeGreaterThanOrEqual(0.9);
    for (const field of ['fullName', 'jobTitle', 'yearsExperience', 'certifications', 'languages'] as const) expect(totals[field].right / totals[field].truth, field).toBeGreaterThanOrEqual(0.75);
  }, 60_000);

  it('reads the conductrice de travaux CV whole: years from her dated jobs, her jobs, languages "Anglais courant", a dated certification', async () => {
    const file = 'cv-conductrice-travaux-roussel.docx';
    const parsed = parseResumeText(await cvText(readFileSync(join(CVS, file)), DOCX), { thisYear: 2026 });
    const truth = expected[file]!;
    expect(parsed.yearsExperience).toBe(15);
    expect(parsed.experiences).toEqual(truth.experiences);
    expect(parsed.languages).toEqual(truth.languages);
    expect(parsed.certifications.map(({ name, obtainedOn, validUntil }) => ({ name, obtainedOn, validUntil }))).toEqual(truth.certifications);
    expect(parsed.projects).toEqual(truth.projects);
    expect(parsed).toMatchObject({ fullName: truth.fullName, jobTitle: truth.jobTitle, education: truth.education, skills: truth.skills });
  }, 60_000);
});
