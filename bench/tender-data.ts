// The data of `npm run bench:tenders`, written straight in SQL (generate_series): realistic French
// calls composed from word lists, so that a French search term has a realistic selectivity.
import { sql } from 'drizzle-orm';
import { hashPassword } from '../server/auth/passwords';
import type { Database } from '../server/db/client';
import { tenderCalls, tenders, users } from '../server/db/schema';
import { tenderSearch } from '../server/domains/tenders/queries';

export const COMPANIES = 200;
export const SEARCH = 'menuiseries';
export const MANAGER = { email: 'bench.manager@example.com', password: 'Bench-manager-2026!' };

const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;
/** `list[hash % n]` in SQL, the list written as a constant array. */
const pick = (list: readonly string[], hash: string) => `(array[${list.map(quote).join(',')}])[1 + (${hash}) % ${list.length}]`;

const WORKS = [
  'Remplacement des menuiseries extérieures',
  'Réfection de la toiture',
  'Rénovation énergétique',
  'Ravalement des façades',
  "Construction d'un groupe scolaire",
  'Extension et restructuration',
  'Aménagement des abords',
  'Entretien des espaces verts',
  'Nettoyage des locaux',
  'Maintenance des installations de chauffage',
  'Fourniture de mobilier',
  'Fourniture de denrées alimentaires pour la restauration',
  'Restauration collective',
  'Travaux de voirie et réseaux divers',
  'Réhabilitation des logements',
  'Mise en accessibilité PMR',
  'Désamiantage et démolition',
  'Installation de panneaux photovoltaïques',
  "Rénovation de l'éclairage par des LED",
  "Travaux d'étanchéité des toitures-terrasses",
  'Travaux de peinture et revêtements de sols',
  'Travaux de plomberie et sanitaires',
  "Travaux d'électricité courants forts et faibles",
  "Maîtrise d'œuvre pour la restructuration",
  'Mission de contrôle technique',
  'Coordination sécurité et protection de la santé',
  'Fourniture et maintenance de copieurs',
  'Prestations informatiques et infogérance',
  'Fourniture de vêtements de travail',
  'Location et maintenance de véhicules utilitaires',
  'Collecte et traitement des déchets',
  'Entretien et petites réparations',
  "Création d'une chaufferie bois",
  'Réaménagement des cours et préaux',
  'Travaux de charpente et couverture',
  'Travaux de plâtrerie et cloisons',
  'Fourniture de matériel de signalisation',
  'Prestations de gardiennage et de sécurité',
  'Remplacement des ascenseurs',
  'Mise aux normes du système de sécurité incendie',
];
const SITES = [
  'gymnase', 'hôtel de ville', 'école élémentaire', 'collège', 'lycée professionnel', 'mairie annexe', 'centre aquatique',
  'salle polyvalente', 'crèche municipale', 'EHPAD', 'musée', 'gendarmerie', 'centre technique municipal', 'résidence Les Tilleuls',
  'maison de santé', 'conservatoire', 'médiathèque', 'centre hospitalier', 'stade', 'halle des sports', 'théâtre', 'cité administrative',
];
// City, département, region: the title, buyer and place of a call agree.
const PLACES: [string, string, string][] = [
  ['Besançon', '25', 'Bourgogne-Franche-Comté'], ['Orléans', '45', 'Centre-Val de Loire'], ['Nîmes', '30', 'Occitanie'],
  ['Béziers', '34', 'Occitanie'], ['Saint-Étienne', '42', 'Auvergne-Rhône-Alpes'], ['Évry-Courcouronnes', '91', 'Île-de-France'],
  ['Angoulême', '16', 'Nouvelle-Aquitaine'], ['Sète', '34', 'Occitanie'], ['Montbéliard', '25', 'Bourgogne-Franche-Comté'],
  ['Châlons-en-Champagne', '51', 'Grand Est'], ['Lyon', '69', 'Auvergne-Rhône-Alpes'], ['Rennes', '35', 'Bretagne'],
  ['Nantes', '44', 'Pays de la Loire'], ['Lille', '59', 'Hauts-de-France'], ['Amiens', '80', 'Hauts-de-France'],
  ['Périgueux', '24', 'Nouvelle-Aquitaine'], ['Grenoble', '38', 'Auvergne-Rhône-Alpes'], ['Chambéry', '73', 'Auvergne-Rhône-Alpes'],
  ['Besse-et-Saint-Anastaise', '63', 'Auvergne-Rhône-Alpes'], ['Vienne', '38', 'Auvergne-Rhône-Alpes'], ['Metz', '57', 'Grand Est'],
  ['Épinal', '88', 'Grand Est'], ['Quimper', '29', 'Bretagne'], ['Brest', '29', 'Bretagne'], ['Caen', '14', 'Normandie'],
  ['Évreux', '27', 'Normandie'], ['Le Mans', '72', 'Pays de la Loire'], ['Tours', '37', 'Centre-Val de Loire'],
  ['Dijon', '21', 'Bourgogne-Franche-Comté'], ['Mâcon', '71', 'Bourgogne-Franche-Comté'], ['Pau', '64', 'Nouvelle-Aquitaine'],
  ['Bordeaux', '33', 'Nouvelle-Aquitaine'], ['Toulouse', '31', 'Occitanie'], ['Montauban', '82', 'Occitanie'],
  ['Aix-en-Provence', '13', "Provence-Alpes-Côte d'Azur"], ['Fréjus', '83', "Provence-Alpes-Côte d'Azur"],
  ['Ajaccio', '2A', 'Corse'], ['Créteil', '94', 'Île-de-France'], ['Nanterre', '92', 'Île-de-France'], ['Paris', '75', 'Île-de-France'],
];
const BUYERS = [
  'Commune de ', "Communauté d'agglomération de ", 'Centre hospitalier de ', "Office public de l'habitat de ",
  'Syndicat intercommunal des eaux de ', 'Université de ', 'Centre communal d’action sociale de ', 'Métropole de ',
];
const CLAUSES = [
  'Les prestations sont réparties en lots techniques.',
  'Une visite du site est recommandée avant la remise des offres.',
  'Le marché est conclu pour une durée de douze mois reconductible trois fois.',
  'Les travaux se dérouleront en site occupé, par phases.',
  'Le candidat fournit un mémoire technique détaillant sa méthodologie.',
  'La consultation comporte une clause sociale d’insertion.',
  'Les variantes ne sont pas autorisées.',
  'Le délai d’exécution est de six mois à compter de l’ordre de service.',
  'Les offres sont jugées sur le prix (40 %) et la valeur technique (60 %).',
  'Une attention particulière est portée à la performance environnementale.',
  'Le chantier doit être livré avant la rentrée de septembre.',
  'Les matériaux biosourcés sont privilégiés.',
];
// 2 % of descriptions mention joinery besides the 1 in 40 titles that do: about 4.5 % in all.
const JOINERY_CLAUSE = 'Les travaux comprennent la dépose des menuiseries existantes et la reprise des tableaux.';
const TRADES = ['Menuiserie', 'Charpentes', 'Bâtiment', 'Électricité', 'Plomberie', 'Espaces verts', 'Nettoyage', 'Peinture', 'Couverture', 'Ingénierie'];
const SURNAMES = ['Dubois', 'Lefèvre', 'Moreau', 'Girard', 'Rousseau', 'Mercier', 'Chevalier', 'Fontaine', 'Lemaître', 'Barbier',
  'Gauthier', 'Perrin', 'Robin', 'Clément', 'Morin', 'Nicolas', 'Hénault', 'Brunet', 'Rolland', 'Noël'];
const CPV = ['45421000', '45261000', '45453000', '45233000', '77310000', '90910000', '50720000', '39130000', '55523000', '71000000', '45310000', '45442100'];
const PROCEDURES = ['open', 'adapted', 'adapted', 'restricted', 'negotiated', 'competitive_dialogue', 'other'];
const STATUSES = ['not_started', 'not_started', 'in_progress', 'in_progress', 'pending', 'submitted', 'won', 'lost', 'non_compliant'];

/** A deterministic pseudo-random integer ≥ 0 per row and salt. */
const h = (row: string, salt: string) => `abs(hashtext(${row}::text || ${quote(salt)})::bigint)`;

/** Fills a migrated, empty database: companies, calls (with lots for one in five), tenders and their creation history. */
export async function fill(db: Database, perCompany: number, companyCount = COMPANIES): Promise<{ companyId: string; calls: number; matching: number }> {
  const calls = companyCount * perCompany;
  const run = async (text: string) => {
    const started = performance.now();
    await db.execute(sql.raw(text));
    console.info(`  ${text.trim().split(/\s+/).slice(0, 3).join(' ')}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  await run(`insert into companies (name, city, postal_code, description, keywords, cpv_codes, departments, regions, amount_min, amount_max)
    select ${pick(TRADES, 'c % 10')} || ' ' || ${pick(SURNAMES, 'c / 10')},
      p.city, p.dep || '000', 'Entreprise du bâtiment et des services aux collectivités.',
      array[lower(${pick(TRADES, 'c % 10')}), 'rénovation'], array[${pick(CPV, 'c')}], array[p.dep], array[p.region],
      10000, 2000000
    from generate_series(0, ${companyCount - 1}) as c
    cross join lateral (select ${pick(PLACES.map((p) => p[0]), 'c')} as city, ${pick(PLACES.map((p) => p[1]), 'c')} as dep, ${pick(PLACES.map((p) => p[2]), 'c')} as region) as p`);
  const r = (salt: string) => h('i', salt);
  await run(`insert into tender_calls (reference, title, buyer, procedure, cpv_codes, department, region, estimated_amount, publication_date,
      submission_deadline, questions_deadline, site_visit_date, site_visit_mandatory, notice_url, description, source)
    select 'AO-2026-' || lpad(i::text, 6, '0'),
      w.work || ' – ' || ${pick(SITES, r('site'))} || ' de ' || pl.city,
      ${pick(BUYERS, r('buyer'))} || pl.city,
      ${pick(PROCEDURES, r('procedure'))}::tender_procedure,
      case when ${r('cpv2')} % 3 = 0 then array[${pick(CPV, r('cpv'))}, ${pick(CPV, r('cpv2'))}] else array[${pick(CPV, r('cpv'))}] end,
      pl.dep, pl.region,
      (1 + ${r('amount')} % 3000) * 1000,
      (d.deadline - (20 + ${r('pub')} % 40) * interval '1 day')::date,
      d.deadline,
      d.deadline - interval '10 days',
      case when ${r('visit')} % 10 < 3 then d.deadline - interval '15 days' end,
      ${r('visit')} % 10 < 1,
      'https://example.org/avis/AO-2026-' || lpad(i::text, 6, '0'),
      'Le présent marché porte sur : ' || lower(w.work) || ' du site « ' || ${pick(SITES, r('site'))} || ' » à ' || pl.city || '. '
        || ${pick(CLAUSES, r('clause1'))} || ' '
        || case when ${r('joinery')} % 100 < 2 then ${quote(JOINERY_CLAUSE)} else ${pick(CLAUSES, r('clause2'))} end,
      (array['boamp','boamp','ted','manual'])[1 + ${r('source')} % 4]::tender_source
    from generate_series(1, ${calls}) as i
    cross join lateral (select ${pick(WORKS, r('work'))} as work) as w
    cross join lateral (select ${pick(PLACES.map((p) => p[0]), r('place'))} as city, ${pick(PLACES.map((p) => p[1]), r('place'))} as dep,
      ${pick(PLACES.map((p) => p[2]), r('place'))} as region) as pl
    cross join lateral (select date_trunc('hour', now()) + ((${r('deadline')} % 300) - 180) * interval '1 day' + (8 + ${r('hour')} % 10) * interval '1 hour' as deadline) as d`);
  await run(`insert into tender_call_lots (tender_call_id, number, title, estimated_amount)
    select c.id, n, 'Lot ' || n || ' – ' || ${pick(['Gros œuvre', 'Menuiseries intérieures', 'Électricité', 'Plomberie – chauffage', 'Peinture', 'Couverture'], h('c.reference', 'lot') + ' + n')},
      (1 + ${h('c.reference', 'lotamount')} % 500) * 1000 * n
    from tender_calls c cross join generate_series(1, 2 + ${h('c.reference', 'lots')} % 3) as n
    where ${h('c.reference', 'haslots')} % 5 = 0`);
  await run(`insert into tenders (tender_call_id, company_id, status, match_score, match_status, match_reasons, response_step, submission_deadline, status_changed_at, created_at, updated_at)
    select c.id, co.id, ${pick(STATUSES, h('c.reference', 'status'))}::tender_status, m.score,
      (case when m.score >= 70 then 'high' when m.score >= 40 then 'medium' when m.score >= 15 then 'low' else 'none' end)::match_status,
      case when m.score >= 15 then jsonb_build_array(jsonb_build_object('criterion', 'place', 'points', 15, 'matched', jsonb_build_array(c.department)),
        jsonb_build_object('criterion', 'cpv', 'points', m.score - 15, 'matched', to_jsonb(c.cpv_codes))) else '[]'::jsonb end,
      ${h('c.reference', 'step')} % 5, c.submission_deadline, c.created_at, c.created_at, c.created_at
    from tender_calls c
    cross join lateral (select (${h('c.reference', 'score')} % 101)::int as score) as m
    join (select id, (row_number() over (order by id)) - 1 as k from companies) as co on co.k = substr(c.reference, 9)::int % ${companyCount}`);
  await run(`insert into tender_status_changes (tender_id, from_status, to_status, changed_at) select id, null, 'not_started', created_at from tenders`);
  // What autovacuum does after a bulk load: statistics, and the visibility map that lets the
  // (company, deadline) index answer a list without visiting the table.
  await run('vacuum analyze');
  const [company] = await db.select({ id: tenders.companyId }).from(tenders).groupBy(tenders.companyId).orderBy(tenders.companyId).limit(1);
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(tenderCalls).where(tenderSearch(SEARCH))) as [{ n: number }];
  await db.insert(users).values({ username: 'Responsable bench', email: MANAGER.email, passwordHash: await hashPassword(MANAGER.password), role: 'manager', companyId: company!.id, emailVerifiedAt: new Date() });
  return { companyId: company!.id, calls, matching: n };
}
