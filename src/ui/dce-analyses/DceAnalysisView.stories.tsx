import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { DocumentTextDialog } from '../tender-docs/DocumentTextDialog';
import { amoaAnalysis, amoaFileRules, doneAnalysis, failedAnalysis, lotsAnalysis, rcFirstPage, runningAnalysis, tenderId } from './dce-fixtures';
import { DceAnalysisView } from './DceAnalysisView';
import { FactEditDialog } from './FactEditDialog';

const meta = {
  title: 'Views/DCE analysis',
  component: DceAnalysisView,
  args: {
    tenderId,
    status: 'ready',
    analysis: doneAnalysis,
    history: [doneAnalysis],
    hasTemplate: true,
    error: null,
    runError: null,
    onRun: fn(),
    onRetry: fn(),
    onSelect: fn(),
    onConfirm: fn(),
    onEdit: fn(),
    confirming: null,
    factError: null,
    onPlanDates: fn(),
    planBusy: false,
    planError: null,
    planned: null,
    onOpenSource: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof DceAnalysisView>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Red flags first, then the facts with their sources, the documents by kind and what the DCE template misses. */
export const Ready: Story = { parameters: { machineStates: ['dceAnalysis.ready', 'dceAnalysis.opening'] } };
export const Loading: Story = { args: { status: 'loading', analysis: null, history: [] }, parameters: { machineStates: ['dceAnalysis.loading'] } };
export const LoadError: Story = { args: { status: 'failure', analysis: null, history: [], error: 'Aucune réponse du serveur.' }, parameters: { machineStates: ['dceAnalysis.failure'] } };
export const Empty: Story = { args: { status: 'empty', analysis: null, history: [] }, parameters: { machineStates: ['dceAnalysis.empty'] } };
export const Starting: Story = { args: { status: 'starting', analysis: null, history: [] }, parameters: { machineStates: ['dceAnalysis.starting'] } };
/** The run is followed while it works: waiting between two polls, then polling (the same screen). */
export const Running: Story = { args: { status: 'running', analysis: runningAnalysis, history: [runningAnalysis, doneAnalysis] }, parameters: { machineStates: ['dceAnalysis.running', 'dceAnalysis.polling'] } };
export const RunRefused: Story = { args: { runError: 'Une analyse de ce DCE est déjà en cours.' } };
export const Failed: Story = { args: { analysis: failedAnalysis, history: [failedAnalysis, doneAnalysis] } };
export const History: Story = { args: { history: [runningAnalysis, doneAnalysis, failedAnalysis] } };
export const NoTemplate: Story = { args: { hasTemplate: false } };
export const Confirming: Story = { args: { confirming: 'questionsDeadline' } };
export const DatesPlanned: Story = { args: { planned: { message: '3 dates ajoutées au planning.', planningId: 'p0000000-0000-4000-8000-000000000001' } } };
/** Asked again: nothing new, and the reason. */
export const DatesAlreadyPlanned: Story = { args: { planned: { message: 'Aucune date ajoutée : les 3 dates confirmées sont déjà au planning.', planningId: 'p0000000-0000-4000-8000-000000000001' } } };
export const CorrectingCriteria: Story = {
  args: { dialogs: <FactEditDialog editing={{ key: 'awardCriteria', value: doneAnalysis.facts[5]!.value }} busy={false} error="Les pondérations des critères doivent totaliser 100 % (ici 95 %)." onSave={fn()} onClose={fn()} /> },
};
/** The RC judges lots 1 to 6 on one set of criteria and lot 7 on another: one block per group, in place of the single list. */
export const CriteriaByLots: Story = { args: { analysis: lotsAnalysis, history: [lotsAnalysis] } };
const byLots = lotsAnalysis.facts.find((fact) => fact.key === 'awardCriteriaByLots')!.value as { lots: number[]; criteria: { name: string; weight: number }[] }[];
const lot7Refused = 'Les pondérations des critères doivent totaliser 100 % (ici 95 %).';
/** Correcting the criteria per group of lots: the server refused lot 7's weights (95 %), and says so beside that group. */
export const CorrectingCriteriaByLots: Story = {
  args: {
    analysis: lotsAnalysis,
    history: [lotsAnalysis],
    dialogs: (
      <FactEditDialog
        editing={{ key: 'awardCriteriaByLots', value: [byLots[0], { ...byLots[1], criteria: [{ ...byLots[1]!.criteria[0], weight: 55 }, byLots[1]!.criteria[1]] }] }}
        busy={false}
        error={lot7Refused}
        errorDetails={[{ field: 'value.1.criteria', msg: lot7Refused }]}
        onSave={fn()}
        onClose={fn()}
      />
    ),
  },
};
/** The RC's rules on files beside the platform: the formats it accepts and refuses, 1 Go per file, each part's sentence as its source. */
export const FileRules: Story = { args: { analysis: amoaAnalysis, history: [amoaAnalysis], hasTemplate: false } };
/** Correcting them: extensions typed, any widely available format, the pieces in PDF, sizes in Mo or Go, the naming rule and the folders in the RC's words. */
export const CorrectingFileRules: Story = {
  args: { analysis: amoaAnalysis, history: [amoaAnalysis], hasTemplate: false, dialogs: <FactEditDialog editing={{ key: 'fileRules', value: amoaFileRules.value }} busy={false} error={null} onSave={fn()} onClose={fn()} /> },
};
export const CorrectingDeadline: Story = { args: { dialogs: <FactEditDialog editing={{ key: 'submissionDeadline', value: '2026-07-15T12:00:00+02:00' }} busy={false} error={null} onSave={fn()} onClose={fn()} /> } };
/** A source opened: its page, the quoted passage marked. */
export const SourceOpened: Story = {
  args: {
    dialogs: (
      <DocumentTextDialog
        fileName="RC_2026FCSSA0025 v2.pdf"
        state="loaded"
        error={null}
        parts={[{ entry: null, format: 'pdf', pages: 15 }]}
        page={rcFirstPage}
        highlight="Date et heure limites de réception des offres : MERCREDI 15 JUILLET 2026 A 12:00"
        onNavigate={fn()}
        onRetry={fn()}
        onClose={fn()}
      />
    ),
  },
};
