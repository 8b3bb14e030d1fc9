import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { emptySavedSearch, SavedSearchesCard } from './SavedSearchesCard';
import { heatingSearch, savedSearchesFixture } from './saved-search-fixtures';

const meta = {
  title: 'Views/Saved searches/Card',
  component: SavedSearchesCard,
  args: {
    status: 'ready',
    loadError: null,
    searches: savedSearchesFixture,
    limit: 20,
    onRetry: fn(),
    selected: '',
    onShow: fn(),
    editing: null,
    saving: false,
    saveError: null,
    onNew: fn(),
    onEdit: fn(),
    onSave: fn(),
    onCloseForm: fn(),
    toggling: null,
    onToggleAlerts: fn(),
    deleting: null,
    deleteBusy: false,
    deleteError: null,
    onAskDelete: fn(),
    onConfirmDelete: fn(),
    onCancelDelete: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', maxW: '4xl' })}><Story /></div>],
} satisfies Meta<typeof SavedSearchesCard>;
export default meta;

type Story = StoryObj<typeof meta>;
const heatingValues = { name: heatingSearch.name, keywords: [], cpvCodes: heatingSearch.cpvCodes, departments: heatingSearch.departments, regions: [], amountMin: null, amountMax: null, buyers: [], alerts: true };

export const Loaded: Story = {};
export const Loading: Story = { args: { status: 'loading', searches: [] } };
export const Failed: Story = { args: { status: 'failed', searches: [], loadError: 'Aucune réponse du serveur.' } };
export const Empty: Story = { args: { searches: [] } };
/** The list filtered by the heating search. */
export const Selected: Story = { args: { selected: heatingSearch._id } };
/** 20 of 20: no new one. */
export const Full: Story = { args: { limit: 2 } };
export const TogglingAlerts: Story = { args: { toggling: heatingSearch._id } };
export const Creating: Story = { args: { editing: { id: null, initial: emptySavedSearch } } };
export const Editing: Story = { args: { editing: { id: heatingSearch._id, initial: heatingValues } } };
export const Saving: Story = { args: { editing: { id: heatingSearch._id, initial: heatingValues }, saving: true } };
/** Refused by the server: its message above the fields, a field's under it. */
export const SaveRefused: Story = {
  args: {
    editing: { id: null, initial: { ...emptySavedSearch, name: 'Montants', amountMin: 500000, amountMax: 50000 } },
    saveError: 'Le montant minimum doit être inférieur ou égal au montant maximum.',
    saveErrorDetails: [{ field: 'amountMax', msg: 'Le montant minimum doit être inférieur ou égal au montant maximum.' }],
  },
};
export const NameTaken: Story = {
  args: {
    editing: { id: null, initial: { ...emptySavedSearch, name: 'chauffage – isère et savoie', departments: ['38'] } },
    saveError: "L'entreprise a déjà une recherche enregistrée nommée « chauffage – isère et savoie » : choisissez un autre nom.",
  },
};
export const ConfirmDelete: Story = { args: { deleting: heatingSearch } };
export const Deleting: Story = { args: { deleting: heatingSearch, deleteBusy: true } };
export const DeleteFailed: Story = { args: { deleting: heatingSearch, deleteError: 'Aucune réponse du serveur.' } };
