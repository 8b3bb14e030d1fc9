import type { Api } from '../../api/client';
import { PLANNING_NOT_FOUND } from '../../machines/planning.machine';
import type { RequestError, RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';

type Planning = components['schemas']['Planning'];
type PlanningTaskInput = components['schemas']['PlanningTaskInput'];
type PlanningTaskUpdates = components['schemas']['PlanningTaskUpdates'];

export const planningsCalls = {
  // Planning (issue 5): every write answers the whole planning, which replaces the shown one.
  // Asked where "no planning yet" is `planning: null`, not a 404 the browser would log (issue 10);
  // the statechart still reads it as planning-not_found, its empty state.
  getTenderPlanning: async (api: Api, input: { tenderId: string }, signal: AbortSignal): Promise<RequestSuccess<Planning>> => {
    const data = await api.call(() => api.client.GET('/api/tenders/{id}/planning', { params: { path: { id: input.tenderId } }, signal }));
    if (data.planning === null) throw { message: '', msgType: PLANNING_NOT_FOUND, status: 404 } satisfies RequestError;
    return { message: '', data: data.planning };
  },
  createPlanning: async (api: Api, input: { tenderId: string; tasks: PlanningTaskInput[] }, signal: AbortSignal): Promise<RequestSuccess<Planning>> => {
    const data = await api.call(() => api.client.POST('/api/plannings', { body: input, signal }));
    return { message: data.msg, data: data.planning };
  },
  // The version the list was drawn from: an older one is refused with 409 planning-conflict (lost update).
  updatePlanning: async (api: Api, input: { id: string; tasks: PlanningTaskInput[]; version: number }, signal: AbortSignal): Promise<RequestSuccess<Planning>> => {
    const data = await api.call(() => api.client.PATCH('/api/plannings/{id}', { params: { path: { id: input.id } }, body: { tasks: input.tasks, version: input.version }, signal }));
    return { message: data.msg, data: data.planning };
  },
  addPlanningTask: async (api: Api, input: { id: string; task: PlanningTaskInput }, signal: AbortSignal): Promise<RequestSuccess<Planning>> => {
    const data = await api.call(() => api.client.POST('/api/plannings/{id}/tasks', { params: { path: { id: input.id } }, body: { task: input.task }, signal }));
    return { message: data.msg, data: data.planning };
  },
  updatePlanningTask: async (api: Api, input: { id: string; taskId: string; updates: PlanningTaskUpdates }, signal: AbortSignal): Promise<RequestSuccess<Planning>> => {
    const data = await api.call(() =>
      api.client.PATCH('/api/plannings/{id}/tasks/{taskId}', { params: { path: { id: input.id, taskId: input.taskId } }, body: input.updates, signal }),
    );
    return { message: data.msg, data: data.planning };
  },
  deletePlanningTask: async (api: Api, input: { id: string; taskId: string }, signal: AbortSignal): Promise<RequestSuccess<Planning>> => {
    const data = await api.call(() => api.client.DELETE('/api/plannings/{id}/tasks/{taskId}', { params: { path: { id: input.id, taskId: input.taskId } }, signal }));
    return { message: data.msg, data: data.planning };
  },
};
