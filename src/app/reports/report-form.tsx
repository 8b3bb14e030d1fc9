import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
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

// Panda's md breakpoint (768 px): below it the shell is a phone's, with its side menu in a drawer.
const PHONE = '(max-width: 767.98px)';
const phoneQuery = () => (typeof window === 'undefined' ? undefined : window.matchMedia?.(PHONE));

function usePhoneWidth() {
  return useSyncExternalStore(
    (changed) => {
      const query = phoneQuery();
      query?.addEventListener('change', changed);
      return () => query?.removeEventListener('change', changed);
    },
    () => phoneQuery()?.matches ?? false,
  );
}

/**
 * The report form of every signed-in shell. On wider screens a floating button opens it; on a
 * phone a floating button covers the page's own controls (issue 24), so the shell puts
 * `onReport` in its profile menu instead (undefined when the floating button is shown).
 */
export function useReportForm(): { onReport?: () => void; launcher: ReactNode } {
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
  const phone = usePhoneWidth();
  const openForm = () => form.send({ type: 'report.open', currentUrl: window.location.href });

  const launcher = (
    <>
      {phone ? null : <ReportButton onOpen={openForm} />}
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
  return { onReport: phone ? openForm : undefined, launcher };
}

