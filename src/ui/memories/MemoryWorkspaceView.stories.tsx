import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { MemoryWorkspaceView } from './MemoryWorkspaceView';
import { KeyFactsPanel } from './MemoryPanels';
import { keyFactsForEmployee, keyFactsNow } from './key-facts-fixtures';
import { SectionWorkspace } from './SectionWorkspace';
import { FrameItemBrief } from './FrameItemBrief';
import {
  memoryAnalysis,
  memoryDemo,
  memoryFrameRef,
  memoryFrameSection,
  memoryFromFrame,
  memoryNoAnalysisError,
  memoryServerError,
  memoryStaffSection,
  memoryTenderId,
  memoryVersions,
  memoryWritten,
} from './memory-fixtures';

const editor = (
  <SectionWorkspace status="saved" section={memoryWritten} draft={null} theirs={null} error={null} revision={0} insert={null} onChange={fn()} onRetry={fn()} onTakeTheirs={fn()} onKeepMine={fn()} />
);

const meta = {
  title: 'Views/Memories/Workspace',
  component: MemoryWorkspaceView,
  args: {
    stage: 'ready',
    tenderId: memoryTenderId,
    memory: memoryDemo,
    selectedSectionId: memoryWritten._id,
    analysis: null,
    analysing: false,
    refreshing: false,
    versionsStage: 'closed',
    versions: null,
    error: null,
    notice: null,
    editor,
    onRetry: fn(),
    onCreate: fn(),
    onSelect: fn(),
    onAnalyse: fn(),
    onRefresh: fn(),
    onOpenVersions: fn(),
    onCloseVersions: fn(),
    onKeepVersion: fn(),
    onRestore: fn(),
    onInsertPassage: fn(),
    onDismiss: fn(),
  },
  decorators: [
    (Story) => (
      <div
        className={css({
          p: { base: '3', md: '6' },
          bg: 'bg.canvas',
          minH: '100dvh',
        })}
      >
        <main>
          <Story />
        </main>
      </div>
    ),
  ],
} satisfies Meta<typeof MemoryWorkspaceView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { stage: 'loadingList', memory: null },
  parameters: { machineStates: ['memory.loadingList', 'memory.loadingMemory'] },
};
export const LoadFailed: Story = {
  args: { stage: 'loadFailed', memory: null, error: memoryServerError },
  parameters: { machineStates: ['memory.listFailed', 'memory.loadFailed'] },
};
/** No memory yet: from the DCE analysis's criteria, or blank. */
export const Empty: Story = {
  args: { stage: 'empty', memory: null },
  parameters: { machineStates: ['memory.empty'] },
};
/** No finished DCE analysis: said, with a link to it; blank still possible. */
export const NoAnalysis: Story = {
  args: { stage: 'empty', memory: null, error: memoryNoAnalysisError },
};
export const Creating: Story = {
  args: { stage: 'creating', memory: null },
  parameters: { machineStates: ['memory.creating'] },
};
/** The memory open on a written section: outline, editor, the section's panel. */
export const Ready: Story = {
  parameters: {
    machineStates: ['memory.ready.work.idle', 'memory.ready.analysis.idle', 'memory.ready.versions.closed'],
  },
};
/** With the call's key facts first in the side column, as an employee sees them. */
export const WithKeyFacts: Story = {
  args: { keyFacts: <KeyFactsPanel keyFacts={keyFactsForEmployee} canReview={false} tenderId={memoryTenderId} now={keyFactsNow} /> },
};
/** A resource section whose data changed: the badge, and its update on its way. */
export const Refreshing: Story = {
  args: { selectedSectionId: memoryStaffSection._id, refreshing: true },
  parameters: { machineStates: ['memory.ready.work.refreshing'] },
};
export const Stale: Story = {
  args: { selectedSectionId: memoryStaffSection._id },
};
export const Analysing: Story = {
  args: { analysing: true },
  parameters: { machineStates: ['memory.ready.analysis.running'] },
};
/** The score per criterion with its reasons, translated from their keys. */
export const Analysed: Story = {
  args: {
    analysis: memoryAnalysis,
    memory: { ...memoryDemo, score: memoryAnalysis.total },
  },
};
export const VersionsLoading: Story = {
  args: { versionsStage: 'loading' },
  parameters: { machineStates: ['memory.ready.versions.loading'] },
};
export const VersionsOpen: Story = {
  args: { versionsStage: 'open', versions: memoryVersions },
  parameters: { machineStates: ['memory.ready.versions.open'] },
};
export const KeepingVersion: Story = {
  args: { versionsStage: 'keeping', versions: memoryVersions },
  parameters: { machineStates: ['memory.ready.versions.keeping'] },
};
export const Restoring: Story = {
  args: { versionsStage: 'restoring', versions: memoryVersions },
  parameters: { machineStates: ['memory.ready.versions.restoring'] },
};
export const Failed: Story = {
  args: { error: memoryServerError },
};

/** The DCE has the buyer's response frame: it is offered first, and why. */
export const EmptyWithFrame: Story = {
  args: { stage: 'empty', memory: null, frames: [memoryFrameRef] },
};

/** A memory from the frame: the buyer's numbers in the outline, the item's words and limit over the editor, the export into the buyer's file; over its limit, the exports ask first. */
export const FromFrameOverLimit: Story = {
  args: {
    memory: memoryFromFrame,
    selectedSectionId: memoryFrameSection._id,
    editor: (
      <>
        <FrameItemBrief item={memoryFrameSection.frameItem!} text={memoryFrameSection.text} />
        <SectionWorkspace status="saved" section={memoryFrameSection} draft={null} theirs={null} error={null} revision={0} insert={null} onChange={fn()} onRetry={fn()} onTakeTheirs={fn()} onKeepMine={fn()} />
      </>
    ),
  },
};
