// The demo company's resumes: five people of its organisation charts, as their CVs would read,
// with certifications dated from today so that the list always shows one expiring soon and one
// expired. Written only when the company has no resume, so that the demo's edits are kept.
import { count, eq } from 'drizzle-orm';
import type { Database } from './client';
import { resumes, type ResumeCertificationItem } from './schema';
import { searchTextOf } from '../domains/resumes/view';
import { addDays, currentDay } from '../../rules/calendar';

/** A day counted from today in Paris, as YYYY-MM-DD. */
const day = (offsetDays: number) => addDays(currentDay(), offsetDays);
const cert = (name: string, issuer: string | null, obtainedOn: string | null, validUntil: string | null): ResumeCertificationItem => ({ name, issuer, obtainedOn, validUntil });

export async function seedDemoResumes(db: Database, companyId: string, employeeId: string | null): Promise<void> {
  const [{ n }] = (await db.select({ n: count() }).from(resumes).where(eq(resumes.companyId, companyId))) as [{ n: number }];
  if (n > 0) return;
  const people: Omit<typeof resumes.$inferInsert, 'companyId' | 'searchText'>[] = [
    {
      fullName: 'Julien Martin',
      jobTitle: 'Conducteur de travaux gros œuvre',
      yearsExperience: 14,
      userId: employeeId,
      positions: [
        { chart: 'construction', positionId: 'cdt' },
        { chart: 'normal', positionId: 'ct1' },
      ],
      education: [
        { title: 'Licence professionnelle Conduite de travaux en bâtiment', school: 'IUT de Grenoble', year: 2010 },
        { title: 'BTS Bâtiment', school: 'Lycée Louise Michel, Grenoble', year: 2008 },
      ],
      certifications: [cert('AIPR Encadrant', null, day(-900), day(400)), cert('Sauveteur Secouriste du Travail (SST)', 'INRS', day(-500), day(230))],
      skills: ['Conduite de travaux gros œuvre', 'Planification et suivi budgétaire', 'Management des sous-traitants', 'Réunions de chantier et OPR', 'Méthodes béton armé'],
      languages: [
        { language: 'Français', level: 'langue maternelle' },
        { language: 'Anglais', level: 'intermédiaire (B1)' },
      ],
      projects: [
        { title: 'Construction du groupe scolaire des Saules (14 classes)', client: 'Ville de Meylan', year: 2025, amount: 6_400_000, role: 'Conducteur de travaux' },
        { title: 'Réhabilitation de 86 logements sociaux', client: 'Grenoble Habitat', year: 2023, amount: 3_100_000, role: 'Conducteur de travaux' },
        { title: 'Extension du gymnase Jean Jaurès', client: "Ville d'Échirolles", year: 2021, amount: 1_850_000, role: 'Conducteur de travaux adjoint' },
      ],
    },
    {
      fullName: 'Laurent Blanc',
      jobTitle: 'Chef de chantier gros œuvre',
      yearsExperience: 21,
      positions: [{ chart: 'construction', positionId: 'cdc' }],
      education: [{ title: 'Bac professionnel Technicien du bâtiment : organisation et réalisation du gros œuvre', school: 'Lycée Hector Guimard, Lyon', year: 2003 }],
      certifications: [
        cert('CACES R482 catégories A, B1, C1', null, day(-1200), day(600)),
        cert('CACES R486 catégories A et B', null, day(-1000), day(800)),
        // Expiring soon: the list flags it.
        cert('Habilitation électrique B1V BR H0', 'APAVE', day(-1075), day(20)),
        // Expired: the list flags it.
        cert('AIPR Opérateur', null, day(-1840), day(-15)),
        cert('Sauveteur Secouriste du Travail (SST)', null, day(-300), day(430)),
      ],
      skills: ["Encadrement d'équipes (8 à 25 compagnons)", 'Implantation et lecture de plans', 'Coffrages et béton armé', 'Sécurité et prévention des risques', 'Autocontrôle et PAQ'],
      languages: [
        { language: 'Français', level: 'langue maternelle' },
        { language: 'Portugais', level: 'courant' },
      ],
      projects: [
        { title: 'Construction du groupe scolaire des Saules (14 classes)', client: 'Ville de Meylan', year: 2025, amount: 6_400_000, role: 'Chef de chantier' },
        { title: 'Pont-rail de Saint-Égrève', client: 'SNCF Réseau', year: 2019, amount: 850_000, role: "Chef d'équipe" },
      ],
    },
    {
      fullName: 'Thomas Lambert',
      jobTitle: "Ingénieur études et BIM, responsable du bureau d'études",
      yearsExperience: 11,
      positions: [{ chart: 'normal', positionId: 'be' }],
      education: [{ title: "Diplôme d'ingénieur en génie civil", school: 'INSA Lyon', year: 2014 }],
      certifications: [cert('Certification BIM Manager', 'buildingSMART', day(-700), null), cert('Autodesk Certified Professional Revit', 'Autodesk', day(-400), null)],
      skills: ['Modélisation BIM (Revit, Tekla)', 'Calcul de structures (Eurocodes)', 'Synthèse technique', 'Métrés et DPGF', 'Convention BIM et maquettes IFC'],
      languages: [
        { language: 'Français', level: 'langue maternelle' },
        { language: 'Anglais', level: 'courant (C1)' },
      ],
      projects: [
        { title: 'Centre aquatique intercommunal', client: 'Le Grésivaudan', year: 2024, amount: 12_500_000, role: 'Ingénieur BIM' },
        { title: 'Extension du lycée Champollion', client: 'Région Auvergne-Rhône-Alpes', year: 2022, amount: 6_000_000, role: 'Ingénieur structure' },
      ],
    },
    {
      fullName: 'Karim Haddad',
      jobTitle: 'Responsable QSE',
      yearsExperience: 12,
      positions: [
        { chart: 'construction', positionId: 'qse' },
        { chart: 'normal', positionId: 'qse' },
      ],
      education: [{ title: 'Master Management des risques, qualité, sécurité, environnement', school: 'Université Grenoble Alpes', year: 2012 }],
      certifications: [
        cert('ISO 45001 Lead Auditor', 'AFNOR', day(-600), day(500)),
        cert('ISO 9001 Auditeur interne', null, day(-2000), null),
        cert('Formateur SST', 'INRS', day(-650), day(80)),
        cert('MASE — animateur sécurité', null, day(-900), null),
      ],
      skills: ['Système de management QSE (ISO 9001, 14001, 45001)', 'PPSPS et plan de prévention', 'Audits et visites sécurité de chantier', 'Gestion des déchets de chantier', 'Analyse des accidents (arbre des causes)'],
      languages: [
        { language: 'Français', level: 'langue maternelle' },
        { language: 'Arabe', level: 'courant' },
        { language: 'Anglais', level: 'B2' },
      ],
      projects: [{ title: 'Groupe scolaire des Saules — démarche chantier à faibles nuisances', client: 'Ville de Meylan', year: 2025, amount: null, role: 'Responsable QSE' }],
    },
    {
      fullName: 'Nadia Hamidi',
      jobTitle: 'Technicienne CVC',
      yearsExperience: 9,
      education: [{ title: 'BTS Fluides, énergies, domotique — option génie climatique', school: 'Lycée Jean Jaurès, Grenoble', year: 2016 }],
      certifications: [
        cert('Attestation d’aptitude fluides frigorigènes catégorie I', null, day(-1800), null),
        cert('Habilitation électrique BR', null, day(-400), day(700)),
        cert('QualiPAC — pompes à chaleur', 'Qualit’EnR', day(-200), day(900)),
      ],
      skills: ['Installation et mise en service de pompes à chaleur', 'Régulation et GTB', 'Équilibrage des réseaux hydrauliques', 'Maintenance préventive CVC'],
      languages: [{ language: 'Français', level: 'langue maternelle' }],
      projects: [{ title: 'Rénovation de la chaufferie du collège Jean Moulin', client: "Département de l'Isère", year: 2023, amount: 420_000, role: 'Technicienne CVC' }],
    },
  ];
  await db.insert(resumes).values(people.map((person) => ({ ...person, companyId, searchText: searchTextOf({ fullName: person.fullName!, jobTitle: person.jobTitle, skills: person.skills, certifications: person.certifications }) })));
}
