// The demo company's content library: six standard answers a building firm reuses from one
// technical memory to the next, with review dates counted from today so that two of them are
// always overdue for review. Written only when the company has no block, so the demo's edits are kept.
import { count, eq } from 'drizzle-orm';
import type { Database } from './client';
import { libraryBlocks } from './schema';
import { bullets, doc, para, plainText, type TipTapDoc } from '../domains/memories/tiptap';
import { addMonths, searchTextOf } from '../domains/library/view';
import { currentDay } from '../../rules/calendar';

type DemoBlock = { title: string; content: TipTapDoc; tags: string[]; cpvCodes: string[]; reviewDue: string; lastReviewedDaysAgo: number | null };

export async function seedDemoLibrary(db: Database, companyId: string, ownerIds: { manager: string | null; employee: string | null }): Promise<void> {
  const [{ n }] = (await db.select({ n: count() }).from(libraryBlocks).where(eq(libraryBlocks.companyId, companyId))) as [{ n: number }];
  if (n > 0) return;
  const today = currentDay();
  const blocks: (DemoBlock & { owner: 'manager' | 'employee' })[] = [
    {
      owner: 'manager',
      title: "Présentation de l'entreprise",
      content: doc(
        para("Entreprise générale de bâtiment fondée en 1987 à Grenoble, nous réalisons des opérations de construction neuve et de réhabilitation pour les collectivités, les bailleurs sociaux et l'enseignement supérieur."),
        para("Nos 45 salariés couvrent le gros œuvre, la démolition et la coordination des corps d'état secondaires ; notre chiffre d'affaires 2025 s'élève à 11,8 M€ HT."),
      ),
      tags: ['Présentation', 'Entreprise'],
      cpvCodes: ['45000000-7'],
      reviewDue: addMonths(today, 7),
      lastReviewedDaysAgo: 150,
    },
    {
      owner: 'employee',
      title: 'Sécurité et prévention sur le chantier',
      content: doc(
        para("La sécurité est la première exigence de nos chantiers : chaque compagnon reçoit un accueil sécurité à son arrivée et un quart d'heure sécurité a lieu chaque lundi."),
        bullets(['Plan particulier de sécurité et de protection de la santé (PPSPS) remis sous 30 jours', 'Port des EPI contrôlé par le chef de chantier', 'Échafaudages réceptionnés par une personne habilitée avant toute utilisation']),
      ),
      tags: ['Sécurité', 'QSE'],
      cpvCodes: ['45000000-7'],
      // Overdue: its review date is past.
      reviewDue: addMonths(today, -2),
      lastReviewedDaysAgo: 425,
    },
    {
      owner: 'manager',
      title: 'Gestion des déchets de chantier',
      content: doc(
        para('Les déchets sont triés à la source dans des bennes distinctes (inertes, bois, métaux, DIB) et chaque enlèvement fait l’objet d’un bordereau de suivi.'),
        para('Objectif de valorisation : 80 % des déchets du chantier, justifié en fin de travaux par le registre des déchets.'),
      ),
      tags: ['Environnement', 'QSE', 'Déchets'],
      cpvCodes: ['45000000-7', '90500000-2'],
      // Overdue: due today.
      reviewDue: today,
      lastReviewedDaysAgo: 365,
    },
    {
      owner: 'employee',
      title: 'Méthodologie de démolition',
      content: doc(
        para('Avant toute démolition, le repérage amiante et plomb avant travaux est vérifié et le désamiantage confié à une entreprise certifiée.'),
        para("La démolition se fait par grignotage à la pelle mécanique équipée d'une pince, avec brumisation pour limiter les poussières et tri des matériaux sur place."),
      ),
      tags: ['Démolition', 'Méthodologie'],
      cpvCodes: ['45111100-9'],
      reviewDue: addMonths(today, 10),
      lastReviewedDaysAgo: 60,
    },
    {
      owner: 'manager',
      title: 'Références en réhabilitation de bâtiments publics',
      content: doc(
        bullets([
          'Réhabilitation de 86 logements sociaux – Grenoble Habitat, 2023, 3,1 M€ HT',
          'Rénovation énergétique du lycée Champollion – Région Auvergne-Rhône-Alpes, 2022, 2,4 M€ HT',
          'Extension du gymnase Jean Jaurès – Ville d’Échirolles, 2021, 1,85 M€ HT',
        ]),
      ),
      tags: ['Références', 'Réhabilitation'],
      cpvCodes: ['45453000-7'],
      reviewDue: addMonths(today, 4),
      lastReviewedDaysAgo: 240,
    },
    {
      owner: 'manager',
      title: 'Organisation et suivi qualité',
      content: doc(
        para('Un conducteur de travaux dédié pilote le chantier avec un chef de chantier présent en permanence ; une réunion hebdomadaire réunit la maîtrise d’œuvre et les sous-traitants.'),
        para('Les points de contrôle du plan d’assurance qualité sont tracés par lot, et les réserves levées sous 15 jours après les opérations préalables à la réception.'),
      ),
      tags: ['Qualité', 'Organisation'],
      cpvCodes: [],
      reviewDue: addMonths(today, 11),
      lastReviewedDaysAgo: 30,
    },
  ];
  await db.insert(libraryBlocks).values(
    blocks.map(({ owner, lastReviewedDaysAgo, ...block }) => {
      const text = plainText(block.content);
      return {
        ...block,
        companyId,
        text,
        ownerId: ownerIds[owner],
        lastReviewedAt: lastReviewedDaysAgo === null ? null : new Date(Date.now() - lastReviewedDaysAgo * 86_400_000),
        searchText: searchTextOf({ title: block.title, text, tags: block.tags }),
      };
    }),
  );
}
