import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const roleEnum = pgEnum('role', ['admin', 'manager', 'employee']);
export const inviteRoleEnum = pgEnum('invite_role', ['manager', 'employee']);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    // 14 digits, Luhn-checked by the domain rules; absent only for companies made before issue 3.
    siret: text('siret'),
    address: text('address').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    phone: text('phone').notNull().default(''),
    website: text('website').notNull().default(''),
    description: text('description').notNull().default(''),
    // The profile used to match tenders: activity keywords, CPV codes, départements and regions.
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    cpvCodes: text('cpv_codes').array().notNull().default(sql`'{}'::text[]`),
    departments: text('departments').array().notNull().default(sql`'{}'::text[]`),
    regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [uniqueIndex('companies_siret_idx').on(t.siret)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    pictureKey: text('picture_key'),
    pictureMime: text('picture_mime'),
    pictureVersion: integer('picture_version'),
    active: boolean('active').notNull().default(true),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // A password reset or change signs out the tokens issued before it (all of them, or all but
    // the one that made the change): checked in the same query as the token's revocation.
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    keptTokenJti: text('kept_token_jti'),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`), index('users_company_idx').on(t.companyId)],
);

// Sign-out revokes a token until it would have expired anyway.
export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: inviteRoleEnum('role').notNull(),
    // Only the SHA-256 of the token is kept: a database leak does not leak usable invitations.
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    invitedBy: uuid('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invitations_company_idx').on(t.companyId),
    foreignKey({ columns: [t.invitedBy], foreignColumns: [users.id], name: 'invitations_invited_by_fk' }).onDelete('set null'),
  ],
);

export const emailTokenKindEnum = pgEnum('email_token_kind', ['verify_email', 'reset_password']);

// Single-use tokens sent by email (address verification, password reset); only their SHA-256 is kept.
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: emailTokenKindEnum('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.kind)],
);

// Every email the product sends. Without SMTP_URL this table is the delivery: admins read it in
// the app, so every email flow can be finished on one machine. With SMTP it is the sent log.
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    // The one action link of the email (invitation, verification, reset), shown as a button.
    link: text('link'),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_emails_created_idx').on(t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type Role = (typeof roleEnum.enumValues)[number];
