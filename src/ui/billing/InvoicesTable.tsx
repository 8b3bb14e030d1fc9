import { useTranslation } from 'react-i18next';
import { FileDown, ReceiptText } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import type { components } from '../../../openapi/schema';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { CardBody, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { ListFrame, type ListState } from '../components/ListFrame';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '../components/Table';
import { formatDay, formatMoney } from './billing-format';

export type Invoice = components['schemas']['Invoice'];
type InvoiceStatus = 'paid' | 'open' | 'overdue' | 'credited';

const TONE = { paid: 'success', open: 'warning', overdue: 'danger', credited: 'neutral' } as const;

export const invoiceStatus = (invoice: Invoice): InvoiceStatus => (invoice.status === 'open' && invoice.overdue ? 'overdue' : invoice.status);
export const canMarkPaid = (invoice: Invoice) => invoice.kind === 'invoice' && invoice.status === 'open';
export const canCredit = (invoice: Invoice) => invoice.kind === 'invoice' && invoice.status !== 'credited';

export type InvoicesTableProps = {
  list: ListState<Invoice>;
  /** An admin marks transfers received and cancels invoices by a credit note. */
  admin: boolean;
  busy: boolean;
  onPage: (page: number) => void;
  onRetry: () => void;
  onMarkPaid: (invoice: Invoice) => void;
  onCredit: (invoice: Invoice) => void;
};

/** The company's invoices and credit notes, newest first, each with its PDF (Factur-X). */
export function InvoicesTable({ list, admin, busy, onPage, onRetry, onMarkPaid, onCredit }: InvoicesTableProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const caption = t('billing-invoices_caption');
  return (
    <CardRoot id="billing-invoices" aria-labelledby="billing-invoices-title">
      <CardHeader>
        <CardTitle id="billing-invoices-title">{t('billing-invoices_title')}</CardTitle>
      </CardHeader>
      <CardBody>
        <ListFrame
          list={list}
          narrowed={false}
          label={caption}
          empty={{ icon: <ReceiptText size={22} />, title: t('billing-invoices_empty_title'), description: t('billing-invoices_empty_text') }}
          onRetry={onRetry}
          onPageChange={onPage}
        >
          <Table caption={caption} stackOnPhone busy={list.state === 'loading'}>
            <TableHead>
              <TableRow>
                <TableHeader>{t('billing-col_number')}</TableHeader>
                <TableHeader>{t('billing-col_date')}</TableHeader>
                <TableHeader>{t('billing-col_period')}</TableHeader>
                <TableHeader className={css({ textAlign: { md: 'end' } })}>{t('billing-col_amount')}</TableHeader>
                <TableHeader>{t('billing-col_status')}</TableHeader>
                <TableHeader>{t('billing-col_actions')}</TableHeader>
              </TableRow>
            </TableHead>
            <tbody>
              {list.items.map((invoice) => {
                const status = invoiceStatus(invoice);
                return (
                  <TableRow key={invoice._id}>
                    <TableCell label={t('billing-col_number')}>
                      <span className={css({ fontWeight: 'medium', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })}>{invoice.number}</span>
                      {invoice.kind === 'credit_note' ? (
                        <span className={css({ ms: '2' })}>
                          <Badge tone="neutral">{t('billing-kind_credit_note')}</Badge>
                        </span>
                      ) : null}
                    </TableCell>
                    <TableCell label={t('billing-col_date')} className={css({ whiteSpace: 'nowrap' })}>
                      {formatDay(invoice.issueDate, lng)}
                    </TableCell>
                    <TableCell label={t('billing-col_period')}>
                      {invoice.periodStart && invoice.periodEnd ? t('billing-period_value', { from: formatDay(invoice.periodStart, lng), to: formatDay(invoice.periodEnd, lng) }) : '—'}
                    </TableCell>
                    <TableCell label={t('billing-col_amount')} className={css({ textAlign: { md: 'end' }, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })}>
                      {formatMoney(invoice.totalInclVat, lng)}
                    </TableCell>
                    <TableCell label={t('billing-col_status')}>
                      <Badge tone={TONE[status]} dot>
                        {t(`billing-invoice_status_${status}`)}
                      </Badge>
                    </TableCell>
                    <TableCell label={t('billing-col_actions')}>
                      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
                        {/* A plain link: the download carries the session cookie, which file routes accept. */}
                        <a href={`/api/invoices/${invoice._id}/pdf`} download aria-label={t('billing-download_pdf_named', { number: invoice.number })} className={cx(button({ variant: 'outline', size: 'sm' }), css({ textDecoration: 'none' }))}>
                          <FileDown aria-hidden="true" />
                          {t('billing-download_pdf')}
                        </a>
                        {admin && canMarkPaid(invoice) ? (
                          <Button variant="outline" size="sm" disabled={busy} aria-label={t('billing-mark_paid_named', { number: invoice.number })} onClick={() => onMarkPaid(invoice)}>
                            {t('billing-mark_paid')}
                          </Button>
                        ) : null}
                        {admin && canCredit(invoice) ? (
                          <Button variant="outline" size="sm" disabled={busy} aria-label={t('billing-credit_named', { number: invoice.number })} onClick={() => onCredit(invoice)}>
                            {t('billing-credit')}
                          </Button>
                        ) : null}
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </tbody>
          </Table>
        </ListFrame>
      </CardBody>
    </CardRoot>
  );
}
