import type { components } from '../../openapi/schema';
import { createAnalysisRunMachine } from './analysis-run.machine';

export type DceAnalysis = components['schemas']['DceAnalysis'];

/** The DCE analysis runs of a tender: the list holds whole runs, so the newest opens with no second call. */
export const dceAnalysisMachine = createAnalysisRunMachine<DceAnalysis, DceAnalysis>('dceAnalysis');
