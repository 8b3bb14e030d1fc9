import { useEffect } from 'react';
import { createRequestMachine } from '../../machines/request.machine';
import type { components } from '../../../openapi/schema';
import { AlertSettingsCard } from '../../ui/alerts/AlertSettingsCard';
import { useServices } from '../services';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';

type AlertSettingsData = components['schemas']['AlertSettings'];
const loadMachine = createRequestMachine<void, AlertSettingsData>('getAlertSettings');
const saveMachine = createRequestMachine<AlertSettingsData, AlertSettingsData>('saveAlertSettings');

/** The alert settings card of one's own profile page. */
export function AlertSettings() {
  const { operations } = useServices();
  const toast = useSuccessToast();
  const load = useRequest(loadMachine, operations.getAlertSettings);
  const save = useRequest(saveMachine, operations.saveAlertSettings);
  useOnSuccess(save, ({ message }) => toast(message));
  const submitLoad = load.submit;
  useEffect(() => submitLoad(undefined), []); // eslint-disable-line react-hooks/exhaustive-deps
  const settings = save.data ?? load.data;
  return (
    <AlertSettingsCard
      state={save.loading ? 'saving' : load.loading ? 'loading' : load.error && !settings ? 'failed' : 'ready'}
      settings={settings}
      error={save.error?.message ?? (settings ? null : (load.error?.message ?? null))}
      onSave={save.submit}
      onRetry={() => load.submit(undefined)}
    />
  );
}
