import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../components/FormDialog';
import { TextField } from '../components/Field';

/**
 * The name of a blank memory, asked before it is made: prefilled with a default no other memory
 * of the tender has ("Mémoire technique — <call> (2)"), so that two blank memories are told apart.
 */
export function MemoryNameDialog(props: { defaultTitle: string; onSubmit: (title: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(props.defaultTitle);
  const [error, setError] = useState<string | null>(null);
  return (
    <FormDialog
      formId="memory-name"
      title={t('memory-name_title')}
      busy={false}
      error={null}
      errorTitle={t('memory-name_title')}
      submitLabel={t('memory-name_submit')}
      onClose={props.onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (!title.trim()) return setError(t('form-required'));
        props.onSubmit(title.trim());
      }}
    >
      <TextField label={t('memory-name_label')} value={title} maxLength={200} autoFocus error={error} onChange={(event) => setTitle(event.target.value)} />
    </FormDialog>
  );
}
