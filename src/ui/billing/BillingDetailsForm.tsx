import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../openapi/schema';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { TextField } from '../components/Field';
import { Spinner } from '../components/Spinner';
import * as rules from '../forms/rules';
import { readForm, useFieldErrors } from '../forms/use-field-errors';

export type BillingDetails = components['schemas']['BillingDetails'];

const FIELDS = ['legalName', 'address', 'postalCode', 'city', 'country', 'siret', 'vatNumber', 'invoiceEmail'] as const;
type Field = (typeof FIELDS)[number];

// The contract's limits (BillingDetailsPatch).
const MAX: Record<Field, number> = { legalName: 200, address: 300, postalCode: 20, city: 100, country: 2, siret: 20, vatNumber: 20, invoiceEmail: 254 };

const country: rules.Rule = (v) => (/^[A-Z]{2}$/.test(v.trim().toUpperCase()) ? null : 'billing-country_invalid');
const optionalEmail: rules.Rule = (v) => (v.trim() === '' ? null : rules.email(v));

export type BillingDetailsFormProps = {
  details: BillingDetails;
  busy: boolean;
  /** The server's refusal: its msg, and its per-field details (`[{ field, msg }]`) shown on their fields. */
  error: string | null;
  errorDetails?: unknown;
  onSave: (details: BillingDetails) => void;
};

/** The name, address and numbers invoices are made out to (manager or admin). */
export function BillingDetailsForm({ details, busy, error, errorDetails, onSave }: BillingDetailsFormProps) {
  const { t } = useTranslation();
  const { errors, check, onFormChange, serverErrors, refusal } = useFieldErrors<Field>(() => ({ country, invoiceEmail: optionalEmail }), { error, details: errorDetails });
  const fieldError = (name: Field) => (errors[name] ? t(errors[name]) : serverErrors[name]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = readForm(event.currentTarget, FIELDS);
    if (!check(values)) return;
    onSave({
      legalName: values.legalName.trim(),
      address: values.address.trim(),
      postalCode: values.postalCode.trim(),
      city: values.city.trim(),
      country: values.country.trim().toUpperCase(),
      siret: values.siret.replace(/\s+/g, ''),
      vatNumber: values.vatNumber.replace(/\s+/g, '').toUpperCase(),
      invoiceEmail: values.invoiceEmail.trim(),
    });
  };
  const text = (name: Field, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={t(label)} name={name} defaultValue={details[name]} maxLength={MAX[name]} error={fieldError(name)} {...extra} />
  );
  const pair = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' });
  return (
    <CardRoot aria-labelledby="billing-details-title">
      <CardHeader>
        <CardTitle id="billing-details-title">{t('billing-details_title')}</CardTitle>
        <CardDescription>{t('billing-details_intro')}</CardDescription>
      </CardHeader>
      <CardBody>
        <form noValidate aria-labelledby="billing-details-title" onSubmit={submit} onChange={onFormChange} aria-busy={busy} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          {refusal ? (
            <Alert status="error" title={t('billing-details_error_title')}>
              {refusal}
            </Alert>
          ) : null}
          <fieldset disabled={busy} className={css({ display: 'flex', flexDirection: 'column', gap: '4', border: 'none', p: 0, m: 0, minW: 0 })}>
            {text('legalName', 'field-legal_name', { autoComplete: 'organization' })}
            {text('address', 'field-address', { autoComplete: 'street-address' })}
            <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '8rem 1fr 6rem' }, gap: '4' })}>
              {text('postalCode', 'field-postal_code', { autoComplete: 'postal-code', inputMode: 'numeric' })}
              {text('city', 'field-city', { autoComplete: 'address-level2' })}
              {text('country', 'field-country', { autoComplete: 'country', title: t('billing-country_help'), className: css({ textTransform: 'uppercase' }) })}
            </div>
            <div className={pair}>
              {text('siret', 'field-siret', { inputMode: 'numeric' })}
              {text('vatNumber', 'field-vat_number', { helperText: t('billing-vat_help') })}
            </div>
            {text('invoiceEmail', 'field-invoice_email', { type: 'email', autoComplete: 'email' })}
          </fieldset>
          <div>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy ? <Spinner size="sm" label={t('common-loading')} /> : null}
              {t('billing-details_save')}
            </Button>
          </div>
        </form>
      </CardBody>
    </CardRoot>
  );
}
