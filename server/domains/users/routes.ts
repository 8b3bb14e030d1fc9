import { randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { ValidationFailure } from '../../http/error-handler';
import { AppError, notFound, unauthorized } from '../../errors';
import { isUniqueViolation } from '../../db/client';
import { revokedTokens, users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { sessionOf } from '../../auth/session';
import { readForm, sniffImage } from '../../http/multipart';
import { pickLanguage, t } from '../../i18n';
import { assertAcceptablePassword } from '../../auth/password-policy';
import { recordVerificationEmail } from './account-email';
import { toProfile } from './profile';

export function usersHandlers(deps: Deps): Handlers<
  'loginUser' | 'registerUser' | 'logoutUser' | 'getProfile' | 'updateProfile' | 'deleteProfilePicture' | 'getUserPicture'
> {
  const { db, tokens, storage, userQueries, loginLimits, registerLimit, mailer } = deps;

  /**
   * Writes the account's changes and answers the picture key the row held before. The row is
   * locked between the read and the write: of two concurrent updates, the second reads the key
   * the first wrote, so every replaced file is deleted by exactly one of them (no orphan).
   */
  const replacePicture = (id: string, changes: Partial<typeof users.$inferInsert>) =>
    db.transaction(async (tx) => {
      const [current] = await tx.select({ key: users.pictureKey }).from(users).where(eq(users.id, id)).for('update');
      await tx.update(users).set(changes).where(eq(users.id, id));
      return current?.key ?? null;
    });

  const loadProfile = async (id: string) => {
    const row = await userQueries.profile(id);
    if (!row) throw notFound();
    return toProfile(row);
  };

  return {
    async loginUser(request, reply) {
      const email = request.body.email.toLowerCase();
      const [ipWait, emailWait] = await Promise.all([loginLimits.perIp.blocked(request.ip), loginLimits.perEmail.blocked(email)]);
      const wait = ipWait ?? emailWait;
      if (wait !== undefined) {
        reply.header('Retry-After', String(wait));
        throw new AppError(429, 'common-too_many_requests', { seconds: wait });
      }
      const user = await userQueries.byEmail(email);
      if (!(await verifyPassword(user?.passwordHash, request.body.password)) || !user) {
        await Promise.all([loginLimits.perIp.fail(request.ip), loginLimits.perEmail.fail(email)]);
        throw new AppError(401, 'auth-invalid_credentials');
      }
      if (!user.active) throw new AppError(401, 'auth-account_disabled');
      await loginLimits.perEmail.reset(email);
      return { token: await tokens.sign(user), msg: t(request, 'auth-login_success') };
    },

    async registerUser(request, reply) {
      // Every attempt counts, refused ones included: a burst of sign-ups (or of probes of which
      // addresses have an account) from one address stops here.
      const wait = await registerLimit.hit(request.ip);
      if (wait !== undefined) {
        reply.header('Retry-After', String(wait));
        throw new AppError(429, 'common-too_many_requests', { seconds: wait });
      }
      const { username, password } = request.body;
      const email = request.body.email.trim().toLowerCase();
      const lng = pickLanguage(request.headers['accept-language']);
      await assertAcceptablePassword(password, { email, username }, 'password', lng);
      if (await userQueries.emailTaken(email)) throw new ValidationFailure([{ field: 'email', key: 'auth-email_taken', vars: {} }], 409);
      const passwordHash = await hashPassword(password);
      let id: string;
      try {
        // The account and its verification email commit together.
        const created = await db.transaction(async (tx) => {
          const [row] = await tx.insert(users).values({ username: username.trim(), email, passwordHash, role: 'manager' }).returning({ id: users.id });
          const mail = await recordVerificationEmail(tx, mailer, lng, { id: row!.id, email, username: username.trim() });
          return { id: row!.id, mail };
        });
        id = created.id;
        mailer.deliver(created.mail);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ValidationFailure([{ field: 'email', key: 'auth-email_taken', vars: {} }], 409);
        throw error;
      }
      const details = await loadProfile(id);
      reply.code(201);
      return { msg: t(request, 'auth-register_success'), token: await tokens.sign({ id, role: 'manager', companyId: null }), details };
    },

    async logoutUser(request) {
      const { user, jti, exp } = sessionOf(request);
      await db.transaction(async (tx) => {
        await tx.insert(revokedTokens).values({ jti, userId: user.id, expiresAt: new Date(exp * 1000) }).onConflictDoNothing();
        // Rows of tokens past their expiry protect nothing any more.
        await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, sql`now()`));
      });
      return { msg: t(request, 'auth-logout_success') };
    },

    async getProfile(request) {
      return toProfile(sessionOf(request).user);
    },

    async updateProfile(request) {
      const { user } = sessionOf(request);
      const { fields, files } = await readForm(request);
      const picture = files.find((f) => f.field === 'picture');
      const image = picture && sniffImage(picture.data);
      if (picture && !image) throw new AppError(415, 'common-invalid_file_type');

      const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
      if (fields.username !== undefined) changes.username = fields.username.trim();
      let newKey: string | undefined;
      if (picture && image) {
        newKey = `pictures/${user.id}/${randomBytes(12).toString('hex')}.${image.ext}`;
        await storage.put(newKey, picture.data);
        Object.assign(changes, { pictureKey: newKey, pictureMime: image.mime, pictureVersion: sql`coalesce(${users.pictureVersion}, 0) + 1` });
      }
      let replaced: string | null;
      try {
        replaced = await replacePicture(user.id, changes);
      } catch (error) {
        if (newKey) await storage.delete(newKey);
        throw error;
      }
      // The old file goes only once the row points at the new one.
      if (newKey && replaced && replaced !== newKey) await storage.delete(replaced).catch(() => undefined);
      return { msg: t(request, 'profile-updated'), details: await loadProfile(user.id) };
    },

    async deleteProfilePicture(request) {
      const { user } = sessionOf(request);
      // The version survives removal so that a later picture never reuses a cached URL.
      const replaced = await replacePicture(user.id, { pictureKey: null, pictureMime: null, updatedAt: new Date() });
      if (replaced) await storage.delete(replaced).catch(() => undefined);
      return { msg: t(request, 'profile-picture_removed'), details: await loadProfile(user.id) };
    },

    async getUserPicture(request, reply) {
      if (!request.session) throw unauthorized();
      const caller = request.session.user;
      const picture = await userQueries.picture(request.params.id);
      // Staff see the pictures of their own company only; another company's answer 404 like a missing one.
      const visible = picture && (caller.role === 'admin' || request.params.id === caller.id || (caller.companyId !== null && picture.companyId === caller.companyId));
      const file = visible && (await storage.get(picture.key));
      if (!visible || !file) throw notFound();
      return reply
        .type(picture.mime)
        .header('Content-Length', String(file.size))
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('Content-Disposition', 'inline')
        .send(file.stream);
    },
  };
}
