import { eq } from 'drizzle-orm';
import { createTransport, type Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { outboxEmails } from '../db/schema';
import { translate, type Language } from '../i18n';

export type MailKind = 'invitation' | 'verify_email' | 'reset_password' | 'alert' | 'digest' | 'invoice';
export type Mail = { to: string; subject: string; text: string; link: string | null; kind: MailKind };
export type RecordedMail = Mail & { id: string };
type Executor = Pick<Database, 'insert'>;

export type MailerOptions = {
  db: Database;
  /** smtp:// or smtps:// address; without it the outbox table is the delivery. */
  smtpUrl?: string;
  from?: string;
  /** Absolute address of the web app, without a trailing slash; links are built on it. */
  publicUrl: string;
  /** Demo mode: one console line per email with its link, so nobody needs a mailbox. */
  logLinks?: boolean;
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
};

/**
 * Every email is first written to outbox_emails (in the caller's transaction when it has one),
 * then, with SMTP, sent in the background: a slow or failing mail server never fails nor slows
 * the request, and the row keeps `sentAt` or the error.
 */
export function createMailer(options: MailerOptions) {
  const { db, publicUrl } = options;
  // Short timeouts: a stuck mail server must not keep the server from shutting down for minutes.
  const transport: Transporter | undefined = options.smtpUrl
    ? createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
    : undefined;
  const from = options.from ?? `Soumissio <no-reply@${new URL(publicUrl).hostname}>`;
  const pending = new Set<Promise<unknown>>();

  const track = (work: Promise<unknown>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };

  async function smtpSend(transporter: Transporter, mail: RecordedMail) {
    try {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: plainBody(mail), html: htmlBody(mail) });
      // With SMTP the outbox is a sent log: the link (a secret that opens an account) leaves with
      // the email and is not kept, so that reading the outbox never gives anyone's account away.
      await db.update(outboxEmails).set({ sentAt: new Date(), error: null, link: null }).where(eq(outboxEmails.id, mail.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.log?.warn({ emailId: mail.id, kind: mail.kind, err: message }, 'email not sent');
      // Not kept after a failure either: the person asks again (a reset) or is invited again.
      await db
        .update(outboxEmails)
        .set({ error: message.slice(0, 1000), link: null })
        .where(eq(outboxEmails.id, mail.id))
        .catch((e: unknown) => options.log?.error({ emailId: mail.id, err: e }, 'email error not recorded'));
    }
  }

  const record = async (mail: Mail, executor: Executor = db): Promise<RecordedMail> => {
    const [row] = await executor.insert(outboxEmails).values(mail).returning({ id: outboxEmails.id });
    return { ...mail, id: row!.id };
  };

  const deliver = (mail: RecordedMail): void => {
    if (transport) track(smtpSend(transport, mail));
    else if (options.logLinks) console.info(`[email] ${mail.kind} to ${mail.to}: ${mail.link ?? mail.subject}`);
  };

  return {
    /** Without SMTP the outbox is the delivery: its links must stay readable (while they work). */
    keepsLinks: !transport,
    /** An absolute link to a page of the app. */
    link: (path: string, params: Record<string, string>) => `${publicUrl}${path}?${new URLSearchParams(params).toString()}`,
    /** Writes the email to the outbox (in `executor`, a transaction, when given); `deliver` sends it once committed. */
    record,
    deliver,
    send: async (mail: Mail): Promise<void> => deliver(await record(mail)),
    /** Work that must not hold the answer (timing-neutral flows); its errors are logged. */
    later(work: () => Promise<unknown>): void {
      track(work().catch((err: unknown) => options.log?.error({ err }, 'background email work failed')));
    },
    /** Resolves once every background send has finished (tests, shutdown). */
    async idle(): Promise<void> {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    close(): void {
      transport?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;

/** Subject and text of an email from the catalogue, in the language of the request that caused it. */
export function composeMail(lng: Language, kind: MailKind, vars: Record<string, string | number> = {}): { subject: string; text: string } {
  const prefix = kind === 'invitation' ? 'mail-invitation' : kind === 'verify_email' ? 'mail-verify' : 'mail-reset';
  return { subject: translate(lng, `${prefix}_subject`, vars), text: translate(lng, `${prefix}_text`, vars) };
}

const plainBody = (mail: Mail) => (mail.link ? `${mail.text}\n\n${mail.link}\n` : `${mail.text}\n`);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function htmlBody(mail: Mail): string {
  const paragraphs = mail.text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const link = mail.link ? `<p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>` : '';
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${paragraphs}${link}</body></html>`;
}
