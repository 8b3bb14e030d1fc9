// The admin's view of the built-in connectors: list, run now, turn off (filled in below).
import type { Deps } from '../../../deps';
import { AppError } from '../../../errors';
import type { Handlers } from '../../../openapi/handlers';

export function connectorsHandlers(_deps: Deps): Handlers<'listSourcingConnectors' | 'updateSourcingConnector' | 'runSourcingConnector'> {
  return {
    async listSourcingConnectors() {
      return { connectors: [] };
    },
    async updateSourcingConnector() {
      throw new AppError(409, 'sourcing-connector_unavailable');
    },
    async runSourcingConnector() {
      throw new AppError(409, 'sourcing-connector_unavailable');
    },
  };
}
