import type { Database, DatabaseKind } from './db/client';
import type { TokenService } from './auth/tokens';
import type { Storage } from './storage/storage';
import type { CounterStore, WindowLimiter } from './http/rate-limit';
import type { UserQueries } from './domains/users/queries';
import type { Mailer } from './mail/mailer';
import type { JobQueue } from './jobs/queue';
import type { Llm } from './llm/client';
import type { Office } from './domains/memories/office';
import type { ImportHooks } from './domains/sourcing/store';
import type { CardPayments } from './domains/billing/stripe';

/** What the handlers of every domain are built with (one set per app instance). */
export type Deps = {
  db: Database;
  dbKind: DatabaseKind;
  tokens: TokenService;
  storage: Storage;
  userQueries: UserQueries;
  /** Where the limits below count (the database, or Redis): /api/ready checks it. */
  counters: CounterStore;
  loginLimits: { perEmail: WindowLimiter; perIp: WindowLimiter };
  /** Registrations and password-reset requests per client IP; invitations (sent and sent again) per inviter and per company. */
  registerLimit: WindowLimiter;
  passwordResetLimit: WindowLimiter;
  inviteLimits: { perUser: WindowLimiter; perCompany: WindowLimiter };
  mailer: Mailer;
  /** A call's deadline moved or the call was cancelled: the companies working it are told (alerts). */
  alertHooks: ImportHooks;
  /** Background work (text extraction, analyses), queued in the database. */
  jobs: JobQueue;
  /** The language model of the OpenAI-compatible endpoint configured, if any. */
  llm: Llm | null;
  version: string;
  /** LibreOffice for the memory's PDF export and table of contents pages (one instance, started on first use). */
  office: Office;
  /** Largest tender or company document accepted, in bytes. */
  maxUploadBytes: number;
  /** Card payments through Stripe (STRIPE_SECRET_KEY); null: not offered. */
  card: CardPayments | null;
};
