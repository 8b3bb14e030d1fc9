import { eq, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import type { Database } from '../../db/client';
import { tenderNotes, users } from '../../db/schema';
import { AppError } from '../../errors';
import { sessionOf } from '../../auth/session';
import { t } from '../../i18n';
import { reachableTender } from './access';

type TenderNotes = components['schemas']['TenderNotes'];

/** The longest notes kept, as the contract's save allows. */
export const NOTES_MAX = 50_000;

async function notesOf(db: Database, tenderId: string): Promise<TenderNotes> {
  const [row] = await db
    .select({ text: tenderNotes.text, version: tenderNotes.version, updatedAt: tenderNotes.updatedAt, updatedBy: tenderNotes.updatedBy, username: users.username })
    .from(tenderNotes)
    .leftJoin(users, eq(users.id, tenderNotes.updatedBy))
    .where(eq(tenderNotes.tenderId, tenderId));
  if (!row) return { text: '', version: 0, updatedAt: null, updatedBy: null };
  return {
    text: row.text,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy && row.username !== null ? { _id: row.updatedBy, username: row.username } : null,
  };
}

/** The team's notes on a tender: every member of its company and admins read and write them. */
export function tenderNotesHandlers({ db }: Deps): Handlers<'getTenderNotes' | 'saveTenderNotes' | 'addTenderNote'> {
  return {
    async getTenderNotes(request) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.id);
      return notesOf(db, tender.id);
    },

    async saveTenderNotes(request) {
      const { user } = sessionOf(request);
      const tender = await reachableTender(db, user, request.params.id);
      const { text, version } = request.body;
      const saved = await db.transaction(async (tx) => {
        if (version === 0) {
          // The first save: nobody may have saved since the page was opened.
          const inserted = await tx.insert(tenderNotes).values({ tenderId: tender.id, text, updatedBy: user.id }).onConflictDoNothing().returning({ version: tenderNotes.version });
          return inserted.length > 0;
        }
        const updated = await tx
          .update(tenderNotes)
          .set({ text, version: sql`${tenderNotes.version} + 1`, updatedBy: user.id, updatedAt: new Date() })
          .where(sql`${tenderNotes.tenderId} = ${tender.id} and ${tenderNotes.version} = ${version}`)
          .returning({ version: tenderNotes.version });
        return updated.length > 0;
      });
      if (!saved) throw new AppError(409, 'notes-conflict', {}, await notesOf(db, tender.id));
      return { msg: t(request, 'notes-saved'), details: await notesOf(db, tender.id) };
    },

    async addTenderNote(request) {
      const { user } = sessionOf(request);
      const tender = await reachableTender(db, user, request.params.id);
      const paragraph = request.body.text.trim();
      if (!paragraph) throw new AppError(400, 'notes-blank');
      const added = await db.transaction(async (tx) => {
        const [current] = await tx.select({ text: tenderNotes.text }).from(tenderNotes).where(eq(tenderNotes.tenderId, tender.id)).for('update');
        const text = current?.text.trim() ? `${current.text.trimEnd()}\n\n${paragraph}` : paragraph;
        if (text.length > NOTES_MAX) return false;
        await tx
          .insert(tenderNotes)
          .values({ tenderId: tender.id, text, updatedBy: user.id })
          .onConflictDoUpdate({ target: tenderNotes.tenderId, set: { text, version: sql`${tenderNotes.version} + 1`, updatedBy: user.id, updatedAt: new Date() } });
        return true;
      });
      if (!added) throw new AppError(400, 'notes-too_long', { max: NOTES_MAX.toLocaleString('fr-FR') });
      return { msg: t(request, 'notes-added'), details: await notesOf(db, tender.id) };
    },
  };
}
