import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { ReportButton, ReportFormView } from './ReportFormView';

const filled = { type: 'bug', priority: 'high', title: "L'export PDF reste bloqué", description: "Après le clic sur « Exporter », la page charge sans fin. Ça arrive sur chaque appel d'offres." };
// A 1×1 grey PNG: the preview of a chosen screenshot without any file on disk.
const preview = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mN8+h8AAu8B9nDDWqkAAAAASUVORK5CYII=';

const meta = {
  title: 'Views/Report form',
  component: ReportFormView,
  args: {
    open: true,
    state: 'editing',
    values: { type: 'feedback', priority: 'medium', title: '', description: '' },
    errors: {},
    screenshot: null,
    error: null,
    onChange: fn(),
    onSelectScreenshot: fn(),
    onRemoveScreenshot: fn(),
    onSubmit: fn(),
    onClose: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof ReportFormView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  args: { open: false },
  render: (args) => (
    <>
      <ReportButton onOpen={fn()} />
      <ReportFormView {...args} />
    </>
  ),
  parameters: { machineStates: ['reportForm.closed'] },
};
export const Blank: Story = { parameters: { machineStates: ['reportForm.open.editing'] } };
export const MissingFields: Story = { args: { values: { type: '', priority: 'medium', title: '', description: '' }, errors: { type: 'form-required', title: 'form-required', description: 'form-required' } } };
export const WithScreenshot: Story = { args: { values: filled, screenshot: { name: 'export-bloque.png', size: 245_760, previewUrl: preview } } };
export const Submitting: Story = { args: { state: 'submitting', values: filled, screenshot: { name: 'export-bloque.png', size: 245_760, previewUrl: preview } }, parameters: { machineStates: ['reportForm.open.submitting'] } };
export const Failure: Story = { args: { state: 'failure', values: filled, error: 'Erreur interne du serveur. Réessayez dans un instant.' }, parameters: { machineStates: ['reportForm.open.failure'] } };
