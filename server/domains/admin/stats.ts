import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { AppError } from '../../errors';

// Placeholder while the domain is written (issue 5): the contract binder needs a handler per operation.
export function adminStatsHandlers(_deps: Deps): Handlers<'getAdminStats'> {
  return {
    async getAdminStats() { throw new AppError(501, 'common-not_implemented'); },
  };
}
