import type { Deps } from '../../deps';
import { adminHandlers } from './routes';
import { companiesHandlers } from '../companies/routes';
import { dashboardHandlers } from '../dashboard/routes';

/** The handlers of the admin, companies and dashboard domains, registered together in app.ts. */
export const accountAdminHandlers = (deps: Deps) => ({ ...adminHandlers(deps), ...companiesHandlers(deps), ...dashboardHandlers(deps) });
