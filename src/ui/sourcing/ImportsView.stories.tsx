import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { listOf } from '../admin/admin-fixtures';
import { doneRun, failedRun, queuedRun, refusedNotices, runningRun, runs, uploads } from './import-fixtures';
import { ImportsView, RefusedDialog } from './ImportsView';

const meta = {
  title: 'Views/Notice imports',
  component: ImportsView,
  args: {
    upload: uploads.idle,
    accept: '.json,.jsonl,.ndjson,.xml,.zip',
    onFile: fn(),
    onCancel: fn(),
    onRetry: fn(),
    onDismiss: fn(),
    runs: listOf('loaded', runs),
    onPage: fn(),
    onRetryRuns: fn(),
    onShowRefused: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof ImportsView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { runs: listOf('loading') }, parameters: { machineStates: ['list.loading', 'noticeImport.idle'] } };
export const Loaded: Story = { parameters: { machineStates: ['list.loaded', 'poll.waiting'] } };
export const Finished: Story = { args: { runs: listOf('loaded', [doneRun, failedRun]) }, parameters: { machineStates: ['poll.idle'] } };
export const Empty: Story = { args: { runs: listOf('empty') }, parameters: { machineStates: ['list.empty'] } };
export const Failure: Story = { args: { runs: listOf('failure', [], { error: 'Erreur interne du serveur. Réessayez dans un instant.' }) }, parameters: { machineStates: ['list.failure'] } };
export const Invalid: Story = { args: { upload: uploads.invalid }, parameters: { machineStates: ['noticeImport.invalid'] } };
export const Uploading: Story = { args: { upload: uploads.uploading }, parameters: { machineStates: ['noticeImport.uploading'] } };
export const Sent: Story = { args: { upload: uploads.sent, runs: listOf('loaded', [queuedRun, ...runs]) }, parameters: { machineStates: ['noticeImport.sent'] } };
export const Refused: Story = { args: { upload: uploads.refused } };
export const UploadFailed: Story = { args: { upload: uploads.failed }, parameters: { machineStates: ['noticeImport.failed'] } };
export const RefusedNotices: Story = {
  args: { refusedDialog: <RefusedDialog run={doneRun} list={listOf('loaded', refusedNotices)} onPage={fn()} onRetry={fn()} onClose={fn()} /> },
};
export const RefusedNoticesLoading: Story = {
  args: { refusedDialog: <RefusedDialog run={runningRun} list={listOf('loading')} onPage={fn()} onRetry={fn()} onClose={fn()} /> },
};
