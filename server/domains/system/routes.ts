import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { AppError } from '../../errors';
import { catalogue, firstPageCatalogue } from '../../i18n';

export function systemHandlers({ db, dbKind, version }: Deps): Handlers<'getHealth' | 'getTranslations'> {
  return {
    async getHealth() {
      try {
        await db.execute(sql`select 1`);
      } catch {
        throw new AppError(503, 'common-internal_server_error');
      }
      return { status: 'ok', database: dbKind, version };
    },
    async getTranslations(request, reply) {
      const { lng } = request.params;
      const { body, etag } = request.query.area === 'first' ? firstPageCatalogue(lng) : catalogue(lng);
      // Short cache with revalidation: a deploy's new keys reach clients within a minute.
      reply.header('ETag', etag).header('Cache-Control', 'public, max-age=60, must-revalidate');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  };
}
