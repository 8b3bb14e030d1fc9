import { useTranslation } from 'react-i18next';
import { ExternalLink, Inbox } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { SearchInput } from '../components/SearchInput';
import { Select } from '../components/Select';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '../components/Table';
import { formatDateTime } from '../format';
import type { OutboxRow } from './admin-types';
import { ListFrame, PageHeading, type ListState } from '../components/ListFrame';

export type OutboxKind = OutboxRow['kind'];
const KINDS: OutboxKind[] = ['invitation', 'verify_email', 'reset_password', 'alert', 'digest'];

/** The emails as a table: recipient, subject, date, and the link the email carries as a button. */
export function OutboxTable({ emails, caption }: { emails: OutboxRow[]; caption: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Table caption={caption}>
      <TableHead>
        <TableRow>
          <TableHeader>{t('outbox-col_to')}</TableHeader>
          <TableHeader>{t('outbox-col_subject')}</TableHeader>
          <TableHeader>{t('outbox-col_date')}</TableHeader>
          <TableHeader>
            <span className={css({ srOnly: true })}>{t('outbox-col_link')}</span>
          </TableHeader>
        </TableRow>
      </TableHead>
      <tbody>
        {emails.map((email) => (
          <TableRow key={email._id}>
            <TableCell className={css({ overflowWrap: 'anywhere', minW: '10rem' })}>{email.to}</TableCell>
            <TableCell className={css({ minW: '14rem' })}>
              <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', alignItems: 'flex-start' })}>
                <span className={css({ fontWeight: 'medium' })}>{email.subject}</span>
                <span className={css({ display: 'flex', gap: '1.5', flexWrap: 'wrap' })}>
                  <Badge tone="neutral">{t(`outbox-kind_${email.kind}`)}</Badge>
                  {email.error ? <Badge tone="danger">{t('outbox-failed')}</Badge> : email.sentAt ? <Badge tone="success">{t('outbox-sent')}</Badge> : <Badge tone="accent">{t('outbox-stored')}</Badge>}
                </span>
              </div>
            </TableCell>
            <TableCell className={css({ whiteSpace: 'nowrap', color: 'fg.muted' })}>{formatDateTime(email.createdAt, i18n.language)}</TableCell>
            <TableCell className={css({ textAlign: 'end' })}>
              {email.link ? (
                <a href={email.link} className={cx(button({ variant: 'outline', size: 'sm' }), css({ textDecoration: 'none', whiteSpace: 'nowrap' }))} aria-label={t('list-action_named', { action: t(`outbox-open_${email.kind}`), target: email.to })}>
                  <ExternalLink size={14} aria-hidden="true" />
                  {t(`outbox-open_${email.kind}`)}
                </a>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </tbody>
    </Table>
  );
}

export type OutboxViewProps = {
  list: ListState<OutboxRow>;
  search: string;
  kind: OutboxKind | '';
  onSearch: (search: string) => void;
  onKind: (kind: OutboxKind | '') => void;
  onPage: (page: number) => void;
  onRetry: () => void;
};

/** How emails leave, as the server said with its last page: without SMTP this list is the delivery. */
const deliveryNote = (list: ListState<OutboxRow>) => {
  const delivery = list.items[0]?.delivery;
  return delivery === 'outbox' ? 'outbox-delivery_outbox' : delivery === 'smtp' ? 'outbox-delivery_smtp' : 'outbox-smtp_note';
};

export function OutboxView(props: OutboxViewProps) {
  const { t } = useTranslation();
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <PageHeading title={t('outbox-title')} description={t('outbox-subtitle')} />
      <Alert status="info">{t(deliveryNote(props.list))}</Alert>
      <ListFrame
        list={props.list}
        narrowed={props.search.trim() !== '' || props.kind !== ''}
        onRetry={props.onRetry}
        onPageChange={props.onPage}
        empty={{ icon: <Inbox size={22} />, title: t('outbox-empty_title'), description: t('outbox-empty_text') }}
        toolbar={
          <>
            <SearchInput label={t('outbox-search')} placeholder={t('outbox-search_placeholder')} value={props.search} onChange={props.onSearch} />
            <Select
              label={t('outbox-filter_kind')}
              value={props.kind}
              options={[{ value: '', label: t('outbox-all_kinds') }, ...KINDS.map((k) => ({ value: k, label: t(`outbox-kind_${k}`) }))]}
              onChange={(v) => props.onKind(v as OutboxKind | '')}
            />
          </>
        }
      >
        <OutboxTable emails={props.list.items} caption={t('outbox-title')} />
      </ListFrame>
    </div>
  );
}
