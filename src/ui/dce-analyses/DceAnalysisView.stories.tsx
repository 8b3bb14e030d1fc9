import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { DocumentTextDialog } from '../tender-docs/DocumentTextDialog';
import { doneAnalysis, failedAnalysis, rcFirstPage, runningAnalysis, tenderId } from './dce-fixtures';
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
    plannedId: null,
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
export const DatesPlanned: Story = { args: { plannedId: 'p0000000-0000-4000-8000-000000000001' } };
export const CorrectingCriteria: Story = {
  args: { dialogs: <FactEditDialog editing={{ key: 'awardCriteria', value: doneAnalysis.facts[5]!.value }} busy={false} error="Les pondérations des critères doivent totaliser 100 % (ici 95 %)." onSave={fn()} onClose={fn()} /> },
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
