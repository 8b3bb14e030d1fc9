import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { GO_NO_GO_CRITERIA, type GoNoGoWeights } from '../../machines/go-no-go.machine';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Input } from '../components/Input';
import { Spinner } from '../components/Spinner';

export type GoNoGoWeightsFormProps = {
  weights: GoNoGoWeights;
  saving: boolean;
  error: string | null;
  onSave: (weights: GoNoGoWeights) => void;
};

const allZero = (w: GoNoGoWeights) => GO_NO_GO_CRITERIA.every((c) => w[c] === 0);

/** The company's weights (0–10 per criterion), for its managers, folded under the grid. */
export function GoNoGoWeightsForm(props: GoNoGoWeightsFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<GoNoGoWeights>(props.weights);
  const [checked, setChecked] = useState(false);
  const problem = checked && allZero(draft) ? t('go_no_go-weights_all_zero') : null;
  return (
    <details className={css({ borderTopWidth: '1px', borderColor: 'border.default', pt: '3' })}>
      <summary className={css({ cursor: 'pointer', fontSize: 'sm', fontWeight: 'medium' })}>{t('go_no_go-weights_title')}</summary>
      <form
        aria-label={t('go_no_go-weights_title')}
        noValidate
        className={css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '3' })}
        onSubmit={(event) => {
          event.preventDefault();
          setChecked(true);
          if (!allZero(draft)) props.onSave(draft);
        }}
      >
        {props.error || problem ? <Alert status="error">{problem ?? props.error}</Alert> : null}
        <fieldset disabled={props.saving} className={css({ display: 'grid', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: '3', border: 'none', p: 0, m: 0, minW: 0 })}>
          {GO_NO_GO_CRITERIA.map((c) => (
            <label key={c} className={css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm' })}>
              {t(`field-${c}`)}
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                max={10}
                step={1}
                value={String(draft[c])}
                onChange={(event) => {
                  const n = Math.max(0, Math.min(10, Math.round(Number(event.target.value) || 0)));
                  setDraft({ ...draft, [c]: n });
                }}
              />
            </label>
          ))}
        </fieldset>
        <div>
          <Button size="sm" type="submit" variant="outline" disabled={props.saving}>
            {props.saving ? <Spinner size="sm" label={t('common-loading')} /> : null}
            {t('go_no_go-weights_save')}
          </Button>
        </div>
      </form>
    </details>
  );
}
