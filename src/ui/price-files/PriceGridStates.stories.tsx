import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type StateValue } from 'xstate';
import { css } from 'styled-system/css';
import { priceGridMachine, type PriceFile, type PriceFileCheck, type PriceFileSave, type PriceGridContext } from '../../machines/price-grid.machine';
import { PriceGridView } from './PriceGridView';
import { priceGridViewOf, type PriceGridViewState } from './price-grid-view-state';
import { bpuCheck, bpuFile, bpuImport, bpuTheirs, cleanCheck, dpgfFile, priceFiles, priceTenderId } from '../../machines/price-grid.fixtures';

// The price files page's statechart, each state rendered from a real snapshot through
// priceGridViewOf, as the page shows it (regions once ready: save, check, import).
const QUIET = { save: 'idle', check: 'checked', import: 'idle' } as const;
const baseContext: PriceGridContext = {
  tenderId: priceTenderId,
  files: priceFiles,
  selectedId: bpuFile._id,
  loadError: null,
  drafts: {},
  sending: null,
  saveError: null,
  conflict: null,
  checks: { [bpuFile._id]: bpuCheck },
  checkingId: bpuFile._id,
  checkError: null,
  imported: null,
  importError: null,
};
// Stories take the view's plain data as args (a snapshot holds its machine: not serialisable).
const readyAt = (value: Partial<Record<keyof typeof QUIET, string>>, context: Partial<PriceGridContext> = {}): PriceGridViewState =>
  priceGridViewOf(priceGridMachine.resolveState({ value: { ready: { ...QUIET, ...value } } as StateValue, context: { ...baseContext, ...context } }));
const at = (value: 'loading' | 'failed' | 'empty', context: Partial<PriceGridContext> = {}): PriceGridViewState =>
  priceGridViewOf(priceGridMachine.resolveState({ value, context: { ...baseContext, files: [], selectedId: null, checks: {}, checkingId: null, ...context } }));

const handlers = {
  onRetry: fn(),
  onSelect: fn(),
  onPrice: fn(),
  onRetrySave: fn(),
  onTakeTheirs: fn(),
  onKeepMine: fn(),
  onImport: fn(),
  onImportDone: fn(),
};

function PriceGridScreen({ view, ...props }: { view: PriceGridViewState } & typeof handlers) {
  return (
    <div className={css({ p: { base: '3', md: '6' }, bg: 'bg.canvas' })}>
      <main>
        <PriceGridView {...view} {...props} />
      </main>
    </div>
  );
}

const meta = {
  title: 'Statecharts/Price grid',
  component: PriceGridScreen,
  args: { view: readyAt({}), ...handlers },
} satisfies Meta<typeof PriceGridScreen>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { view: at('loading') }, parameters: { machineStates: ['priceGrid.loading'] } };
export const LoadFailed: Story = {
  args: { view: at('failed', { loadError: { message: 'Aucune réponse du serveur.', status: 502 } }) },
  parameters: { machineStates: ['priceGrid.failed'] },
};
/** No BPU, DQE, DPGF or financial frame among the tender's documents. */
export const Empty: Story = { args: { view: at('empty') }, parameters: { machineStates: ['priceGrid.empty'] } };
/** The first file on screen, its issues marked (two blank lines, a total other than the AE's), a suggestion offered. */
export const Checked: Story = {
  parameters: { machineStates: ['priceGrid.ready.save.idle', 'priceGrid.ready.check.checked', 'priceGrid.ready.import.idle'] },
};
export const Checking: Story = {
  args: { view: readyAt({ check: 'checking' }, { checks: {} }) },
  parameters: { machineStates: ['priceGrid.ready.check.checking'] },
};
export const CheckFailed: Story = {
  args: { view: readyAt({ check: 'failed' }, { checks: {}, checkError: { message: 'Erreur interne du serveur.', status: 500 } }) },
  parameters: { machineStates: ['priceGrid.ready.check.failed'] },
};
export const Dirty: Story = {
  args: { view: readyAt({ save: 'dirty' }, { drafts: { [bpuFile._id]: { 'DQE!8': 310 } } }) },
  parameters: { machineStates: ['priceGrid.ready.save.dirty'] },
};
export const Saving: Story = {
  args: { view: readyAt({ save: 'saving' }, { sending: { fileId: bpuFile._id, lines: { 'DQE!8': 310 } } }) },
  parameters: { machineStates: ['priceGrid.ready.save.saving'] },
};
export const Saved: Story = {
  args: { view: readyAt({ save: 'saved' }, { files: [bpuImport.priceFile, dpgfFile] }) },
  parameters: { machineStates: ['priceGrid.ready.save.saved'] },
};
export const SaveFailed: Story = {
  args: { view: readyAt({ save: 'failed' }, { drafts: { [bpuFile._id]: { 'DQE!8': 310 } }, saveError: { message: 'Erreur interne du serveur.', status: 500 } }) },
  parameters: { machineStates: ['priceGrid.ready.save.failed'] },
};
/** A colleague saved the file meanwhile: their 90 € against the user's 80 € for line 2.2. */
export const Conflict: Story = {
  args: {
    view: readyAt(
      { save: 'conflict' },
      {
        conflict: { theirs: bpuTheirs, mine: { 'DQE!9': 80 } },
        saveError: { message: 'Ce bordereau a été modifié entre-temps : voici sa version actuelle. Reprenez vos prix dessus, ou gardez les vôtres.', msgType: 'prices-conflict', status: 409 },
      },
    ),
  },
  parameters: { machineStates: ['priceGrid.ready.save.conflict'] },
};
export const Importing: Story = { args: { view: readyAt({ import: 'uploading' }) }, parameters: { machineStates: ['priceGrid.ready.import.uploading'] } };
export const ImportReview: Story = {
  args: { view: readyAt({ import: 'review' }, { files: [bpuImport.priceFile, dpgfFile], imported: bpuImport }) },
  parameters: { machineStates: ['priceGrid.ready.import.review'] },
};
export const ImportFailed: Story = {
  args: {
    view: readyAt({ import: 'failed' }, { importError: { message: "Ce fichier n'est pas une copie lisible du bordereau : aucune ligne de prix n'y a été trouvée.", status: 400 } }),
  },
  parameters: { machineStates: ['priceGrid.ready.import.failed'] },
};
/** The DPGF read from a PDF: prices typed here, but no export into the buyer's file, no import. */
export const ReadOnlyFile: Story = { args: { view: readyAt({}, { selectedId: dpgfFile._id, checks: { [dpgfFile._id]: cleanCheck }, checkingId: dpgfFile._id }) } };
/** One file only: no tabs. */
export const SingleFile: Story = { args: { view: readyAt({}, { files: [bpuFile] }) } };

/** The blank lines of a file, as the check reports them (enough for the live demo). */
function blankIssues(file: PriceFile): PriceFileCheck {
  const issues = file.sheets.flatMap((sheet) =>
    sheet.lines.filter((line) => line.unitPrice === null).map((line) => ({ sheet: sheet.name, row: line.row, lineId: line._id, kind: 'blank' as const, cell: `E${line.row}`, field: 'unitPrice' as const, msg: `Ligne ${line.row} : prix unitaire non renseigné (${line.label}).` })),
  );
  return { issues, totalExclVat: null, totalInclVat: null };
}

/** The statechart running against an in-memory server: type prices, watch totals, saves and checks. */
function LiveGrid(props: typeof handlers) {
  const logic = useMemo(() => {
    const server = new Map(priceFiles.map((file) => [file._id, file]));
    return priceGridMachine.provide({
      actors: {
        listPriceFiles: fromPromise(async () => [...server.values()]),
        updatePriceFile: fromPromise(async ({ input }: { input: PriceFileSave }) => {
          const sent = new Map(input.body.lines.map((line) => [line._id, line.unitPrice]));
          const file = server.get(input.id)!;
          const saved = { ...file, version: file.version + 1, sheets: file.sheets.map((s) => ({ ...s, lines: s.lines.map((l) => (sent.has(l._id) ? { ...l, unitPrice: sent.get(l._id)! } : l)) })) };
          server.set(saved._id, saved);
          return { message: 'Prix enregistrés.', data: saved };
        }),
        checkPriceFile: fromPromise(async ({ input }: { input: { id: string } }) => blankIssues(server.get(input.id)!)),
        importPriceFile: fromPromise(async () => ({ message: 'Prix repris de votre copie : 3 ligne(s).', data: bpuImport })),
      },
    });
  }, []);
  const grid = useActorRef(logic, { input: { tenderId: priceTenderId } });
  const view = useSelector(grid, priceGridViewOf);
  return (
    <div className={css({ p: { base: '3', md: '6' }, bg: 'bg.canvas' })}>
      <main>
        <PriceGridView
          {...view}
          {...props}
          onSelect={(fileId) => {
            props.onSelect(fileId);
            grid.send({ type: 'file.select', fileId });
          }}
          onPrice={(lineId, unitPrice) => {
            props.onPrice(lineId, unitPrice);
            grid.send({ type: 'price.change', lineId, unitPrice });
          }}
        />
      </main>
    </div>
  );
}

export const Live: Story = {
  render: ({ view: _unused, ...args }) => <LiveGrid {...args} />,
};
