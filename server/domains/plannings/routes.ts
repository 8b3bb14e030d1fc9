import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { AppError } from '../../errors';

// Placeholder while the domain is written (issue 5): the contract binder needs a handler per operation.
export function planningsHandlers(_deps: Deps): Handlers<'getTenderPlanning' | 'createPlanning' | 'updatePlanning' | 'addPlanningTask' | 'updatePlanningTaskByBody' | 'updatePlanningTask' | 'deletePlanningTask'> {
  return {
    async getTenderPlanning() { throw new AppError(501, 'common-not_implemented'); },
    async createPlanning() { throw new AppError(501, 'common-not_implemented'); },
    async updatePlanning() { throw new AppError(501, 'common-not_implemented'); },
    async addPlanningTask() { throw new AppError(501, 'common-not_implemented'); },
    async updatePlanningTaskByBody() { throw new AppError(501, 'common-not_implemented'); },
    async updatePlanningTask() { throw new AppError(501, 'common-not_implemented'); },
    async deletePlanningTask() { throw new AppError(501, 'common-not_implemented'); },
  };
}
