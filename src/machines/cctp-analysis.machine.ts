import type { components } from '../../openapi/schema';
import { createAnalysisRunMachine } from './analysis-run.machine';

export type CctpAnalysis = components['schemas']['CctpAnalysis'];
export type CctpAnalysisSummary = components['schemas']['CctpAnalysisSummary'];

/** The CCTP analysis runs of a tender: the list holds summaries; a run opens with its requirements. */
export const cctpAnalysisMachine = createAnalysisRunMachine<CctpAnalysisSummary, CctpAnalysis>('cctpAnalysis');
