import { useMemo } from 'react';
import { useObjectUrl } from '../use-object-url';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import { reportFormMachine } from '../../machines/report-form.machine';
import { ReportButton, ReportFormView } from '../../ui/reports/ReportFormView';
import { NotificationsContext } from '../notifications';
import { useServices } from '../services';
import { useSuccessToast } from '../use-request';

// Spec section 9: 4000 ms for errors of the state-driven notifier.
const ERROR_TOAST_MS = 4000;

/** The floating report button and its form, in every signed-in shell. */
export function ReportFormLauncher() {
  const { t } = useTranslation();
  const { operations } = useServices();
  const notifications = NotificationsContext.useActorRef();
  const toast = useSuccessToast();
  const logic = useMemo(
    () =>
      reportFormMachine.provide({
        actors: { createReport: operations.createReport },
        actions: {
          notifyInvalid: (_, { message }) => notifications.send({ type: 'notify.show', toastType: 'error', message: t(message), duration: ERROR_TOAST_MS }),
          notifySuccess: (_, { message }) => toast(message),
        },
      }),
    // Built once; the handlers read current values when they run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const form = useActorRef(logic);
  const open = useSelector(form, (s) => s.matches('open'));
  const state = useSelector(form, (s) => (s.matches({ open: 'submitting' }) ? 'submitting' : s.matches({ open: 'failure' }) ? 'failure' : 'editing'));
  const context = useSelector(form, (s) => s.context);
  const file = context.screenshot;
  const previewUrl = useObjectUrl(file instanceof Blob ? file : null);

  return (
    <>
      <ReportButton onOpen={() => form.send({ type: 'report.open', currentUrl: window.location.href })} />
      <ReportFormView
        open={open}
        state={state}
        values={context.values}
        errors={context.errors}
        screenshot={file ? { name: file.name, size: file.size, previewUrl } : null}
        error={context.error?.message ?? null}
        onChange={(field, value) => form.send({ type: 'report.change', field, value })}
        onSelectScreenshot={(selected) => form.send({ type: 'report.screenshot.select', file: selected })}
        onRemoveScreenshot={() => form.send({ type: 'report.screenshot.remove' })}
        onSubmit={() => form.send({ type: 'report.submit' })}
        onClose={() => form.send({ type: 'report.close' })}
      />
    </>
  );
}

