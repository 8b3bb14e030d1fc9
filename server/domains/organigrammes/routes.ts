import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { AppError } from '../../errors';

// Placeholder while the domain is written (issue 5): the contract binder needs a handler per operation.
export function organigrammesHandlers(_deps: Deps): Handlers<'getOrganigrammes' | 'createOrganigramme' | 'replaceOrganigramme' | 'deleteOrganigramme'> {
  return {
    async getOrganigrammes() { throw new AppError(501, 'common-not_implemented'); },
    async createOrganigramme() { throw new AppError(501, 'common-not_implemented'); },
    async replaceOrganigramme() { throw new AppError(501, 'common-not_implemented'); },
    async deleteOrganigramme() { throw new AppError(501, 'common-not_implemented'); },
  };
}
