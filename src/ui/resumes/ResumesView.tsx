import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Download, FileUser, UserPlus } from 'lucide-react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import type { components } from '../../../openapi/schema';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { FormDialog } from '../components/FormDialog';
import { TextField } from '../components/Field';
import { FileDrop } from '../components/FileDrop';
import { ListFrame, PageHeading, type ListState } from '../components/ListFrame';
import { SearchInput } from '../components/SearchInput';
import { Spinner } from '../components/Spinner';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '../components/Table';
import { formatList } from '../format';
import { serverFieldErrors } from '../forms/use-field-errors';

export type ResumeRow = components['schemas']['ResumeListItem'];
/** What the add dialog sends: a CV to read (the typed name and title are kept), or a name without file. */
export type ResumeAddValues = { fullName: string; jobTitle: string; file: File | null };

/** Skills shown in a row before "+N". */
const SKILLS_SHOWN = 4;

export type ResumesViewProps = {
  companyName: string | null;
  /** The company pages' tabs, wired by the page. */
  tabs?: ReactNode;
  list: ListState<ResumeRow>;
  search: string;
  accept: string;
  fileUrl: (id: string) => string;
  onSearch: (search: string) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  adding: boolean;
  addBusy: boolean;
  addError: string | null;
  /** The refusal's per-field details, shown under their inputs. */
  addErrorDetails?: unknown;
  onAdd: () => void;
  onCloseAdd: () => void;
  onSubmitAdd: (values: ResumeAddValues) => void;
};

/** A resume's certifications at a glance: expired and expiring ones flagged like the vault's documents. */
export function CertificationFlags({ counts, total }: { counts: ResumeRow['certificationCounts']; total: number }) {
  const { t } = useTranslation();
  if (total === 0) return <span className={css({ color: 'fg.muted' })}>—</span>;
  return (
    <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', alignItems: 'center' })}>
      <span>{t('resumes-certifications_count', { count: total })}</span>
      {counts.expired > 0 ? (
        <Badge tone="danger" dot>
          {t('resumes-certifications_expired', { count: counts.expired })}
        </Badge>
      ) : null}
      {counts.expiring > 0 ? (
        <Badge tone="warning" dot>
          {t('resumes-certifications_expiring', { count: counts.expiring })}
        </Badge>
      ) : null}
    </span>
  );
}

export function ResumesView(props: ResumesViewProps) {
  const { t, i18n } = useTranslation();
  const { list } = props;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <PageHeading
        title={t('resumes-title')}
        description={props.companyName ? t('resumes-subtitle', { company: props.companyName }) : t('resumes-subtitle_plain')}
        action={
          <Button onClick={props.onAdd}>
            <UserPlus size={16} aria-hidden="true" />
            {t('resumes-add')}
          </Button>
        }
      />
      {props.tabs}
      <ListFrame
        list={list}
        narrowed={props.search.trim() !== ''}
        onRetry={props.onRetry}
        onPageChange={props.onPage}
        empty={{ icon: <FileUser size={22} />, title: t('resumes-empty_title'), description: t('resumes-empty_text') }}
        toolbar={<SearchInput label={t('resumes-search')} placeholder={t('resumes-search_placeholder')} value={props.search} onChange={props.onSearch} />}
      >
        {/* On phones each person is a card: certifications and the CV stay in view. */}
        <Table caption={t('resumes-table')} stackOnPhone>
          <TableHead>
            <TableRow>
              <TableHeader>{t('resumes-col_person')}</TableHeader>
              <TableHeader>{t('resumes-col_experience')}</TableHeader>
              <TableHeader>{t('resumes-col_skills')}</TableHeader>
              <TableHeader>{t('resumes-col_certifications')}</TableHeader>
              <TableHeader>{t('resumes-col_file')}</TableHeader>
            </TableRow>
          </TableHead>
          <tbody>
            {list.items.map((resume) => {
              const name = resume.fullName || t('resumes-unnamed');
              const more = resume.skills.length - SKILLS_SHOWN;
              return (
                <TableRow key={resume._id}>
                  <TableCell className={css({ minW: '12rem', maxW: '22rem' })}>
                    <div className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
                      <Link href={`/resumes/${resume._id}`} className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>
                        {name}
                      </Link>
                      {resume.jobTitle ? <span className={css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })}>{resume.jobTitle}</span> : null}
                    </div>
                  </TableCell>
                  <TableCell label={t('resumes-col_experience')} className={css({ whiteSpace: 'nowrap' })}>
                    {resume.yearsExperience === null ? '—' : t('resume-years', { count: resume.yearsExperience })}
                  </TableCell>
                  <TableCell label={t('resumes-col_skills')} className={css({ minW: '12rem', maxW: '24rem' })}>
                    {resume.skills.length === 0 ? (
                      <span className={css({ color: 'fg.muted' })}>—</span>
                    ) : (
                      <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '1' })} title={formatList(resume.skills, i18n.language)}>
                        {resume.skills.slice(0, SKILLS_SHOWN).map((skill) => (
                          <Badge key={skill} tone="accent">
                            {skill}
                          </Badge>
                        ))}
                        {more > 0 ? <Badge tone="neutral">{t('resumes-skills_more', { count: more })}</Badge> : null}
                      </span>
                    )}
                  </TableCell>
                  <TableCell label={t('resumes-col_certifications')}>
                    <CertificationFlags counts={resume.certificationCounts} total={resume.certifications.length} />
                  </TableCell>
                  <TableCell label={t('resumes-col_file')}>
                    <FileCell resume={resume} name={name} href={props.fileUrl(resume._id)} />
                  </TableCell>
                </TableRow>
              );
            })}
          </tbody>
        </Table>
      </ListFrame>
      {props.adding ? <AddDialog {...props} /> : null}
    </div>
  );
}

function FileCell({ resume, name, href }: { resume: ResumeRow; name: string; href: string }) {
  const { t } = useTranslation();
  if (resume.parseStatus === 'parsing')
    return (
      <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', color: 'fg.muted', fontSize: 'sm' })}>
        <Spinner size="sm" label={t('resume-parsing')} />
        {t('resume-parsing')}
      </span>
    );
  if (!resume.fileName) return <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('resumes-no_file')}</span>;
  return (
    <span className={css({ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
      <a href={href} download className={button({ variant: 'ghost', size: 'sm' })} aria-label={t('list-action_named', { action: t('resumes-download'), target: name })}>
        <Download size={14} aria-hidden="true" />
        {t('resumes-download')}
      </a>
      {resume.parseStatus === 'failed' ? <Badge tone="warning">{t('resumes-parse_failed_short')}</Badge> : null}
    </span>
  );
}

type AddField = 'fullName' | 'jobTitle' | 'file';

function AddDialog(props: ResumesViewProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<AddField, string>>>({});
  const server = serverFieldErrors(props.addErrorDetails);
  const fieldError = (name: AddField) => (errors[name] ? t(errors[name]) : server[name]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const fullName = String(data.get('fullName') ?? '').trim();
    const jobTitle = String(data.get('jobTitle') ?? '').trim();
    // Without a CV there is nothing to read the name from: it is needed.
    const found: Partial<Record<AddField, string>> = file || fullName ? {} : { fullName: 'resumes-name_or_file' };
    setErrors(found);
    if (Object.keys(found).length === 0) props.onSubmitAdd({ fullName, jobTitle, file });
  };
  const formId = 'resume-add-form';
  return (
    <FormDialog
      formId={formId}
      title={t('resumes-add_title')}
      description={t('resumes-add_text')}
      busy={props.addBusy}
      error={props.addError}
      errorTitle={t('resumes-add_error')}
      submitLabel={file ? t('resumes-add_read') : t('resumes-add_save')}
      onClose={props.onCloseAdd}
      onSubmit={submit}
      onChange={(event) => {
        const name = (event.target as unknown as HTMLInputElement).name as AddField;
        if (name) setErrors((e) => ({ ...e, [name]: undefined }));
      }}
    >
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
            <span className={css({ fontSize: 'sm', fontWeight: 'medium' })}>{t('resumes-file')}</span>
            <FileDrop
              label={t('resumes-file_drop')}
              hint={t('resumes-file_hint')}
              accept={props.accept}
              disabled={props.addBusy}
              onFile={(chosen) => {
                setFile(chosen);
                setErrors((e) => ({ ...e, file: undefined, fullName: undefined }));
              }}
            />
            <p aria-live="polite" className={css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })}>
              {file ? t('resumes-file_chosen', { name: file.name }) : null}
            </p>
            {fieldError('file') ? (
              <p role="alert" className={css({ fontSize: 'sm', color: 'danger.text' })}>
                {fieldError('file')}
              </p>
            ) : null}
          </div>
          <TextField
            label={t('resumes-full_name')}
            name="fullName"
            maxLength={120}
            autoComplete="off"
            helperText={file ? t('resumes-full_name_from_file') : undefined}
            error={fieldError('fullName')}
          />
          <TextField label={t('resumes-job_title')} name="jobTitle" maxLength={160} autoComplete="off" error={fieldError('jobTitle')} />
    </FormDialog>
  );
}
