import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { lyon } from '../admin/admin-fixtures';
import { CompanyLogoCard, type LogoControls } from './CompanyLogoCard';
import { logoFileName, logoPixel, logoRefusal, logoRemovalRefusal, lyonBranded, lyonLight } from './logo-fixtures';

const controls: LogoControls = {
  state: 'idle',
  previewUrl: null,
  fileName: null,
  problem: null,
  error: null,
  failedAction: null,
  onSelect: fn(),
  onUpload: fn(),
  onCancel: fn(),
  onRemove: fn(),
  onConfirmRemove: fn(),
};
const with_ = (patch: Partial<LogoControls>): LogoControls => ({ ...controls, ...patch });
const preview = { previewUrl: logoPixel, fileName: logoFileName };

const meta: Meta<typeof CompanyLogoCard> = {
  title: 'Views/Company/Logo',
  component: CompanyLogoCard,
  args: { company: lyon, controls },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh', maxW: 'md' })}><main><Story /></main></div>],
};
export default meta;

type Story = StoryObj<typeof CompanyLogoCard>;

export const NoLogo: Story = { parameters: { machineStates: ['companyLogo.idle'] } };
export const WithLogo: Story = { args: { company: lyonBranded } };
export const LightColourInitials: Story = { args: { company: lyonLight } };
export const EmployeeReadOnly: Story = { args: { company: lyonBranded, controls: undefined } };
export const Invalid: Story = { args: { controls: with_({ state: 'invalid', problem: 'size' }) }, parameters: { machineStates: ['companyLogo.invalid'] } };
export const Selected: Story = { args: { controls: with_({ state: 'selected', ...preview }) }, parameters: { machineStates: ['companyLogo.selected'] } };
export const Uploading: Story = { args: { controls: with_({ state: 'uploading', ...preview }) }, parameters: { machineStates: ['companyLogo.uploading'] } };
export const UploadFailed: Story = {
  args: { controls: with_({ state: 'failed', failedAction: 'upload', error: logoRefusal, ...preview }) },
  parameters: { machineStates: ['companyLogo.failed'] },
};
export const Confirming: Story = { args: { company: lyonBranded, controls: with_({ state: 'confirming' }) }, parameters: { machineStates: ['companyLogo.confirming'] } };
export const Removing: Story = { args: { company: lyonBranded, controls: with_({ state: 'removing' }) }, parameters: { machineStates: ['companyLogo.removing'] } };
export const RemoveFailed: Story = { args: { company: lyonBranded, controls: with_({ state: 'failed', failedAction: 'remove', error: logoRemovalRefusal }) } };
