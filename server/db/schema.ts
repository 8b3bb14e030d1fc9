import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, date, doublePrecision, foreignKey, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PriceFileRead } from '../analysis/prices/types';
import type { TextCut } from '../extraction/limits';

export type CompanyCandidature = {
  legalForm?: string;
  nafCode?: string;
  vatNumber?: string;
  sme?: boolean | null;
  legalRepresentative?: { name: string; capacity: string } | null;
  figures?: { year: number; turnover?: number | null; staff?: number | null }[];
  uploadMbps?: number | null;
};

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
    // The contract amounts (euros excluding VAT) the company answers; either end may be open.
    amountMin: bigint('amount_min', { mode: 'number' }),
    amountMax: bigint('amount_max', { mode: 'number' }),
    // The Word export's dressing: the logo file (PNG or JPEG) and the colour '#rrggbb'. The version
    // outlives a removal, so that a later logo never reuses a cached URL.
    logoKey: text('logo_key'),
    logoMime: text('logo_mime'),
    logoVersion: integer('logo_version'),
    brandColor: text('brand_color'),
    // The Go/No-Go grid's weights (0–10 per criterion); null: the defaults (server/domains/tenders/go-no-go.ts).
    goNoGoWeights: jsonb('go_no_go_weights').$type<Record<string, number>>(),
    // What the candidature forms (DC1, DC2, DUME) say beyond the identity, and the upload speed (issue 26).
    candidature: jsonb('candidature').$type<CompanyCandidature>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('companies_siret_idx').on(t.siret)],
);

// The language of the emails sent without a request (alerts, digests, billing reminders): the
// language of the user's last signed-in request, French until one says otherwise.
export const userLanguageEnum = pgEnum('user_language', ['fr', 'en']);
export const digestFrequencyEnum = pgEnum('digest_frequency', ['daily', 'weekly', 'off']);

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
    // Alerts (issue 13): the digest of new matching calls (off until the user opts in), the
    // reminder and change emails (on by default; each email's unsubscribe link turns them off),
    // and the calendar feed's secret, kept hashed (null: no feed; a new one revokes the old).
    digestFrequency: digestFrequencyEnum('digest_frequency').notNull().default('off'),
    digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
    alertEmails: boolean('alert_emails').notNull().default(true),
    // The generation of the unsubscribe links in alert emails, signed into each: moving it on
    // (alert settings saved, password changed or reset) revokes every link sent before.
    alertLinksGeneration: integer('alert_links_generation').notNull().default(0),
    icsTokenHash: text('ics_token_hash'),
    language: userLanguageEnum('language').notNull().default('fr'),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`), index('users_company_idx').on(t.companyId), index('users_ics_token_idx').on(t.icsTokenHash)],
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

// ── Tender pipeline (issue 4) ─────────────────────────────────────────────────────────────────

export const tenderSourceEnum = pgEnum('tender_source', ['manual', 'boamp', 'ted']);
export const procedureEnum = pgEnum('tender_procedure', ['open', 'restricted', 'negotiated', 'competitive_dialogue', 'adapted', 'other']);
export const tenderStatusEnum = pgEnum('tender_status', ['not_started', 'in_progress', 'pending', 'submitted', 'won', 'lost', 'non_compliant']);
export const matchStatusEnum = pgEnum('match_status', ['high', 'medium', 'low', 'none']);
export const tenderCallStatusEnum = pgEnum('tender_call_status', ['open', 'cancelled', 'awarded']);

// What a company expects to find in a DCE (the consultation file): RC, CCAP, CCTP, AE, BPU…
export const dceTemplates = pgTable('dce_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  // [{ code, label, required }], validated by the contract; read and written whole.
  documents: jsonb('documents').$type<{ code: string; label: string; required: boolean }[]>().notNull().default([]),
  ...timestamps,
});

// A published call for tenders, shared by every company that works it.
export const tenderCalls = pgTable(
  'tender_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    title: text('title').notNull(),
    buyer: text('buyer').notNull(),
    procedure: procedureEnum('procedure').notNull().default('open'),
    cpvCodes: text('cpv_codes').array().notNull().default(sql`'{}'::text[]`),
    department: text('department'),
    region: text('region'),
    // Euros excluding VAT, whole euros: an estimate, never a price to compute with.
    estimatedAmount: bigint('estimated_amount', { mode: 'number' }),
    publicationDate: date('publication_date', { mode: 'string' }),
    submissionDeadline: timestamp('submission_deadline', { withTimezone: true }).notNull(),
    questionsDeadline: timestamp('questions_deadline', { withTimezone: true }),
    siteVisitDate: timestamp('site_visit_date', { withTimezone: true }),
    siteVisitMandatory: boolean('site_visit_mandatory').notNull().default(false),
    noticeUrl: text('notice_url').notNull().default(''),
    description: text('description').notNull().default(''),
    source: tenderSourceEnum('source').notNull().default('manual'),
    dceTemplateId: uuid('dce_template_id').references(() => dceTemplates.id, { onDelete: 'set null' }),
    // French full-text search over what people look for, accents folded first (PGlite has no
    // unaccent): the same folding as lists' searchAny, see server/domains/admin/lists.ts.
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('french'::regconfig, translate(lower(replace(replace(reference || ' ' || title || ' ' || buyer || ' ' || description, 'œ', 'oe'), 'Œ', 'oe')), 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝŸýÿ', 'aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooouuuuuuuuyyyy'))`,
      ),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    // Imported calls (issue 13): the reference is the first notice's id (idweb, TED number), the
    // buyer's own reference apart; every notice that made or changed the call is in source_notices.
    sourceId: text('source_id'),
    buyerReference: text('buyer_reference'),
    buyerSiret: text('buyer_siret'),
    procedureRaw: text('procedure_raw'),
    departements: text('departements').array().notNull().default(sql`'{}'::text[]`),
    nuts: text('nuts').array().notNull().default(sql`'{}'::text[]`),
    // The IANA zone the deadline was published in; dayOnly: the notice gave a day without a time
    // (the deadline is then that day's midnight in the zone, the earliest it can mean).
    deadlineZone: text('deadline_zone'),
    deadlineDayOnly: boolean('deadline_day_only').notNull().default(false),
    status: tenderCallStatusEnum('status').notNull().default('open'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tender_calls_reference_idx').on(t.source, t.reference),
    index('tender_calls_deadline_idx').on(t.submissionDeadline),
    // Cross-source dedupe looks a call up by its buyer's reference and deadline (docs/sourcing.md):
    // with the reference alone the planner also scanned every call sharing the deadline.
    index('tender_calls_buyer_reference_idx').on(t.buyerReference, t.submissionDeadline),
    index('tender_calls_search_idx').using('gin', t.searchVector),
    // A search matches a reference inside ("26-1012"): trigrams let the planner OR it with the
    // full-text index above instead of reading every call (pg_trgm: a trusted extension).
    index('tender_calls_reference_trgm_idx').using('gin', sql`lower(${t.reference}) gin_trgm_ops`),
  ],
);

export const tenderCallLots = pgTable(
  'tender_call_lots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderCallId: uuid('tender_call_id')
      .notNull()
      .references(() => tenderCalls.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    estimatedAmount: bigint('estimated_amount', { mode: 'number' }),
    // Imported lots: the number as published ("2016-52") when it is not a plain integer, and their CPV codes.
    publishedNumber: text('published_number'),
    cpvCodes: text('cpv_codes').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [uniqueIndex('tender_call_lots_number_idx').on(t.tenderCallId, t.number)],
);

// A company's working of a call: one per company and call.
export const tenders = pgTable(
  'tenders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderCallId: uuid('tender_call_id')
      .notNull()
      .references(() => tenderCalls.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: tenderStatusEnum('status').notNull().default('not_started'),
    // Kept up to date with the company profile and the call (server/domains/tenders/match.ts).
    matchScore: integer('match_score').notNull().default(0),
    matchStatus: matchStatusEnum('match_status').notNull().default('none'),
    matchReasons: jsonb('match_reasons').$type<{ criterion: string; points: number; matched: string[] }[]>().notNull().default([]),
    answeredLots: integer('answered_lots').array().notNull().default(sql`'{}'::integer[]`),
    responseStep: integer('response_step').notNull().default(0),
    // A copy of the call's deadline, kept equal by the writes of the call: a company's list is
    // sorted by it, and an index of (company, deadline) serves that without reading the calls.
    submissionDeadline: timestamp('submission_deadline', { withTimezone: true }).notNull(),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tenders_company_call_idx').on(t.companyId, t.tenderCallId),
    index('tenders_company_deadline_idx').on(t.companyId, t.submissionDeadline, t.id),
    // A status's tenders in deadline order (a board column, a list filtered by status), however
    // many the company's other statuses hold.
    index('tenders_company_status_deadline_idx').on(t.companyId, t.status, t.submissionDeadline, t.id),
    index('tenders_call_idx').on(t.tenderCallId),
  ],
);

export const tenderStatusChanges = pgTable(
  'tender_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    // null: the tender's creation.
    fromStatus: tenderStatusEnum('from_status'),
    toStatus: tenderStatusEnum('to_status').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    // Why: given when a submitted tender is reopened (docs/decisions.md); null otherwise.
    reason: text('reason'),
  },
  (t) => [index('tender_status_changes_tender_idx').on(t.tenderId, t.changedAt)],
);

// Files of a tender (the DCE and the response). The file is in the storage under `storage_key`,
// written before the row and renamed into place only once the row is committed.
export const tenderDocuments = pgTable(
  'tender_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    // ZIP archives (a whole DCE): their entries, listed at upload without unpacking.
    entries: jsonb('entries').$type<{ name: string; size: number }[]>(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    // The latest text extraction of the current file (a job), and what it found, written with the pages.
    extractionJobId: uuid('extraction_job_id').references(() => jobs.id, { onDelete: 'set null' }),
    extraction: jsonb('extraction').$type<ExtractionSummary>(),
    ...timestamps,
  },
  (t) => [index('tender_documents_tender_idx').on(t.tenderId, t.createdAt)],
);

/**
 * What an extraction found, per readable part (the file, or each entry of a ZIP DCE). `textBytes`:
 * the UTF-8 bytes of the pages' text, counted in the company's storage; `textCut`: what the limits
 * of server/extraction/limits.ts left out.
 */
export type ExtractionSummary = {
  parts: { entry: string | null; format: string; pages: number; error?: string; ocrUnavailablePages?: number }[];
  ocrAvailable: boolean;
  textBytes?: number;
  textCut?: TextCut;
};

export const jobStatusEnum = pgEnum('job_status', ['queued', 'running', 'done', 'failed']);

// Background work (text extraction, analyses): a queue in the database, claimed with
// FOR UPDATE SKIP LOCKED, so that jobs survive a restart and several servers never run one twice.
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: jobStatusEnum('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    // A queued job waits until then (back-off after a failure).
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    // A running job whose lease has passed lost its worker (a killed server): it is claimed again.
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    // The message key of the last failure.
    error: text('error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAfter),
    // A schedule (server/jobs/schedules.ts) has at most one occurrence waiting: each pass runs once per period across the fleet.
    uniqueIndex('jobs_one_queued_schedule').on(t.kind).where(sql`${t.status} = 'queued' and ${t.kind} like 'schedule:%'`),
  ],
);

// The sign-in, registration, password-reset and invitation limits (server/http/rate-limit.ts):
// one fixed window per key, shared by every process on the database. A window past reset_at is
// over: the next attempt starts a new one, and old rows are swept.
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_windows_reset_idx').on(t.resetAt)],
);

// Workers that run LibreOffice jobs (server/domains/memories/office-jobs.ts): each keeps its row
// fresh while it runs, so an API process knows whether an export can be made and with which emoji
// font, without starting soffice itself. A row not seen for a while is a worker that died.
export const officeWorkers = pgTable('office_workers', {
  id: uuid('id').primaryKey(),
  emojiFont: text('emoji_font'),
  concurrency: integer('concurrency').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

// The text of each page of a tender document (of each entry of a ZIP), for previews, search,
// analyses and the chat's citations.
export const documentPages = pgTable(
  'document_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => tenderDocuments.id, { onDelete: 'cascade' }),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    // '' for the file itself, else the entry's path inside the archive.
    entry: text('entry').notNull().default(''),
    page: integer('page').notNull(),
    // As extracted (shown in previews and quoted as excerpts) …
    text: text('text').notNull(),
    // … and without the running headers and footers that repeat on every page (what search reads).
    body: text('body').notNull(),
    ocr: text('ocr').notNull().default('none'),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('french'::regconfig, translate(lower(replace(replace(body, 'œ', 'oe'), 'Œ', 'oe')), 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝŸýÿ', 'aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooouuuuuuuuyyyy'))`,
      ),
  },
  (t) => [
    uniqueIndex('document_pages_page_idx').on(t.documentId, t.entry, t.page),
    index('document_pages_tender_idx').on(t.tenderId),
    index('document_pages_search_idx').using('gin', t.searchVector),
  ],
);

export const companyDocumentKindEnum = pgEnum('company_document_kind', [
  'kbis',
  'urssaf',
  'tax',
  'insurance',
  'certification',
  'reference_letter',
  'other',
]);

// The company's administrative vault: attestations and certificates with a validity end.
export const companyDocuments = pgTable(
  'company_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: companyDocumentKindEnum('kind').notNull(),
    title: text('title').notNull(),
    issueDate: date('issue_date', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('company_documents_company_idx').on(t.companyId, t.validUntil)],
);

export const reportTypeEnum = pgEnum('report_type', ['bug', 'feature_request', 'feedback', 'other']);
export const reportPriorityEnum = pgEnum('report_priority', ['low', 'medium', 'high', 'critical']);
export const reportStatusEnum = pgEnum('report_status', ['open', 'in_progress', 'resolved', 'closed']);

// Issue reports filed from any signed-in page. They outlive their reporter and the company
// (kept for the admins' history); company_id is the reporter's company when the report was filed.
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: reportTypeEnum('type').notNull(),
    priority: reportPriorityEnum('priority').notNull(),
    status: reportStatusEnum('status').notNull().default('open'),
    currentUrl: text('current_url').notNull(),
    screenshotKey: text('screenshot_key'),
    screenshotMime: text('screenshot_mime'),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('reports_created_idx').on(t.createdAt), index('reports_reporter_idx').on(t.reporterId)],
);

// A tender's response planning: one per tender, its tasks in the order of the list.
export const plannings = pgTable('plannings', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenderId: uuid('tender_id')
    .notNull()
    .unique('plannings_tender_idx')
    .references(() => tenders.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  // Optimistic concurrency: every write adds one; a full replace names the version it was drawn from.
  version: integer('version').notNull().default(1),
  ...timestamps,
});

export const planningTasks = pgTable(
  'planning_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planningId: uuid('planning_id')
      .notNull()
      .references(() => plannings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    done: boolean('done').notNull().default(false),
    // A key date of the call (questions, site visit, submission): shown as a diamond, end = start.
    milestone: boolean('milestone').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('planning_tasks_planning_idx').on(t.planningId, t.position),
    check('planning_tasks_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export const organigrammeTypeEnum = pgEnum('organigramme_type', ['normal', 'construction']);

// A company's organisation chart of one kind: the whole company (normal) or a construction site
// team (construction). Positions are one tree, checked by the server before any write.
export const organigrammes = pgTable(
  'organigrammes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: organigrammeTypeEnum('type').notNull(),
    positions: jsonb('positions').$type<{ _id: string; parentId: string | null; title: string; name: string; contact: string }[]>().notNull(),
    // Optimistic concurrency: every write adds one; a replace names the version it was drawn from.
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('organigrammes_company_type_idx').on(t.companyId, t.type)],
);

export type TenderStatus = (typeof tenderStatusEnum.enumValues)[number];
export type MatchStatus = (typeof matchStatusEnum.enumValues)[number];

/** A fact of a DCE analysis as stored (docs/dce-analysis.md): its sources, who found it, whether a person checked it. */
export type StoredFact = {
  key: string;
  value: unknown;
  sources: { documentId: string; entry: string | null; fileName: string; page: number; excerpt: string }[];
  confidence: number;
  status: 'extracted' | 'confirmed' | 'corrected';
  origin: 'rules' | 'llm' | 'user';
  /** Who confirmed or corrected it, and when (ISO). */
  reviewedBy?: { _id: string; username: string } | null;
  reviewedAt?: string | null;
  /** Kept by a new run although its source text changed: to review. */
  sourceChanged?: boolean;
};
/** A red flag as stored: its message key and values are translated when read. */
export type StoredRedFlag = { key: string; vars: Record<string, string | number>; sources: StoredFact['sources'] };

// One run of the DCE analysis of a tender (a job): what the documents are, what the DCE lacks,
// the facts with their sources, and the red flags. Results are written once, when the job ends.
export const dceAnalyses = pgTable(
  'dce_analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    documents: jsonb('documents').$type<{ documentId: string; entry: string | null; fileName: string; kind: string; pages: number }[]>().notNull().default([]),
    missing: jsonb('missing').$type<{ code: string; label: string; required: boolean }[]>().notNull().default([]),
    facts: jsonb('facts').$type<StoredFact[]>().notNull().default([]),
    redFlags: jsonb('red_flags').$type<StoredRedFlag[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('dce_analyses_tender_idx').on(t.tenderId, t.createdAt)],
);

// A buyer's price file of a tender (BPU, DQE, DPGF, financial frame; issue 25): the file as read
// (`read`: its lines tied to their cells, the buyer's values), the company's unit prices by line
// id, and a version for the autosave's conflicts. `sha256` is the document's when read: a
// replaced document is read again, the prices of lines still there kept.
export const priceFiles = pgTable(
  'price_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => tenderDocuments.id, { onDelete: 'cascade' }),
    // The ZIP entry, '' for a file uploaded alone (part of the unique key).
    entry: text('entry').notNull().default(''),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    read: jsonb('read').$type<PriceFileRead>().notNull(),
    prices: jsonb('prices').$type<Record<string, number | null>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('price_files_document_idx').on(t.documentId, t.entry), index('price_files_tender_idx').on(t.tenderId)],
);

// The file chosen for one piece of a tender's submission folder (issue 26): uploaded for this
// tender (its bytes stored under storageKey) or a document of the company's vault.
export const submissionPieces = pgTable(
  'submission_pieces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    companyDocumentId: uuid('company_document_id').references(() => companyDocuments.id, { onDelete: 'cascade' }),
    fileName: text('file_name'),
    mime: text('mime'),
    size: bigint('size', { mode: 'number' }),
    sha256: text('sha256'),
    storageKey: text('storage_key'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('submission_pieces_tender_code_idx').on(t.tenderId, t.code)],
);

// A deposit recorded on the buyer's platform: the folder frozen as a ZIP with each file's size and
// SHA-256, and the platform's acknowledgement. One per tender.
export const submissionDeposits = pgTable('submission_deposits', {
  tenderId: uuid('tender_id')
    .primaryKey()
    .references(() => tenders.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  depositedAt: timestamp('deposited_at', { withTimezone: true }).notNull(),
  recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
  acknowledgementName: text('acknowledgement_name').notNull(),
  acknowledgementMime: text('acknowledgement_mime').notNull(),
  acknowledgementSize: bigint('acknowledgement_size', { mode: 'number' }).notNull(),
  acknowledgementKey: text('acknowledgement_key').notNull(),
  zipKey: text('zip_key').notNull(),
  files: jsonb('files').$type<{ path: string; bytes: number; sha256: string }[]>().notNull(),
  totalBytes: bigint('total_bytes', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A co-contractor of a groupement, as the DC1 names it (the company itself is the mandataire). */
export type GroupementMemberRow = {
  name: string;
  siret: string;
  address: string;
  postalCode: string;
  city: string;
  /** The share of the work it performs, in the manager's words. */
  role: string;
  legalRepresentative?: { name: string; capacity: string };
  email?: string;
};

// The groupement a tender is answered in (issue 26): none while the company answers alone. The
// company is the mandataire; the co-contractors are kept whole, in the order the DC1 lists them.
export const submissionGroupements = pgTable('submission_groupements', {
  tenderId: uuid('tender_id')
    .primaryKey()
    .references(() => tenders.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** 'joint' (conjoint) or 'several' (solidaire). */
  kind: text('kind').$type<'joint' | 'several'>().notNull(),
  /** In a groupement conjoint, whether the mandataire is jointly liable; null for a groupement solidaire. */
  mandataireJointlyLiable: boolean('mandataire_jointly_liable'),
  /** The company's own share of the work (the DC1's row of the mandataire). */
  mandataireRole: text('mandataire_role').notNull().default(''),
  members: jsonb('members').$type<GroupementMemberRow[]>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

// The company's unit prices as it last exported them, by designation (folded) and unit: suggested
// on its next price files and the reference of the outlier check.
export const companyUnitPrices = pgTable(
  'company_unit_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    designation: text('designation').notNull(),
    unit: text('unit').notNull().default(''),
    label: text('label').notNull(),
    unitPrice: doublePrecision('unit_price').notNull(),
    fileName: text('file_name').notNull(),
    exportedAt: timestamp('exported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('company_unit_prices_key_idx').on(t.companyId, t.designation, t.unit)],
);

export const cctpRequirementKindEnum = pgEnum('cctp_requirement_kind', ['obligation', 'performance', 'norm', 'deliverable', 'training', 'warranty', 'other']);
export const cctpRequirementStatusEnum = pgEnum('cctp_requirement_status', ['todo', 'covered', 'not_applicable']);

// One run of the CCTP analysis of a tender (a job): the documents read and, in cctp_requirements,
// the requirements found, written in one transaction when the job ends.
export const cctpAnalyses = pgTable(
  'cctp_analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    documents: jsonb('documents').$type<{ documentId: string; entry: string | null; fileName: string; pages: number }[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('cctp_analyses_tender_idx').on(t.tenderId, t.createdAt)],
);

// A requirement of the compliance matrix: where the CCTP says it, and how the company answers it.
// The document is named, not referenced: a requirement outlives a replaced or deleted file.
export const cctpRequirements = pgTable(
  'cctp_requirements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => cctpAnalyses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    documentId: uuid('document_id').notNull(),
    entry: text('entry'),
    fileName: text('file_name').notNull(),
    page: integer('page').notNull(),
    sectionNumber: text('section_number').notNull().default(''),
    sectionTitle: text('section_title').notNull().default(''),
    text: text('text').notNull(),
    kind: cctpRequirementKindEnum('kind').notNull(),
    norms: jsonb('norms').$type<string[]>().notNull().default([]),
    status: cctpRequirementStatusEnum('status').notNull().default('todo'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    ...timestamps,
  },
  (t) => [index('cctp_requirements_analysis_idx').on(t.analysisId, t.position)],
);

export const chatModeEnum = pgEnum('chat_mode', ['llm', 'extractive']);

// A question a person asked a tender's documents, and the answer with the pages it cites. Each
// person has their own history per tender.
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    citations: jsonb('citations').$type<StoredFact['sources']>().notNull().default([]),
    mode: chatModeEnum('mode').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_tender_user_idx').on(t.tenderId, t.userId, t.createdAt)],
);

// The team's notes on a tender (one text per tender), written by hand or fed from the chat's
// answers. Optimistic concurrency: a save names the version it was written from.
export const tenderNotes = pgTable('tender_notes', {
  tenderId: uuid('tender_id')
    .primaryKey()
    .references(() => tenders.id, { onDelete: 'cascade' }),
  text: text('text').notNull().default(''),
  version: integer('version').notNull().default(1),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const goNoGoDecisionEnum = pgEnum('go_no_go_decision', ['go', 'no_go']);

/**
 * A tender's Go/No-Go grid: a 0–4 rating and a note per criterion, and the decision with who and
 * when. A no-go takes the tender out of the active pipeline without changing its status.
 */
export const tenderGoNoGo = pgTable('tender_go_no_go', {
  tenderId: uuid('tender_id')
    .primaryKey()
    .references(() => tenders.id, { onDelete: 'cascade' }),
  ratings: jsonb('ratings').$type<Record<string, { rating: number; note: string }>>().notNull().default({}),
  version: integer('version').notNull().default(1),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  decision: goNoGoDecisionEnum('decision'),
  reason: text('reason'),
  decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});

export const resumeParseStatusEnum = pgEnum('resume_parse_status', ['none', 'parsing', 'parsed', 'failed']);

/** A resume's lists as stored (the contract's shapes, without what is computed on reading). */
export type ResumeEducationItem = { title: string; school: string | null; year: number | null };
export type ResumeCertificationItem = { name: string; issuer: string | null; obtainedOn: string | null; validUntil: string | null };
export type ResumeLanguageItem = { language: string; level: string | null };
export type ResumeProjectItem = { title: string; client: string | null; year: number | null; amount: number | null; role: string | null };
/** A job of the CV: its title, the employer, and its years (endYear null: to this day). */
export type ResumeExperienceItem = { title: string; employer: string | null; startYear: number | null; endYear: number | null };
export type ResumePositionItem = { chart: 'normal' | 'construction'; positionId: string };

// The CVs of a company's staff (issue 12): fields typed or read from the uploaded CV, the file
// kept. `search_text` is written by the app (name, title, skills, certifications folded like
// searchAny folds the query). Optimistic concurrency: a patch names the version it was made from.
export const resumes = pgTable(
  'resumes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull().default(''),
    jobTitle: text('job_title'),
    yearsExperience: integer('years_experience'),
    education: jsonb('education').$type<ResumeEducationItem[]>().notNull().default([]),
    certifications: jsonb('certifications').$type<ResumeCertificationItem[]>().notNull().default([]),
    skills: jsonb('skills').$type<string[]>().notNull().default([]),
    languages: jsonb('languages').$type<ResumeLanguageItem[]>().notNull().default([]),
    projects: jsonb('projects').$type<ResumeProjectItem[]>().notNull().default([]),
    experiences: jsonb('experiences').$type<ResumeExperienceItem[]>().notNull().default([]),
    positions: jsonb('positions').$type<ResumePositionItem[]>().notNull().default([]),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name'),
    mime: text('mime'),
    size: bigint('size', { mode: 'number' }),
    sha256: text('sha256'),
    storageKey: text('storage_key'),
    parseStatus: resumeParseStatusEnum('parse_status').notNull().default('none'),
    parseError: text('parse_error'),
    // The fields the CV filled and by what ('rules' | 'llm'); a field edited since is dropped.
    filledFrom: jsonb('filled_from').$type<Record<string, 'rules' | 'llm'>>().notNull().default({}),
    searchText: text('search_text').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('resumes_company_idx').on(t.companyId, t.fullName), index('resumes_user_idx').on(t.userId)],
);

// ── Technical memories (issue 12) ─────────────────────────────────────────────────────────────

/** The criterion a section answers, as the DCE analysis weighs it (weights in % of the grade). */
export type MemoryCriterion = { name: string; weight: number; subCriterion?: string; subWeight?: number };
export type MemoryFrameRef = { documentId: string; entry: string | null; fileName: string; format: 'docx' | 'odt' | 'pdf'; fillable: boolean };
export type MemoryFrameItem = {
  index: number;
  number: string;
  prompt: string;
  limit: { pages?: number; characters?: number; words?: number; excerpt: string } | null;
  criterion: { label: string; weight: number | null } | null;
};
/** A section as a version keeps it: everything needed to put it back. */
export type MemorySectionSnapshot = {
  id: string;
  position: number;
  title: string;
  level: number;
  content: unknown;
  text: string;
  criterion: MemoryCriterion | null;
  requirementIds: string[];
  status: string;
  assigneeId: string | null;
  source: string | null;
  resourcesHash: string | null;
  /** Absent in versions kept before frames (issue 25). */
  frameItem?: MemoryFrameItem | null;
};

// A company's technical memory (mémoire technique) for one of its tenders. `version` guards the
// memory's own fields (title, status); each section has its own version for autosave.
export const memories = pgTable(
  'memories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    status: text('status').notNull().default('draft'),
    // The RC's page or word limit for the memory, when it sets one.
    limits: jsonb('limits').$type<{ pages?: number; words?: number }>(),
    // The pages of its last export laid out by LibreOffice (its PDF, or the buyer's frame filled), and when:
    // checked against `limits.pages` and each frame item's page limit (issue 25). No layout: the PDF.
    pdfPages: jsonb('pdf_pages').$type<{ count: number; countedAt: string; layout?: 'pdf' | 'frame'; sections?: { sectionId: string; pages: number }[] }>(),
    // The buyer's response frame the outline was made from (issue 25): where its file is, and whether answers can be written into it.
    frame: jsonb('frame').$type<MemoryFrameRef>(),
    // Notes about how the outline was made (a price criterion left out), as catalogue keys.
    notes: jsonb('notes').$type<{ key: string; vars: Record<string, string | number> }[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    // The last rules (or model) analysis, as answered, and when it ran.
    analysis: jsonb('analysis').$type<Record<string, unknown>>(),
    analysedAt: timestamp('analysed_at', { withTimezone: true }),
    lastSnapshotAt: timestamp('last_snapshot_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('memories_tender_idx').on(t.tenderId, t.createdAt), index('memories_company_idx').on(t.companyId)],
);

// A section: TipTap JSON in `content`, its plain text in `text` written by the server.
export const memorySections = pgTable(
  'memory_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memoryId: uuid('memory_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    level: integer('level').notNull().default(1),
    content: jsonb('content').notNull(),
    text: text('text').notNull().default(''),
    criterion: jsonb('criterion').$type<MemoryCriterion>(),
    requirementIds: jsonb('requirement_ids').$type<string[]>().notNull().default([]),
    // The frame item the section answers: its place in the frame, number, the buyer's words and limit.
    frameItem: jsonb('frame_item').$type<MemoryFrameItem>(),
    status: text('status').notNull().default('draft'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    // 'criteria' | 'staff' | 'planning' | 'references': what generated it; resource sections keep
    // the hash of the data they were generated from, to tell when they are stale.
    source: text('source'),
    resourcesHash: text('resources_hash'),
    version: integer('version').notNull().default(1),
    // Who saved the current version: a conflict says "you, in another tab" or names the colleague.
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('memory_sections_memory_idx').on(t.memoryId, t.position)],
);

// A snapshot of a memory's sections: on demand, every 10 minutes of editing, before a restore or a refresh.
export const memoryVersions = pgTable(
  'memory_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memoryId: uuid('memory_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    words: integer('words').notNull().default(0),
    sections: jsonb('sections').$type<MemorySectionSnapshot[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('memory_versions_memory_idx').on(t.memoryId, t.createdAt)],
);

// ── Content library (issue 12) ────────────────────────────────────────────────────────────────

// A company's reusable answer block: TipTap JSON in `content`, its plain text in `text` written by
// the server. `search_text` is what French full-text search reads (title, text, tags), folded by
// the app like lists' search (PGlite has no unaccent) with the preposition "à" left out first:
// folded to "a" it would no longer be a French stopword.
export const libraryBlocks = pgTable(
  'library_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: jsonb('content').notNull(),
    text: text('text').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    cpvCodes: jsonb('cpv_codes').$type<string[]>().notNull().default([]),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    sourceSectionId: uuid('source_section_id').references(() => memorySections.id, { onDelete: 'set null' }),
    lastReviewedAt: timestamp('last_reviewed_at', { withTimezone: true }),
    reviewDue: date('review_due', { mode: 'string' }),
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('french'::regconfig, search_text)`),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('library_blocks_company_idx').on(t.companyId, t.title),
    index('library_blocks_review_idx').on(t.companyId, t.reviewDue),
    index('library_blocks_search_idx').using('gin', t.searchVector),
  ],
);

// ── Memory comments and images (issue 12) ─────────────────────────────────────────────────────

// A comment thread on a passage of a memory's section: the editor marks the passage with a
// `comment` mark carrying the thread's id; `quote` keeps the passage's words as they were.
export const memoryThreads = pgTable(
  'memory_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memoryId: uuid('memory_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    // No foreign key: restoring a version deletes and re-inserts the sections under the same ids,
    // and the threads must follow them back.
    sectionId: uuid('section_id').notNull(),
    quote: text('quote').notNull(),
    resolved: boolean('resolved').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('memory_threads_memory_idx').on(t.memoryId, t.createdAt)],
);

export const memoryComments = pgTable(
  'memory_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => memoryThreads.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('memory_comments_thread_idx').on(t.threadId, t.createdAt)],
);

// An image of a memory's sections: the section's image node names it by URL, never by its bytes.
export const memoryImages = pgTable(
  'memory_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memoryId: uuid('memory_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('memory_images_memory_idx').on(t.memoryId)],
);

// ── Notice import (issue 13) ──────────────────────────────────────────────────────────────────

export const importRunStatusEnum = pgEnum('import_run_status', ['queued', 'running', 'done', 'failed']);

// One import of a file (an admin's upload, run by a job, or the CLI) and what it did.
export const importRuns = pgTable(
  'import_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    // The uploaded file while its job has not finished (removed once imported).
    storageKey: text('storage_key'),
    status: importRunStatusEnum('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    notices: integer('notices').notNull().default(0),
    newCount: integer('new_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    cancelledCount: integer('cancelled_count').notNull().default(0),
    awardedCount: integer('awarded_count').notNull().default(0),
    refusedCount: integer('refused_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    error: text('error'),
    // How the file came: an admin's upload, the CLI, or the scheduled fetch (its URL is the file name).
    origin: text('origin').notNull().default('upload'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('import_runs_created_idx').on(t.createdAt)],
);

// Every notice imported, by its id at its source: what makes a re-import change nothing (same
// hash), and a call's links (one call may be published on BOAMP and TED). tender_call_id is null
// for an award of a call never imported.
export const sourceNotices = pgTable(
  'source_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source').notNull(),
    sourceId: text('source_id').notNull(),
    tenderCallId: uuid('tender_call_id').references(() => tenderCalls.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    shape: text('shape').notNull(),
    url: text('url'),
    publishedAt: date('published_at', { mode: 'string' }),
    // "source:sourceId" of the notices this one names (corrected, cancelled, awarded, TED twin).
    related: text('related').array().notNull().default(sql`'{}'::text[]`),
    hash: text('hash').notNull(),
    importRunId: uuid('import_run_id').references(() => importRuns.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('source_notices_source_idx').on(t.source, t.sourceId),
    index('source_notices_call_idx').on(t.tenderCallId),
    // Read by every import batch: without fastupdate, no pending list for each lookup to scan.
    index('source_notices_related_idx').using('gin', t.related).with({ fastupdate: false }),
  ],
);

// What a notice changed on a call: [{ field, from, to }]; deadlineMoved said apart (companies
// working the call are to be told).
export const tenderCallChanges = pgTable(
  'tender_call_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderCallId: uuid('tender_call_id')
      .notNull()
      .references(() => tenderCalls.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    source: text('source').notNull(),
    sourceId: text('source_id').notNull(),
    changes: jsonb('changes').$type<{ field: string; from: unknown; to: unknown }[]>().notNull().default([]),
    deadlineMoved: boolean('deadline_moved').notNull().default(false),
    importRunId: uuid('import_run_id').references(() => importRuns.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tender_call_changes_call_idx').on(t.tenderCallId, t.createdAt)],
);

// A contract awarded (award notice or DECP record), to the call when it is known.
export const awards = pgTable(
  'awards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderCallId: uuid('tender_call_id').references(() => tenderCalls.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    sourceId: text('source_id').notNull(),
    position: integer('position').notNull(),
    lot: text('lot'),
    winners: jsonb('winners').$type<{ name: string | null; siret: string | null }[]>().notNull().default([]),
    // Euros excluding VAT, whole euros.
    amount: bigint('amount', { mode: 'number' }),
    awardDate: date('award_date', { mode: 'string' }),
    offers: integer('offers'),
    title: text('title').notNull(),
    buyer: text('buyer'),
    buyerSiret: text('buyer_siret'),
    cpvCodes: text('cpv_codes').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('awards_notice_idx').on(t.source, t.sourceId, t.position),
    index('awards_call_idx').on(t.tenderCallId),
    index('awards_buyer_idx').on(t.buyerSiret),
    // A buyer's past awards for similar CPV codes, and a company's wins by SIRET.
    index('awards_cpv_idx').using('gin', t.cpvCodes),
    index('awards_winners_idx').using('gin', t.winners),
    // A company's wins by SIREN: those of its other establishments too (same first 9 digits of
    // the SIRET). award_winner_sirens is an immutable SQL function (migration 0025).
    index('awards_winner_sirens_idx').using('gin', sql`award_winner_sirens(${t.winners})`),
    // A buyer's past awards when its call names no SIRET: by its name folded as normalisedBuyer
    // folds it (name_key, an immutable SQL function, migration 0027).
    index('awards_buyer_key_idx').on(sql`name_key(${t.buyer})`),
  ],
);

// A notice an import could not take, with its reason (a catalogue key) for an admin to see.
export const refusedNotices = pgTable(
  'refused_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    importRunId: uuid('import_run_id')
      .notNull()
      .references(() => importRuns.id, { onDelete: 'cascade' }),
    source: text('source'),
    sourceId: text('source_id'),
    reason: text('reason').notNull(),
    detail: text('detail').notNull().default(''),
    fileName: text('file_name').notNull(),
    origin: text('origin'),
    // The notice's rank in the file (1-based): refusals are listed in file order.
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refused_notices_run_idx').on(t.importRunId, t.position)],
);

// ── Matching, alerts (issue 13) ───────────────────────────────────────────────────────────────

// How well each open call fits each company, stored when the call is imported or changed and when
// the company's profile, vault or wins change (server/domains/sourcing/matching.ts): potential
// tenders page and filter on it in SQL. Only calls that fit at all (score > 0) have a row.
export const callMatches = pgTable(
  'call_matches',
  {
    // No foreign keys: their checks, two per row, took half the time of writing a day's matches
    // (docs/sourcing.md). matching.ts locks the companies and calls it writes rows for, and
    // triggers (added by the migration that dropped them) delete the rows of a deleted company or call.
    companyId: uuid('company_id').notNull(),
    tenderCallId: uuid('tender_call_id').notNull(),
    score: integer('score').notNull(),
    status: matchStatusEnum('status').notNull(),
    reasons: jsonb('reasons').$type<{ criterion: string; points: number; matched: string[] }[]>().notNull().default([]),
    // The call's submission deadline, copied when the row is written (a moved deadline rematches
    // the call): a company's page is read from this table's index alone, without the calls.
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('call_matches_pk_idx').on(t.companyId, t.tenderCallId),
    index('call_matches_company_score_idx').on(t.companyId, t.score.desc(), t.deadline, t.tenderCallId),
    index('call_matches_call_idx').on(t.tenderCallId),
  ],
);

export const callFeedbackVerdictEnum = pgEnum('call_feedback_verdict', ['relevant', 'not_relevant']);

// A company's word on a call: not relevant (with a reason) hides it and lowers similar calls;
// relevant raises them.
export const callFeedback = pgTable(
  'call_feedback',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tenderCallId: uuid('tender_call_id')
      .notNull()
      .references(() => tenderCalls.id, { onDelete: 'cascade' }),
    verdict: callFeedbackVerdictEnum('verdict').notNull(),
    reason: text('reason').notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('call_feedback_pk_idx').on(t.companyId, t.tenderCallId)],
);

// The in-app notification centre. dedupeKey makes a reminder or an alert once per user
// (e.g. "reminder:7:<tenderId>:<deadline>"), however often the scheduler runs.
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tenderId: uuid('tender_id').references(() => tenders.id, { onDelete: 'cascade' }),
    tenderCallId: uuid('tender_call_id').references(() => tenderCalls.id, { onDelete: 'cascade' }),
    // What the message needs besides the tender: dates, counts, the change.
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text('dedupe_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notifications_dedupe_idx').on(t.userId, t.dedupeKey), index('notifications_user_idx').on(t.userId, t.createdAt)],
);

// ── Billing (issue 14) ────────────────────────────────────────────────────────────────────────

// The plans themselves (names, prices, limits) are code: server/domains/billing/plans.ts.
export const subscriptionStatusEnum = pgEnum('subscription_status', ['trialing', 'active', 'past_due', 'canceled']);
export const billingCycleEnum = pgEnum('billing_cycle', ['monthly', 'yearly']);
export const paymentMethodEnum = pgEnum('payment_method', ['card', 'transfer']);
export const invoiceKindEnum = pgEnum('invoice_kind', ['invoice', 'credit_note']);
export const invoiceStatusEnum = pgEnum('invoice_status', ['open', 'paid', 'credited']);

// One per company. No row yet: a trial of the top plan from the company's creation (created on
// first read). A trial that ended, or a canceled subscription, counts as the free plan.
export const subscriptions = pgTable('subscriptions', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  plan: text('plan').notNull(),
  status: subscriptionStatusEnum('status').notNull(),
  cycle: billingCycleEnum('cycle').notNull().default('monthly'),
  paymentMethod: paymentMethodEnum('payment_method'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  // A card's summary for the page ("visa •••• 4242"), never the card itself.
  cardSummary: text('card_summary'),
  ...timestamps,
});

// Every change of plan: by an admin (with a reason), a bank-transfer order, a payment, the trial's end.
export const planChanges = pgTable(
  'plan_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fromPlan: text('from_plan'),
    toPlan: text('to_plan').notNull(),
    source: text('source').notNull(),
    reason: text('reason').notNull().default(''),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_changes_company_idx').on(t.companyId, t.createdAt)],
);

// Who the invoices are made out to; empty until a manager fills it (the company's own details are used meanwhile).
export const billingDetails = pgTable('billing_details', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  legalName: text('legal_name').notNull().default(''),
  address: text('address').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  city: text('city').notNull().default(''),
  country: text('country').notNull().default('FR'),
  siret: text('siret').notNull().default(''),
  vatNumber: text('vat_number').notNull().default(''),
  invoiceEmail: text('invoice_email').notNull().default(''),
  ...timestamps,
});

// The last invoice number used per year: locked by the issuing transaction, so numbers follow on
// without a gap or a duplicate (a rolled-back issue gives its number back).
export const invoiceSequences = pgTable('invoice_sequences', {
  year: integer('year').primaryKey(),
  lastSeq: integer('last_seq').notNull(),
});

export type PartySnapshot = {
  legalName: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  siret: string;
  vatNumber: string;
  email?: string;
  legalForm?: string;
  capital?: string;
  rcs?: string;
};

// An issued invoice or credit note: never changed once issued except its payment state; a
// correction is a credit note (kind credit_note, creditedInvoiceId) with a number of the same sequence.
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Invoices are kept (ten years, Code de commerce L123-22) when the company is deleted: the buyer is in the snapshot.
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    kind: invoiceKindEnum('kind').notNull().default('invoice'),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    status: invoiceStatusEnum('status').notNull().default('open'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    plan: text('plan'),
    cycle: billingCycleEnum('cycle'),
    paymentMethod: paymentMethodEnum('payment_method').notNull(),
    // The bank transfer's reference the buyer quotes (the number by default).
    paymentReference: text('payment_reference').notNull(),
    currency: text('currency').notNull().default('EUR'),
    // Cents.
    totalExclVat: bigint('total_excl_vat', { mode: 'number' }).notNull(),
    totalVat: bigint('total_vat', { mode: 'number' }).notNull(),
    totalInclVat: bigint('total_incl_vat', { mode: 'number' }).notNull(),
    seller: jsonb('seller').$type<PartySnapshot>().notNull(),
    buyer: jsonb('buyer').$type<PartySnapshot>().notNull(),
    creditedInvoiceId: uuid('credited_invoice_id'),
    // Why a credit note was issued (printed on it); empty on invoices.
    note: text('note').notNull().default(''),
    stripeInvoiceId: text('stripe_invoice_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_year_seq_idx').on(t.year, t.seq),
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_stripe_idx').on(t.stripeInvoiceId),
    index('invoices_company_idx').on(t.companyId, t.issueDate),
    foreignKey({ columns: [t.creditedInvoiceId], foreignColumns: [t.id], name: 'invoices_credited_fk' }).onDelete('restrict'),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    // Cents excluding VAT; the rate in hundredths of a percent (2000 = 20 %).
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    vatRate: integer('vat_rate').notNull(),
    totalExclVat: bigint('total_excl_vat', { mode: 'number' }).notNull(),
    vat: bigint('vat', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('invoice_lines_position_idx').on(t.invoiceId, t.position)],
);

// Money received against an invoice (a bank transfer marked by an admin, or a card payment).
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    method: paymentMethodEnum('method').notNull(),
    reference: text('reference').notNull().default(''),
    receivedAt: date('received_at', { mode: 'string' }).notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_invoice_idx').on(t.invoiceId)],
);

// Stripe events already applied: inserted in the transaction of their effects, so a redelivered event is a no-op.
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

// The built-in connectors (BOAMP, TED, DECP; issue 24): the admin's switch, where the next run resumes
// (the last record imported: its publication date and id at the source) and how the last run went.
// A row appears the first time the connector is scheduled or shown.
export const sourcingConnectors = pgTable('sourcing_connectors', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  cursorDate: date('cursor_date', { mode: 'string' }),
  cursorId: text('cursor_id'),
  // 'never' | 'succeeded' | 'failed': how the last run ended (queued and running are its job's).
  status: text('status').notNull().default('never'),
  jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
  importRunId: uuid('import_run_id').references(() => importRuns.id, { onDelete: 'set null' }),
  fetched: integer('fetched').notNull().default(0),
  newCount: integer('new_count').notNull().default(0),
  updatedCount: integer('updated_count').notNull().default(0),
  refusedCount: integer('refused_count').notNull().default(0),
  error: text('error'),
  failures: integer('failures').notNull().default(0),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }),
  ...timestamps,
});

// ── Saved searches (issue 24) ─────────────────────────────────────────────────────────────────
// A company's named filters over the calls (rules/saved-search.ts says how a call matches one):
// they filter its potential tenders and, with `alerts`, feed its members' digests.
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    cpvCodes: text('cpv_codes').array().notNull().default(sql`'{}'::text[]`),
    departments: text('departments').array().notNull().default(sql`'{}'::text[]`),
    // Regions by their canonical name (rules/france.ts), as company profiles keep them.
    regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
    amountMin: bigint('amount_min', { mode: 'number' }),
    amountMax: bigint('amount_max', { mode: 'number' }),
    buyers: text('buyers').array().notNull().default(sql`'{}'::text[]`),
    alerts: boolean('alerts').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // One name per company, case ignored (a second "Chauffage" beside "chauffage" is a 409).
    uniqueIndex('saved_searches_company_name_idx').on(t.companyId, sql`lower(${t.name})`),
  ],
);
