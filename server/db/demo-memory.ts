// Demo data of the technical memory: a memory in progress for the analysed Grenoble INP call. Its
// outline is the RC's award criteria table (page 11, the one the DCE analysis reads: price left
// out, the technical criteria by weight), two sections are written, and the resource sections come
// from the demo company's charts, resumes and planning as they stand when it is seeded (a resume
// added later shows the staff section as stale, to be updated on request).
import { and, eq } from 'drizzle-orm';
import type { Database } from './client';
import { memories, memorySections } from './schema';
import { criteriaOutline } from '../domains/memories/outline';
import { loadResources, RESOURCE_SOURCES, RESOURCE_TITLES, resourceSection } from '../domains/memories/resources';
import { bold, bullets, doc, para, plainText, type TipTapDoc } from '../domains/memories/tiptap';

export const DEMO_MEMORY_TITLE = 'Mémoire technique – machine de prototypage laser';

const CRITERIA = [
  { name: 'Prix des prestations', weight: 40 },
  {
    name: 'Performances techniques du système',
    weight: 40,
    subCriteria: [
      { name: 'Finesse de structuration laser', weight: 20 },
      { name: 'Performances du procédé de fabrication intégré', weight: 20 },
    ],
  },
  { name: 'Qualité des services associés : livraison, installation et mise en service, formation, SAV et Support technique', weight: 10 },
  { name: "Performances en matière de protection de l'environnement en lien avec l'objet du marché", weight: 10 },
];
const RC_LINES = [
  '1-Prix des prestations 40.0 %',
  '2-Performances techniques du système 40.0 %',
  '2.1-Finesse de structuration laser : 20.0 % Apprécié au regard de la largeur minimale de piste et de l’espacement minimal entre pistes atteignables par le système, tels que justifiés par les données techniques du candidat.',
  '2.2-Performances du procédé de fabrication intégré : 20.0 %',
  '3-Qualité des services associés : livraison, installation et mise en service, formation, SAV et Support technique 10.0 %',
  "4-Performances en matière de protection de l'environnement en lien avec l’objet du marché 10.0 %",
];

const WRITTEN: Record<string, { status: string; paragraphs: string[] }> = {
  'Finesse de structuration laser': {
    status: 'to_review',
    paragraphs: [
      'La machine proposée grave des pistes de 50 µm de largeur avec un espacement minimal de 50 µm entre pistes sur substrat FR4 cuivré 18 µm, et descend à 35 µm sur substrats céramiques. Ces valeurs sont mesurées par le fabricant sur des éprouvettes normalisées ; les procès-verbaux d’essais sont joints en annexe 3.',
      'La source laser UV de 355 nm et la tête de balayage galvanométrique garantissent une taille de spot de 15 µm. La répétabilité de positionnement de ± 2 µm est contrôlée à chaque mise en service par une mire de calibration, fournie avec la machine.',
    ],
  },
  'Qualité des services associés : livraison, installation et mise en service, formation, SAV et Support technique': {
    status: 'draft',
    paragraphs: [
      'Notre technicien installe la machine et la met en service en deux jours, en présence du référent de l’établissement. La réception est prononcée sur la gravure d’une carte test double face dont les cotes sont relevées contradictoirement.',
      'La formation comprend deux journées sur site pour quatre utilisateurs : pilotage du logiciel, préparation des fichiers Gerber, changement des outils mécaniques et maintenance de premier niveau. Le support technique répond sous quatre heures ouvrées ; un technicien intervient sur site sous quarante-huit heures.',
    ],
  },
};

/** Once per demo tender: the memory in progress. */
export async function seedDemoMemory(db: Database, companyId: string, tenderId: string, managerId: string | null, rc: { documentId: string; fileName: string } | undefined): Promise<void> {
  const [existing] = await db.select({ id: memories.id }).from(memories).where(and(eq(memories.tenderId, tenderId), eq(memories.title, DEMO_MEMORY_TITLE))).limit(1);
  if (existing) return;
  const sources = rc ? RC_LINES.map((excerpt) => ({ documentId: rc.documentId, entry: null, fileName: rc.fileName, page: 11, excerpt })) : [];
  const outline = criteriaOutline(CRITERIA, sources, [], []);
  const resources = await loadResources(db, companyId, tenderId);
  const sections = outline.sections.map((s) => {
    const written = WRITTEN[s.title];
    const content: TipTapDoc = written ? doc(...s.content.content.filter((node) => node.type === 'blockquote'), ...written.paragraphs.map((text) => para(text))) : s.content;
    return { title: s.title, level: s.level, content, criterion: s.criterion, requirementIds: s.requirementIds, source: 'criteria', resourcesHash: null as string | null, status: written?.status ?? 'draft', assigneeId: written ? managerId : null };
  });
  // The environment chapter starts with the team's notes, not yet sentences.
  const environment = sections.find((s) => s.title.startsWith('Performances en matière'));
  if (environment) environment.content = doc(...environment.content.content.filter((node) => node.type === 'blockquote'), para(bold('À rédiger :')), bullets(['reprise des emballages par le transporteur', 'consommation électrique en veille (fiche fabricant)', 'filière de recyclage des poussières de la station d’extraction']));
  for (const source of RESOURCE_SOURCES) {
    const { content, hash } = resourceSection(source, resources);
    sections.push({ title: RESOURCE_TITLES[source], level: 1, content, criterion: null, requirementIds: [], source, resourcesHash: hash, status: 'draft', assigneeId: null });
  }
  await db.transaction(async (tx) => {
    const [memory] = await tx
      .insert(memories)
      .values({ tenderId, companyId, title: DEMO_MEMORY_TITLE, notes: outline.notes, createdBy: managerId, createdAt: new Date('2026-06-18T08:30:00Z') })
      .returning({ id: memories.id });
    await tx.insert(memorySections).values(
      sections.map((s, position) => ({
        memoryId: memory!.id,
        position,
        title: s.title,
        level: s.level,
        content: s.content,
        text: plainText(s.content),
        criterion: s.criterion,
        requirementIds: s.requirementIds,
        status: s.status,
        assigneeId: s.assigneeId,
        source: s.source,
        resourcesHash: s.resourcesHash,
      })),
    );
  });
}
