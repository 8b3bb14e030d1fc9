import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { ResumeView } from './ResumeView';
import {
  resumeCharts,
  resumeConflictError,
  resumeDraft,
  resumeJulien,
  resumeMembers,
  resumeParseFailed,
  resumeParsing,
  resumeSaveRefusal,
  resumeTheirs,
} from './resume-fixtures';

const meta = {
  title: 'Views/Resumes/Resume',
  component: ResumeView,
  args: {
    stage: 'viewing',
    resume: resumeJulien,
    draft: null,
    theirs: null,
    error: null,
    success: null,
    fileUrl: `/api/resumes/${resumeJulien._id}/file`,
    members: resumeMembers,
    charts: resumeCharts,
    onRetry: fn(),
    onEdit: fn(),
    onCancel: fn(),
    onSave: fn(),
    onTakeTheirs: fn(),
    onKeepMine: fn(),
    onReplaceFile: fn(),
    onFileRefused: fn(),
    onDelete: fn(),
    onConfirmDelete: fn(),
    onCancelDelete: fn(),
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
} satisfies Meta<typeof ResumeView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { stage: 'loading', resume: null },
  parameters: { machineStates: ['resume.loading'] },
};
export const LoadFailed: Story = {
  args: { stage: 'loadFailed', resume: null, error: { message: 'Erreur interne du serveur.' } },
  parameters: { machineStates: ['resume.loadFailed'] },
};
/** Read: the CV's fields with their origin, certifications with their validity; no poll. */
export const Viewing: Story = {
  parameters: { machineStates: ['resume.ready.main.viewing', 'resume.ready.poll.idle'] },
};
/** The CV being read: a spinner announced politely; the resume is asked for again every 2 s. */
export const Parsing: Story = {
  args: { resume: resumeParsing },
  parameters: { machineStates: ['resume.ready.poll.waiting', 'resume.ready.poll.fetching'] },
};
export const ParseFailed: Story = {
  args: { resume: resumeParseFailed },
};
export const Saved: Story = {
  args: { success: 'CV enregistré.' },
};
export const FileRefused: Story = {
  args: { error: { message: 'Seuls les CV au format PDF ou Word (DOCX) sont acceptés.' } },
};
export const Editing: Story = {
  args: { stage: 'editing' },
  parameters: { machineStates: ['resume.ready.main.editing'] },
};
export const Saving: Story = {
  args: { stage: 'saving', draft: resumeDraft },
  parameters: { machineStates: ['resume.ready.main.saving'] },
};
/** The server's refusal under its field (certifications.1.validUntil), the banner above. */
export const SaveFailed: Story = {
  args: { stage: 'saveFailed', draft: resumeDraft, error: resumeSaveRefusal },
  parameters: { machineStates: ['resume.ready.main.saveFailed'] },
};
export const Conflict: Story = {
  args: { stage: 'conflict', draft: resumeDraft, theirs: resumeTheirs, error: resumeConflictError },
  parameters: { machineStates: ['resume.ready.main.conflict'] },
};
export const Replacing: Story = {
  args: { stage: 'replacing' },
  parameters: { machineStates: ['resume.ready.main.replacing'] },
};
export const ConfirmingDelete: Story = {
  args: { stage: 'confirmingDelete' },
  parameters: { machineStates: ['resume.ready.main.confirmingDelete'] },
};
export const Deleting: Story = {
  args: { stage: 'deleting' },
  parameters: { machineStates: ['resume.ready.main.deleting'] },
};
export const Deleted: Story = {
  args: { stage: 'deleted', success: 'CV supprimé.' },
  parameters: { machineStates: ['resume.deleted'] },
};
