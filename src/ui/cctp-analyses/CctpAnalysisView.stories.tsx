import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { DocumentTextDialog } from '../tender-docs/DocumentTextDialog';
import { cctpPage4, doneAnalysis, emptyAnalysis, failedAnalysis, history, members, runningAnalysis, tenderId } from './cctp-fixtures';
import { CctpAnalysisView } from './CctpAnalysisView';

const meta = {
  title: 'Views/CCTP analysis',
  component: CctpAnalysisView,
  args: {
    tenderId,
    status: 'ready',
    analysis: doneAnalysis,
    history: [history.done],
    error: null,
    runError: null,
    onRun: fn(),
    onRetry: fn(),
    onSelect: fn(),
    members,
    saving: null,
    saveError: null,
    onChange: fn(),
    onOpenSource: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof CctpAnalysisView>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Coverage and export first, then the requirements by section with their kind, norms, page, status, assignee and note. */
export const Ready: Story = { parameters: { machineStates: ['cctpAnalysis.ready', 'cctpAnalysis.opening', 'analysis-run.ready', 'analysis-run.opening'] } };
export const Loading: Story = { args: { status: 'loading', analysis: null, history: [] }, parameters: { machineStates: ['cctpAnalysis.loading', 'analysis-run.loading'] } };
export const LoadError: Story = { args: { status: 'failure', analysis: null, history: [], error: 'Aucune réponse du serveur.' }, parameters: { machineStates: ['cctpAnalysis.failure', 'analysis-run.failure'] } };
export const Empty: Story = { args: { status: 'empty', analysis: null, history: [] }, parameters: { machineStates: ['cctpAnalysis.empty', 'analysis-run.empty'] } };
export const Starting: Story = { args: { status: 'starting', analysis: null, history: [] }, parameters: { machineStates: ['cctpAnalysis.starting', 'analysis-run.starting'] } };
export const Running: Story = {
  args: { status: 'running', analysis: runningAnalysis, history: [history.running, history.done] },
  parameters: { machineStates: ['cctpAnalysis.running', 'cctpAnalysis.polling', 'analysis-run.running', 'analysis-run.polling'] },
};
export const Failed: Story = { args: { analysis: failedAnalysis, history: [history.failed, history.done] } };
export const NothingFound: Story = { args: { analysis: emptyAnalysis } };
export const Saving: Story = { args: { saving: doneAnalysis.requirements[2]!._id } };
export const SaveRefused: Story = { args: { saveError: "La personne choisie n'est pas membre de l'entreprise qui répond." } };
/** A requirement's page opened, the requirement marked. */
export const SourceOpened: Story = {
  args: {
    dialogs: (
      <DocumentTextDialog
        fileName="CCTP_2026FCSSA0025 v2.pdf"
        state="loaded"
        error={null}
        parts={[{ entry: null, format: 'pdf', pages: 13 }]}
        page={cctpPage4}
        highlight="Surface utile minimale : ≥ 200 mm × 300 mm"
        onNavigate={fn()}
        onRetry={fn()}
        onClose={fn()}
      />
    ),
  },
};
