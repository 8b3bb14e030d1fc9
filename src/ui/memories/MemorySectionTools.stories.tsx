import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { MemorySwitcher, MetaError, OutlineActions, SectionDetails, SectionRequirements, TeamPanel } from './MemorySectionTools';
import { memoryAnalysis, memoryDemo, memorySections, memoryWritten } from './memory-fixtures';
import { toolsConflictMessage, toolsEarlierMemory, toolsLetters, toolsLoading, toolsMembers, toolsResumes } from './memory-tools-fixtures';

type Args = {
  busy: boolean;
  tickingId: string | null;
  conflict: boolean;
  covered: boolean;
  onRename: (title: string) => void;
  onStatus: (status: string) => void;
  onAssign: (assigneeId: string | null) => void;
  onAdd: (title: string, level: 1 | 2) => void;
  onDelete: () => void;
  onTick: (requirement: unknown, covered: boolean) => void;
  onOpen: (memoryId: string) => void;
  onCreate: (from: string, memoryId?: string) => void;
  onInsert: (content: unknown) => void;
  onDismiss: () => void;
};

const coveredByText = new Set(memoryAnalysis.criteria.flatMap((c) => c.reasons.filter((r) => r.key === 'memoryreason-requirements_covered').flatMap((r) => r.requirementIds ?? [])));
const withTick = { ...memoryDemo, requirements: memoryDemo.requirements.map((r, i) => (i === 1 ? { ...r, status: 'covered' as const } : r)) };

/** The memory's section tools as the page lays them out: outline actions, details above the text, requirements and team in the side column. */
function SectionTools(args: Args) {
  const memory = args.covered ? withTick : memoryDemo;
  return (
    <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', lg: '15rem minmax(0, 1fr) 22rem' }, alignItems: 'start' })}>
      <OutlineActions section={memoryWritten} busy={args.busy} onAdd={args.onAdd} onDelete={args.onDelete} />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <MemorySwitcher
          memories={[
            { _id: memoryDemo._id, tenderId: memoryDemo.tenderId, title: memoryDemo.title, status: 'draft', sectionsCount: memorySections.length, words: 240, score: null, updatedAt: memoryDemo.updatedAt, version: 3 },
            { _id: 'cccccccc-0000-4000-8000-000000000002', tenderId: memoryDemo.tenderId, title: 'Variante courte', status: 'draft', sectionsCount: 4, words: 90, score: null, updatedAt: memoryDemo.updatedAt, version: 1 },
          ]}
          earlier={[toolsEarlierMemory]}
          currentId={memoryDemo._id}
          busy={args.busy}
          onOpen={args.onOpen}
          onCreate={args.onCreate as never}
        />
        {args.conflict ? <MetaError message={toolsConflictMessage} onDismiss={args.onDismiss} /> : null}
        <SectionDetails section={memoryWritten} members={toolsMembers} busy={args.busy} onRename={args.onRename} onStatus={args.onStatus as never} onAssign={args.onAssign} />
      </div>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <SectionRequirements section={memoryWritten} requirements={memory.requirements} coveredByText={coveredByText} tickingId={args.tickingId} onTick={args.onTick as never} />
        <TeamPanel resumes={args.busy ? toolsLoading : toolsResumes} letters={args.busy ? toolsLoading : toolsLetters} onRetry={fn()} onInsert={args.onInsert as never} />
      </div>
    </div>
  );
}

const meta = {
  title: 'Views/Memories/Section tools',
  component: SectionTools,
  args: {
    busy: false,
    tickingId: null,
    conflict: false,
    covered: false,
    onRename: fn(),
    onStatus: fn(),
    onAssign: fn(),
    onAdd: fn(),
    onDelete: fn(),
    onTick: fn(),
    onOpen: fn(),
    onCreate: fn(),
    onInsert: fn(),
    onDismiss: fn(),
  },
  decorators: [
    (Story) => (
      <div className={css({ p: { base: '3', md: '6' }, bg: 'bg.canvas', minH: '100dvh' })}>
        <main>
          <Story />
        </main>
      </div>
    ),
  ],
} satisfies Meta<typeof SectionTools>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Nothing on its way: the title, status and writer, the requirements (one covered by the text), the team and references. */
export const Idle: Story = {
  parameters: { machineStates: ['sectionMeta.idle'] },
};
/** One requirement ticked covered by the team. */
export const Ticked: Story = {
  args: { covered: true },
  parameters: { machineStates: ['sectionMeta.idle'] },
};
/** A title, status or writer on its way: the controls wait. */
export const Saving: Story = {
  args: { busy: true },
  parameters: { machineStates: ['sectionMeta.saving'] },
};
/** A section being added after the open one. */
export const Adding: Story = {
  args: { busy: true },
  parameters: { machineStates: ['sectionMeta.adding'] },
};
/** The open section being removed. */
export const Deleting: Story = {
  args: { busy: true },
  parameters: { machineStates: ['sectionMeta.deleting'] },
};
/** A requirement's tick on its way. */
export const Ticking: Story = {
  args: { tickingId: memoryDemo.requirements[0]!._id },
  parameters: { machineStates: ['sectionMeta.ticking'] },
};
/** Someone saved the section first: the saved title and status are shown with the message. */
export const Conflict: Story = {
  args: { conflict: true },
  parameters: { machineStates: ['sectionMeta.idle'] },
};
