// Writes the CV fixtures of the resume tests (tests/fixtures/cvs/): five French and English CVs
// of construction and engineering staff, written for this repository (the people are invented).
// Each is a DOCX made with `docx`; two are also converted to PDF with LibreOffice headless
// (/usr/bin/soffice) and kept as PDF only. `expected.json` holds what each CV says, written by
// hand beside its text, for the parsing accuracy test. Run: npx tsx scripts/cv-fixtures.ts [file…]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';

const OUT = join(import.meta.dirname, '..', 'tests', 'fixtures', 'cvs');

type Block = { h: string } | { p: string; bold?: boolean; size?: number } | { li: string };
type Expected = {
  fullName: string;
  jobTitle: string;
  yearsExperience: number | null;
  education: { title: string; school: string | null; year: number | null }[];
  certifications: { name: string; obtainedOn: string | null; validUntil: string | null }[];
  skills: string[];
  languages: { language: string; level: string | null }[];
  projects: { title: string; client: string | null; year: number | null; amount: number | null; role: string | null }[];
  /** The dated jobs, when the CV is there to test them (endYear null: to this day). */
  experiences?: { title: string; employer: string | null; startYear: number | null; endYear: number | null }[];
};
type Cv = { file: string; pdf: boolean; blocks: Block[]; expected: Expected };

const cvs: Cv[] = [
  {
    file: 'cv-chef-chantier-dupuis.docx',
    pdf: false,
    blocks: [
      { p: 'Jean-Marc DUPUIS', bold: true, size: 36 },
      { p: 'Chef de chantier gros œuvre', bold: true },
      { p: "18 ans d'expérience – Permis B et C" },
      { p: '06 12 34 56 78 – jm.dupuis@example.fr – Villeurbanne (69)' },
      { h: 'PROFIL' },
      { p: "Chef de chantier expérimenté en gros œuvre et ouvrages d'art, j'encadre des équipes de 8 à 25 compagnons." },
      { h: 'COMPÉTENCES' },
      { li: "Encadrement d'équipes et planification" },
      { li: 'Lecture de plans et implantation' },
      { li: 'Coffrages et béton armé' },
      { li: 'Sécurité et prévention des risques' },
      { li: 'Autocontrôle et PAQ' },
      { h: 'HABILITATIONS ET CERTIFICATIONS' },
      { li: "CACES R482 catégories A, B1, C1 – valable jusqu'au 03/2027" },
      { li: "CACES R486 catégories A et B – valable jusqu'au 09/2028" },
      { li: 'Habilitation électrique B1V BR H0 – expire le 12/05/2026' },
      { li: 'Sauveteur Secouriste du Travail (SST) – obtenu en 2021' },
      { li: "AIPR Encadrant – valable jusqu'au 15/01/2025" },
      { h: 'EXPÉRIENCES PROFESSIONNELLES' },
      { p: "2019 – aujourd'hui : Chef de chantier, Bâtisseurs du Rhône (Lyon)", bold: true },
      { li: "Construction d'un groupe scolaire de 14 classes – Ville de Villeurbanne – 2023 – 4,8 M€ HT – Chef de chantier" },
      { li: 'Réhabilitation de 120 logements – Lyon Métropole Habitat – 2021 – 2,3 M€ HT' },
      { p: "2008 – 2019 : Chef d'équipe coffreur, Sogea Rhône-Alpes", bold: true },
      { li: "Pont-rail de Saint-Fons – SNCF Réseau – 2016 – 850 k€ HT – Chef d'équipe" },
      { h: 'FORMATION' },
      { p: '2006 – Bac professionnel Technicien du bâtiment : organisation et réalisation du gros œuvre – Lycée Hector Guimard, Lyon' },
      { p: '2004 – CAP Maçon – CFA BTP de Dardilly' },
      { h: 'LANGUES' },
      { p: 'Français : langue maternelle' },
      { p: 'Portugais : courant' },
      { p: 'Anglais : notions' },
    ],
    expected: {
      fullName: 'Jean-Marc Dupuis',
      jobTitle: 'Chef de chantier gros œuvre',
      yearsExperience: 18,
      education: [
        { title: 'Bac professionnel Technicien du bâtiment : organisation et réalisation du gros œuvre', school: 'Lycée Hector Guimard, Lyon', year: 2006 },
        { title: 'CAP Maçon', school: 'CFA BTP de Dardilly', year: 2004 },
      ],
      certifications: [
        { name: 'CACES R482 catégories A, B1, C1', obtainedOn: null, validUntil: '2027-03-31' },
        { name: 'CACES R486 catégories A et B', obtainedOn: null, validUntil: '2028-09-30' },
        { name: 'Habilitation électrique B1V BR H0', obtainedOn: null, validUntil: '2026-05-12' },
        { name: 'Sauveteur Secouriste du Travail (SST)', obtainedOn: '2021-01-01', validUntil: null },
        { name: 'AIPR Encadrant', obtainedOn: null, validUntil: '2025-01-15' },
      ],
      skills: ["Encadrement d'équipes et planification", 'Lecture de plans et implantation', 'Coffrages et béton armé', 'Sécurité et prévention des risques', 'Autocontrôle et PAQ'],
      languages: [
        { language: 'Français', level: 'langue maternelle' },
        { language: 'Portugais', level: 'courant' },
        { language: 'Anglais', level: 'notions' },
      ],
      projects: [
        { title: "Construction d'un groupe scolaire de 14 classes", client: 'Ville de Villeurbanne', year: 2023, amount: 4_800_000, role: 'Chef de chantier' },
        { title: 'Réhabilitation de 120 logements', client: 'Lyon Métropole Habitat', year: 2021, amount: 2_300_000, role: null },
        { title: 'Pont-rail de Saint-Fons', client: 'SNCF Réseau', year: 2016, amount: 850_000, role: "Chef d'équipe" },
      ],
    },
  },
  {
    file: 'cv-ingenieure-bim-lefevre.docx',
    pdf: true,
    blocks: [
      { p: 'Camille LEFÈVRE', bold: true, size: 40 },
      { p: 'Ingénieure études et BIM', size: 28 },
      { p: "7 ans d'expérience en bureau d'études structure" },
      { p: 'camille.lefevre@example.fr · 07 98 76 54 32 · Nantes' },
      { h: 'Diplômes' },
      { p: "2017 : Diplôme d'ingénieur en génie civil, INSA Rennes" },
      { p: '2014 : DUT Génie civil – Construction durable, IUT de Saint-Nazaire' },
      { h: 'Compétences techniques' },
      { p: 'Modélisation BIM (Revit, Tekla), Calcul de structures béton et acier (Eurocodes), Synthèse technique, Métrés et DPGF, Coordination BIM (IFC, BCF)' },
      { h: 'Qualifications' },
      { li: 'Certification BIM Manager (buildingSMART) – obtenue en 2022' },
      { li: "Habilitation électrique H0B0 – valable jusqu'au 30/06/2026" },
      { li: 'Autodesk Certified Professional Revit – obtenue le 14/03/2023' },
      { h: 'Références' },
      { li: "Centre aquatique intercommunal, Communauté d'agglomération de Saint-Nazaire, 2024, 12,5 M€ HT, ingénieure BIM" },
      { li: 'Extension du lycée Livet, Région Pays de la Loire, 2022, 6 M€, ingénieure structure' },
      { li: 'Résidence étudiante de 180 logements, Nantes Métropole Habitat, 2020, 9 800 k€ HT, projeteuse' },
      { h: 'Langues' },
      { p: 'Anglais – B2 (TOEIC 850)' },
      { p: 'Espagnol – A2' },
    ],
    expected: {
      fullName: 'Camille Lefèvre',
      jobTitle: 'Ingénieure études et BIM',
      yearsExperience: 7,
      education: [
        { title: "Diplôme d'ingénieur en génie civil", school: 'INSA Rennes', year: 2017 },
        { title: 'DUT Génie civil – Construction durable', school: 'IUT de Saint-Nazaire', year: 2014 },
      ],
      certifications: [
        { name: 'Certification BIM Manager', obtainedOn: '2022-01-01', validUntil: null },
        { name: 'Habilitation électrique H0B0', obtainedOn: null, validUntil: '2026-06-30' },
        { name: 'Autodesk Certified Professional Revit', obtainedOn: '2023-03-14', validUntil: null },
      ],
      skills: ['Modélisation BIM (Revit, Tekla)', 'Calcul de structures béton et acier (Eurocodes)', 'Synthèse technique', 'Métrés et DPGF', 'Coordination BIM (IFC, BCF)'],
      languages: [
        { language: 'Anglais', level: 'B2 (TOEIC 850)' },
        { language: 'Espagnol', level: 'A2' },
      ],
      projects: [
        { title: 'Centre aquatique intercommunal', client: "Communauté d'agglomération de Saint-Nazaire", year: 2024, amount: 12_500_000, role: 'ingénieure BIM' },
        { title: 'Extension du lycée Livet', client: 'Région Pays de la Loire', year: 2022, amount: 6_000_000, role: 'ingénieure structure' },
        { title: 'Résidence étudiante de 180 logements', client: 'Nantes Métropole Habitat', year: 2020, amount: 9_800_000, role: 'projeteuse' },
      ],
    },
  },
  {
    file: 'cv-conducteur-travaux-martin.docx',
    pdf: false,
    blocks: [
      { p: 'CURRICULUM VITAE', size: 20 },
      { p: 'Thomas MARTIN', bold: true, size: 36 },
      { p: 'Conducteur de travaux TP / VRD', bold: true },
      { p: "Plus de 12 ans d'expérience dans les travaux publics" },
      { p: 'Né en 1986 – Permis B – thomas.martin@example.fr' },
      { h: 'Formation' },
      { li: 'Licence professionnelle Conduite de travaux en travaux publics (2011) – IUT de Grenoble' },
      { li: 'BTS Travaux publics (2009) – Lycée du BTP de Villefontaine' },
      { h: 'Certifications & habilitations' },
      { li: "AIPR Concepteur — valable jusqu'au 02/2029" },
      { li: 'CACES R482 catégorie B1 — obtenu en 2015' },
      { li: "SST — valable jusqu'au 11/2025" },
      { li: 'Habilitation électrique B0 H0V — expire le 31/01/2027' },
      { h: 'Compétences' },
      { p: "Conduite de travaux VRD ; Réseaux humides (AEP, EU, EP) ; Terrassements ; Chiffrage et suivi budgétaire ; Management de sous-traitants ; Relations avec la maîtrise d'ouvrage" },
      { h: 'Principaux chantiers' },
      { p: '2024 – Aménagement de la ZAC des Portes du Sud (Grenoble-Alpes Métropole) – 1,2 M€ HT – Conducteur de travaux' },
      { p: "2022 – Renouvellement des réseaux d'eau potable, rue Jean Jaurès (Ville d'Échirolles) – 780 k€ HT – Conducteur de travaux" },
      { p: "2019 – Création d'un giratoire sur la RD1075 (Département de l'Isère) – 2,1 M€ – Conducteur de travaux adjoint" },
      { h: 'Langues' },
      { p: 'Anglais : intermédiaire (B1) ; Italien : bilingue' },
      { h: "Centres d'intérêt" },
      { p: 'Trail, bénévolat au club de rugby de Voiron' },
    ],
    expected: {
      fullName: 'Thomas Martin',
      jobTitle: 'Conducteur de travaux TP / VRD',
      yearsExperience: 12,
      education: [
        { title: 'Licence professionnelle Conduite de travaux en travaux publics', school: 'IUT de Grenoble', year: 2011 },
        { title: 'BTS Travaux publics', school: 'Lycée du BTP de Villefontaine', year: 2009 },
      ],
      certifications: [
        { name: 'AIPR Concepteur', obtainedOn: null, validUntil: '2029-02-28' },
        { name: 'CACES R482 catégorie B1', obtainedOn: '2015-01-01', validUntil: null },
        { name: 'SST', obtainedOn: null, validUntil: '2025-11-30' },
        { name: 'Habilitation électrique B0 H0V', obtainedOn: null, validUntil: '2027-01-31' },
      ],
      skills: [
        'Conduite de travaux VRD',
        'Réseaux humides (AEP, EU, EP)',
        'Terrassements',
        'Chiffrage et suivi budgétaire',
        'Management de sous-traitants',
        "Relations avec la maîtrise d'ouvrage",
      ],
      languages: [
        { language: 'Anglais', level: 'intermédiaire (B1)' },
        { language: 'Italien', level: 'bilingue' },
      ],
      projects: [
        { title: 'Aménagement de la ZAC des Portes du Sud', client: 'Grenoble-Alpes Métropole', year: 2024, amount: 1_200_000, role: 'Conducteur de travaux' },
        { title: "Renouvellement des réseaux d'eau potable, rue Jean Jaurès", client: "Ville d'Échirolles", year: 2022, amount: 780_000, role: 'Conducteur de travaux' },
        { title: "Création d'un giratoire sur la RD1075", client: "Département de l'Isère", year: 2019, amount: 2_100_000, role: 'Conducteur de travaux adjoint' },
      ],
    },
  },
  {
    file: 'cv-qhse-manager-benali.docx',
    pdf: true,
    blocks: [
      { p: 'Sarah BENALI', bold: true, size: 36 },
      { p: 'QHSE Manager – Construction', bold: true },
      { p: 'Over 10 years of experience in quality, health, safety and environment on major building sites' },
      { p: 'sarah.benali@example.com | +33 6 11 22 33 44 | Lille, France' },
      { h: 'EDUCATION' },
      { p: "2013 – Master's degree in Risk Management – Université de Lille" },
      { p: '2011 – Bachelor of Civil Engineering – Polytech Lille' },
      { h: 'CERTIFICATIONS' },
      { li: 'ISO 45001 Lead Auditor (AFNOR) – valid until 10/2027' },
      { li: 'ISO 9001 Internal Auditor – obtained in 2016' },
      { li: 'SST Trainer – expires 30/09/2026' },
      { h: 'SKILLS' },
      { p: 'Safety audits · ISO 9001 / 14001 / 45001 management systems · Site safety inspections · PPSPS and DUERP · Waste management' },
      { h: 'PROJECTS' },
      { li: 'Grand Paris Express line 15 South – Société du Grand Paris – 2021 – QHSE manager' },
      { li: 'Reconstruction of the Lens hospital – Centre hospitalier de Lens – 2018 – 150 M€ – QSE engineer' },
      { h: 'LANGUAGES' },
      { p: 'French – native; English – fluent (C1); Arabic – conversational' },
    ],
    expected: {
      fullName: 'Sarah Benali',
      jobTitle: 'QHSE Manager – Construction',
      yearsExperience: 10,
      education: [
        { title: "Master's degree in Risk Management", school: 'Université de Lille', year: 2013 },
        { title: 'Bachelor of Civil Engineering', school: 'Polytech Lille', year: 2011 },
      ],
      certifications: [
        { name: 'ISO 45001 Lead Auditor', obtainedOn: null, validUntil: '2027-10-31' },
        { name: 'ISO 9001 Internal Auditor', obtainedOn: '2016-01-01', validUntil: null },
        { name: 'SST Trainer', obtainedOn: null, validUntil: '2026-09-30' },
      ],
      skills: ['Safety audits', 'ISO 9001 / 14001 / 45001 management systems', 'Site safety inspections', 'PPSPS and DUERP', 'Waste management'],
      languages: [
        { language: 'French', level: 'native' },
        { language: 'English', level: 'fluent (C1)' },
        { language: 'Arabic', level: 'conversational' },
      ],
      projects: [
        { title: 'Grand Paris Express line 15 South', client: 'Société du Grand Paris', year: 2021, amount: null, role: 'QHSE manager' },
        { title: 'Reconstruction of the Lens hospital', client: 'Centre hospitalier de Lens', year: 2018, amount: 150_000_000, role: 'QSE engineer' },
      ],
    },
  },
  {
    // Issue 24: years of experience only from the dated jobs (no "N ans d'expérience"; the
    // expected 15 counts to 2026, the test's year), languages with their level after a space, a
    // certification line opening with its year.
    file: 'cv-conductrice-travaux-roussel.docx',
    pdf: false,
    blocks: [
      { p: 'Claire ROUSSEL', bold: true, size: 36 },
      { p: 'Conductrice de travaux principale', bold: true },
      { p: 'claire.roussel@example.fr – 06 45 12 78 90 – Lyon (69)' },
      { h: 'PROFIL' },
      { p: 'Conduite de chantiers tous corps d’état en bâtiment neuf et réhabilitation, en site occupé.' },
      { h: 'EXPÉRIENCE PROFESSIONNELLE' },
      { p: "2020 – aujourd'hui : Conductrice de travaux principale, Bouygues Bâtiment Sud-Est", bold: true },
      { li: 'Restructuration du lycée Ampère – Région Auvergne-Rhône-Alpes – 2023 – 7,2 M€ HT – Conductrice de travaux principale' },
      { p: '2015 – 2020 : Conductrice de travaux, Eiffage Construction Rhône-Alpes', bold: true },
      { li: 'Résidence seniors de 64 logements – Grand Lyon Habitat – 2018 – 5,4 M€ HT' },
      { p: '2011 – 2015 : Aide-conductrice de travaux, Léon Grosse (Aix-les-Bains)', bold: true },
      { h: 'FORMATION' },
      { p: '2011 – Licence professionnelle Management des organisations du BTP – IUT Lyon 1' },
      { p: '2009 – BTS Bâtiment – Lycée Hector Guimard, Lyon' },
      { h: 'CERTIFICATIONS' },
      { p: '2019 : Certification AMIANTE SS4' },
      { p: "SST – valable jusqu'au 06/2026" },
      { h: 'LANGUES' },
      { p: 'Anglais courant, Allemand intermédiaire' },
      { h: 'COMPÉTENCES' },
      { li: 'Pilotage de chantiers TCE' },
      { li: 'Planification et suivi budgétaire' },
      { li: 'Travaux en site occupé' },
    ],
    expected: {
      fullName: 'Claire Roussel',
      jobTitle: 'Conductrice de travaux principale',
      yearsExperience: 15,
      education: [
        { title: 'Licence professionnelle Management des organisations du BTP', school: 'IUT Lyon 1', year: 2011 },
        { title: 'BTS Bâtiment', school: 'Lycée Hector Guimard, Lyon', year: 2009 },
      ],
      certifications: [
        { name: 'Certification AMIANTE SS4', obtainedOn: '2019-01-01', validUntil: null },
        { name: 'SST', obtainedOn: null, validUntil: '2026-06-30' },
      ],
      skills: ['Pilotage de chantiers TCE', 'Planification et suivi budgétaire', 'Travaux en site occupé'],
      languages: [
        { language: 'Anglais', level: 'courant' },
        { language: 'Allemand', level: 'intermédiaire' },
      ],
      projects: [
        { title: 'Restructuration du lycée Ampère', client: 'Région Auvergne-Rhône-Alpes', year: 2023, amount: 7_200_000, role: 'Conductrice de travaux principale' },
        { title: 'Résidence seniors de 64 logements', client: 'Grand Lyon Habitat', year: 2018, amount: 5_400_000, role: null },
      ],
      experiences: [
        { title: 'Conductrice de travaux principale', employer: 'Bouygues Bâtiment Sud-Est', startYear: 2020, endYear: null },
        { title: 'Conductrice de travaux', employer: 'Eiffage Construction Rhône-Alpes', startYear: 2015, endYear: 2020 },
        { title: 'Aide-conductrice de travaux', employer: 'Léon Grosse', startYear: 2011, endYear: 2015 },
      ],
    },
  },
];

// Files named on the command line are the only ones written (the others' bytes stay as they are);
// expected.json keeps what it holds for the others.
const only = process.argv.slice(2);

function paragraph(block: Block): Paragraph {
  if ('h' in block) return new Paragraph({ heading: HeadingLevel.HEADING_2, spacing: { before: 240, after: 80 }, children: [new TextRun({ text: block.h, bold: true })] });
  if ('li' in block) return new Paragraph({ bullet: { level: 0 }, children: [new TextRun(block.li)] });
  return new Paragraph({ alignment: AlignmentType.LEFT, children: [new TextRun({ text: block.p, bold: block.bold, size: block.size })] });
}

const expected: Record<string, Expected> = only.length ? (JSON.parse(readFileSync(join(OUT, 'expected.json'), 'utf8')) as Record<string, Expected>) : {};
const work = mkdtempSync(join(tmpdir(), 'cv-fixtures-'));
try {
  for (const cv of cvs.filter((c) => !only.length || only.includes(c.file))) {
    const document = new Document({
      creator: 'Soumissio tests',
      title: `CV ${cv.expected.fullName}`,
      styles: { default: { document: { run: { font: 'Liberation Sans', size: 21 } } } },
      sections: [{ children: cv.blocks.map(paragraph) }],
    });
    const data = await Packer.toBuffer(document);
    if (!cv.pdf) {
      writeFileSync(join(OUT, cv.file), data);
      expected[cv.file] = cv.expected;
      continue;
    }
    writeFileSync(join(work, cv.file), data);
    execFileSync('/usr/bin/soffice', ['--headless', `-env:UserInstallation=file://${work}/profile`, '--convert-to', 'pdf', '--outdir', work, join(work, cv.file)], { stdio: 'ignore' });
    const pdf = cv.file.replace(/\.docx$/, '.pdf');
    renameSync(join(work, pdf), join(OUT, pdf));
    expected[pdf] = cv.expected;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
writeFileSync(join(OUT, 'expected.json'), JSON.stringify(expected, null, 2) + '\n');
console.info(Object.keys(expected).map((name) => `${name} ${readFileSync(join(OUT, name)).length} bytes`).join('\n'));
