import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounceSettled } from '../announce-settled';
import { useParams } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import type { components } from '../../../openapi/schema';
import { createRequestMachine } from '../../machines/request.machine';
import { pollMachine } from '../../machines/poll.machine';
import { isFileRefusal, problemMessage, UPLOAD_ACCEPT, uploadProblem, uploadQueueMachine, type UploadFile, type UploadProblem } from '../../machines/upload-queue.machine';
import { NotFoundView } from '../../ui/shell/NotFoundView';
import { isExtractionPending, TenderDocsView, type TenderDocRow } from '../../ui/tender-docs/TenderDocsView';
import { DocumentTextDialog } from '../../ui/tender-docs/DocumentTextDialog';
import { NotificationsContext } from '../notifications';
import { useServices } from '../services';
import { queueUpload } from '../upload';
import { usePageTitle } from '../use-page-title';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';

type Tender = components['schemas']['Tender'];

const tenderMachine = createRequestMachine<{ id: string }, Tender>('getTender');
const documentsMachine = createRequestMachine<{ tenderId: string }, TenderDocRow[]>('listTenderDocs');
const replaceMachine = createRequestMachine<{ id: string; companyId: string; file: UploadFile }, TenderDocRow>('replaceTenderDoc');
const deleteMachine = createRequestMachine<{ id: string }, null>('deleteTenderDoc');
const extractMachine = createRequestMachine<{ id: string }, TenderDocRow>('extractTenderDoc');
const pagesMachine = createRequestMachine<{ id: string; entry: string | null; page: number }, components['schemas']['TenderDocPages']>('getTenderDocPages');

// Refusals stay a little longer than success toasts: they say what to do.
const ERROR_TOAST_MS = 4000;
/** The server's refusals of a file itself (empty, too large, not what its name says), toasted as the picker's are. */

export default function TenderDocsPage() {
  usePageTitle('tenderdocs-page_title');
  const { id = '' } = useParams<{ id: string }>();
  const { operations } = useServices();
  const tender = useRequest(tenderMachine, operations.getTender);
  const { submit: loadTender } = tender;
  useEffect(() => loadTender({ id }), [id]); // eslint-disable-line react-hooks/exhaustive-deps -- load again only for another tender

  if (tender.error) {
    if (tender.error.status === 404 || tender.error.status === 400) return <NotFoundView />;
  }
  const data = tender.data?._id === id ? tender.data : null;
  if (!data) {
    return (
      <TenderDocsBody
        key="pending"
        tender={tender.error ? { state: 'failure', error: tender.error.message } : { state: 'loading' }}
        onRetryTender={() => loadTender({ id })}
        companyId=""
      />
    );
  }
  // The queue belongs to one tender: another tender starts a fresh one.
  return (
    <TenderDocsBody
      key={data._id}
      tender={{ state: 'loaded', id: data._id, reference: data.tenderCall.reference, title: data.tenderCall.title }}
      onRetryTender={() => loadTender({ id })}
      companyId={data.company._id}
    />
  );
}

type BodyProps = {
  tender: Parameters<typeof TenderDocsView>[0]['tender'];
  companyId: string;
  onRetryTender: () => void;
};

function TenderDocsBody({ tender, companyId, onRetryTender }: BodyProps) {
  const { t } = useTranslation();
  const { operations } = useServices();
  const notifications = NotificationsContext.useActorRef();
  const toast = useSuccessToast();
  const tenderId = tender.state === 'loaded' ? tender.id : '';
  // A refused file's toast names it: several files may be dropped at once.
  const refuse = (name: string, reason: string) => notifications.send({ type: 'notify.show', toastType: 'error', message: t('tenderdocs-file_refused', { name, reason }), duration: ERROR_TOAST_MS });
  const refuseProblem = (name: string, problem: UploadProblem) => refuse(name, t(problemMessage(problem)));

  const documents = useRequest(documentsMachine, operations.listTenderDocs);
  const { submit: loadDocuments } = documents;
  useEffect(() => {
    if (tenderId) loadDocuments({ tenderId });
  }, [tenderId]); // eslint-disable-line react-hooks/exhaustive-deps -- once per tender

  const queueLogic = useMemo(
    () =>
      uploadQueueMachine.provide({
        actors: { uploadTenderDoc: queueUpload(operations.uploadTenderDoc) },
        actions: {
          notifyRefused: (_, { name, problem }) => refuseProblem(name, problem),
          notifyDone: () => loadDocuments({ tenderId }),
          // The server's refusals of the file itself are toasted like the picker's; other failures stay on the file's row.
          // The toast names the file: several may be refused at once.
          notifyFailed: (_, { name, error }) => {
            if (isFileRefusal(error)) refuse(name, error.message);
          },
        },
      }),
    // Built once per tender (the body is keyed by it); the handlers read current values when they run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const queue = useActorRef(queueLogic, { input: { tenderId, companyId } });
  const entries = useSelector(queue, (s) => s.context.entries);

  const replace = useRequest(replaceMachine, operations.replaceTenderDoc);
  useOnSuccess(replace, ({ message }) => {
    toast(message);
    loadDocuments({ tenderId });
  });

  const [deleting, setDeleting] = useState<TenderDocRow | null>(null);
  const remove = useRequest(deleteMachine, operations.deleteTenderDoc);
  useOnSuccess(remove, ({ message }) => {
    setDeleting(null);
    toast(message);
    loadDocuments({ tenderId });
  });

  useAnnounceSettled(documents.data, (doc) => doc._id, isExtractionPending, (doc) => t(doc.extraction?.status === 'done' ? 'a11y-extraction_done' : 'a11y-extraction_failed', { name: doc.fileName }));
  // The server reads each new file's text in the background: the list follows it while it runs.
  const poll = useActorRef(pollMachine.provide({ actions: { refresh: () => loadDocuments({ tenderId }) } }), { input: undefined });
  useEffect(() => {
    if (documents.data) poll.send({ type: 'poll.watch', pending: documents.data.some(isExtractionPending) });
  }, [documents.data, poll]);

  const extract = useRequest(extractMachine, operations.extractTenderDoc);
  useOnSuccess(extract, ({ message }) => {
    toast(message);
    loadDocuments({ tenderId });
  });

  const [reading, setReading] = useState<TenderDocRow | null>(null);
  const pages = useRequest(pagesMachine, operations.getTenderDocPages);
  const showPage = (doc: TenderDocRow, entry: string | null, page: number) => pages.submit({ id: doc._id, entry, page });

  const documentsState = documents.loading || (!documents.error && !documents.succeeded) ? 'loading' : documents.error ? 'failure' : 'loaded';

  return (
    <TenderDocsView
      tender={tender}
      documents={{ state: documentsState, items: documents.data ?? [], error: documents.error?.message ?? null }}
      queue={entries}
      accept={UPLOAD_ACCEPT}
      onFiles={(files) => queue.send({ type: 'queue.add', files })}
      onCancel={(entryId) => queue.send({ type: 'queue.cancel', id: entryId })}
      onRetryUpload={(entryId) => queue.send({ type: 'queue.retry', id: entryId })}
      onDismiss={(entryId) => queue.send({ type: 'queue.dismiss', id: entryId })}
      onClearFinished={() => queue.send({ type: 'queue.clear' })}
      onRetryTender={onRetryTender}
      onRetryDocuments={() => loadDocuments({ tenderId })}
      replacingId={replace.loading ? (replace.ref.getSnapshot().context.input?.id ?? null) : null}
      replaceError={replace.error?.message ?? null}
      onReplace={(doc, file) => {
        const problem = uploadProblem(file);
        if (problem) refuseProblem(file.name, problem);
        else replace.submit({ id: doc._id, companyId, file });
      }}
      deleting={deleting}
      deleteBusy={remove.loading}
      deleteError={remove.error?.message ?? null}
      onDelete={setDeleting}
      onConfirmDelete={() => deleting && remove.submit({ id: deleting._id })}
      onCancelDelete={() => {
        setDeleting(null);
        remove.ref.send({ type: 'request.reset' });
      }}
      extractingId={extract.loading ? (extract.ref.getSnapshot().context.input?.id ?? null) : null}
      onExtract={(doc) => extract.submit({ id: doc._id })}
      onShowText={(doc) => {
        // Another document's page must not show under this one's name while it loads.
        pages.ref.send({ type: 'request.reset' });
        setReading(doc);
        showPage(doc, null, 1);
      }}
      textDialog={
        <DocumentTextDialog
          fileName={reading?.fileName ?? null}
          state={pages.loading ? 'loading' : pages.error ? 'failure' : 'loaded'}
          error={pages.error?.message ?? null}
          parts={pages.data?.parts ?? []}
          page={pages.data?.page ?? null}
          onNavigate={(entry, page) => reading && showPage(reading, entry, page)}
          onRetry={() => {
            const input = pages.ref.getSnapshot().context.input;
            if (input) pages.submit(input);
          }}
          onClose={() => setReading(null)}
        />
      }
    />
  );
}
