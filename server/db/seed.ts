import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from './client';
import { callMatches, companies, users, type Role } from './schema';
import { hashPassword } from '../auth/passwords';
import { seedDemoTenders } from './demo-tenders';
import { seedDemoNotices } from './demo-notices';
import { matchAllCalls } from '../domains/sourcing/matching';
import { seedDemoOrganigrammes } from './demo-organigrammes';
import { seedDemoPlannings } from './demo-plannings';
import { seedDemoDce } from './demo-dce';
import { seedDemoResumes } from './demo-resumes';
import { seedDemoLibrary } from './demo-library';
import { seedDemoSavedSearches } from './demo-saved-searches';
import { seedDemoVault } from './demo-vault';
import { seedDemoBrand } from './demo-brand';
import { seedDemoBilling } from './demo-billing';
import type { Storage } from '../storage/storage';

export const DEFAULT_ADMIN_EMAIL = 'admin@soumissio.local';
export const DEMO_COMPANY_NAME = 'Durand Bâtiment SAS';
/** The demo company as a real one would fill it in (made-up SIRET, Luhn-valid). */
export const DEMO_COMPANY = {
  name: DEMO_COMPANY_NAME,
  siret: '81234567600017',
  address: '24 rue de la République',
  postalCode: '69002',
  city: 'Lyon',
  phone: '04 72 00 12 34',
  website: 'https://durand-batiment.example.fr',
  description:
    'Entreprise générale de bâtiment fondée en 1987 : gros œuvre, réhabilitation et rénovation énergétique de logements et de bâtiments publics en Auvergne-Rhône-Alpes. 45 salariés, qualifications Qualibat RGE.',
  keywords: ['gros œuvre', 'rénovation énergétique', 'maçonnerie', 'réhabilitation', 'isolation thermique'],
  // Building works; construction of buildings; joinery; insulation works.
  cpvCodes: ['45000000', '45210000', '45421000', '45321000'],
  departments: ['69', '01', '38', '42'],
  regions: ['Auvergne-Rhône-Alpes'],
  amountMin: 150_000,
  amountMax: 3_000_000,
  candidature: {
    legalForm: 'SAS',
    nafCode: '4120B',
    vatNumber: 'FR63812345676',
    sme: true,
    legalRepresentative: { name: 'Claire Durand', capacity: 'Présidente' },
    figures: [
      { year: 2025, turnover: 6_850_000, staff: 45 },
      { year: 2024, turnover: 6_320_000, staff: 43 },
      { year: 2023, turnover: 5_970_000, staff: 41 },
    ],
    uploadMbps: 8,
  },
};
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@demo.soumissio.fr', password: 'Demo-Admin-2026', username: 'Admin Démo', role: 'admin' },
  manager: { email: 'manager@demo.soumissio.fr', password: 'Demo-Manager-2026', username: 'Claire Durand', role: 'manager' },
  employee: { email: 'employee@demo.soumissio.fr', password: 'Demo-Employee-2026', username: 'Julien Martin', role: 'employee' },
} as const satisfies Record<Role, { email: string; password: string; username: string; role: Role }>;

export type SeedOptions = {
  adminEmail?: string;
  adminPassword?: string;
  demo?: boolean;
  print?: (line: string) => void;
  /** Where the demo's documents are stored; without it the demo has no documents. */
  storage?: Storage;
};

async function userExists(db: Database, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
  return !!row;
}

/** Idempotent: passwords are hashed only for accounts that do not exist yet (fast restarts). */
export async function seed(db: Database, options: SeedOptions = {}): Promise<void> {
  const print = options.print ?? ((line) => console.info(line));
  const demoAdmin = options.demo && !options.adminEmail;
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);

  if (demoAdmin) {
    const a = DEMO_ACCOUNTS.admin;
    if (!(await userExists(db, a.email)))
      await db.insert(users).values({ username: a.username, email: a.email, passwordHash: await hashPassword(a.password), role: 'admin', emailVerifiedAt: new Date() });
  } else if (!anyAdmin || (options.adminEmail && !(await userExists(db, options.adminEmail)))) {
    const email = (options.adminEmail ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
    const generated = !options.adminPassword;
    const password = options.adminPassword ?? randomBytes(12).toString('base64url');
    if (!(await userExists(db, email))) {
      await db.insert(users).values({ username: 'Administrateur', email, passwordHash: await hashPassword(password), role: 'admin', emailVerifiedAt: new Date() });
      print(generated ? `Admin account created: ${email} / ${password} (shown once; change it after signing in)` : `Admin account created: ${email}`);
    }
  }

  if (options.demo) {
    let [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, DEMO_COMPANY_NAME)).limit(1);
    if (!company) [company] = await db.insert(companies).values(DEMO_COMPANY).returning({ id: companies.id });
    // A demo company seeded before it had these fields gets them once; later edits are kept.
    else await db.update(companies).set(DEMO_COMPANY).where(and(eq(companies.id, company.id), isNull(companies.siret)));
    for (const account of [DEMO_ACCOUNTS.manager, DEMO_ACCOUNTS.employee]) {
      if (await userExists(db, account.email)) continue;
      await db.insert(users).values({
        username: account.username,
        email: account.email,
        passwordHash: await hashPassword(account.password),
        role: account.role,
        companyId: company!.id,
        emailVerifiedAt: new Date(),
      });
    }
    // Demo accounts are ready to use: no verification email to follow first.
    await db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(and(isNull(users.emailVerifiedAt), sql`lower(${users.email}) in (${sql.join(Object.values(DEMO_ACCOUNTS).map((a) => sql`${a.email}`), sql`, `)})`));
    const idOf = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1))[0]?.id ?? null;
    await seedDemoTenders(db, company!.id, { admin: await idOf(DEMO_ACCOUNTS.admin.email), manager: await idOf(DEMO_ACCOUNTS.manager.email) });
    // Real notices and awards (issue 13), imported once: potential tenders and buyers' history.
    await seedDemoNotices(db);
    await seedDemoOrganigrammes(db, company!.id);
    await seedDemoPlannings(db, company!.id);
    await seedDemoResumes(db, company!.id, await idOf(DEMO_ACCOUNTS.employee.email));
    await seedDemoLibrary(db, company!.id, { manager: await idOf(DEMO_ACCOUNTS.manager.email), employee: await idOf(DEMO_ACCOUNTS.employee.email) });
    await seedDemoSavedSearches(db, company!.id, { manager: await idOf(DEMO_ACCOUNTS.manager.email), employee: await idOf(DEMO_ACCOUNTS.employee.email) });
    if (options.storage) await seedDemoBrand(db, options.storage, company!.id);
    if (options.storage) await seedDemoVault(db, options.storage, company!.id, await idOf(DEMO_ACCOUNTS.manager.email));
    if (options.storage) await seedDemoDce(db, options.storage, company!.id, await idOf(DEMO_ACCOUNTS.manager.email));
    // Billing (issue 14): Essentiel paid by transfer, with its last invoices.
    await seedDemoBilling(db, company!.id, await idOf(DEMO_ACCOUNTS.manager.email));
    // The demo's potential tenders read stored matches (issue 13): made once, when there are none yet.
    const [matched] = await db.select({ id: callMatches.tenderCallId }).from(callMatches).where(eq(callMatches.companyId, company!.id)).limit(1);
    if (!matched) await matchAllCalls(db);
  }
}

