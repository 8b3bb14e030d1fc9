import { useMemo } from 'react';
import { useParams } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { priceGridMachine } from '../../machines/price-grid.machine';
import { PriceGridView } from '../../ui/price-files/PriceGridView';
import { priceGridViewOf, type PriceGridViewState } from '../../ui/price-files/price-grid-view-state';
import { useServices } from '../services';
import { useUnsavedWork } from '../unsaved-work';
import { usePageTitle } from '../use-page-title';
import { useSuccessToast } from '../use-request';

/** /tender/prices/:tenderId: the tender's price files (issue 25). */
export default function PriceFilesPage() {
  usePageTitle('prices-page_title');
  const { tenderId = '' } = useParams<{ tenderId: string }>();
  return <PriceFilesOf key={tenderId} tenderId={tenderId} />;
}

const SAVING: readonly string[] = ['dirty', 'saving', 'failed', 'conflict'];

/** The page's flow lives in the price grid statechart; here it is given the real calls and the toast. */
function PriceFilesOf({ tenderId }: { tenderId: string }) {
  const { operations } = useServices();
  const toast = useSuccessToast();
  const logic = useMemo(
    () =>
      priceGridMachine.provide({
        actors: {
          listPriceFiles: operations.listPriceFiles,
          updatePriceFile: operations.updatePriceFile,
          checkPriceFile: operations.checkPriceFile,
          importPriceFile: operations.importPriceFile,
        },
        actions: { notify: (_, { message }) => toast(message) },
      }),
    [operations], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const grid = useActorRef(logic, { input: { tenderId } });
  const view = useSelector(grid, priceGridViewOf, sameView);

  // Prices not saved yet: a dead session asks to sign in again here (issue 24), and leaving asks first.
  const holder = useMemo(
    () => ({
      unsaved: () => {
        const snapshot = grid.getSnapshot();
        return snapshot.matches('ready') && SAVING.includes((snapshot.value as { ready: { save: string } }).ready.save);
      },
      resume: () => grid.send({ type: 'save.retry' }),
    }),
    [grid],
  );
  useUnsavedWork(holder);

  return (
    <PriceGridView
      {...view}
      onRetry={() => grid.send({ type: 'load.retry' })}
      onSelect={(fileId) => grid.send({ type: 'file.select', fileId })}
      onPrice={(lineId, unitPrice) => grid.send({ type: 'price.change', lineId, unitPrice })}
      onRetrySave={() => grid.send({ type: 'save.retry' })}
      onTakeTheirs={() => grid.send({ type: 'conflict.takeTheirs' })}
      onKeepMine={() => grid.send({ type: 'conflict.keepMine' })}
      onImport={(file) => grid.send({ type: 'import.upload', file })}
      onImportDone={() => grid.send({ type: 'import.done' })}
    />
  );
}

/** The view changes only when one of its parts does (each part is rebuilt from the snapshot). */
const sameView = (a: PriceGridViewState, b: PriceGridViewState) => (Object.keys(a) as (keyof PriceGridViewState)[]).every((key) => a[key] === b[key] || JSON.stringify(a[key]) === JSON.stringify(b[key]));
