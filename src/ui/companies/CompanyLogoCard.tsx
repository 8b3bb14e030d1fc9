import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardFooter, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { ConfirmDialog } from '../components/Dialog';
import { FileDrop } from '../components/FileDrop';
import { Spinner } from '../components/Spinner';
import type { CompanyRow } from '../admin/admin-types';
import { HOUSE_BRAND_COLOR } from './CompanyForm';

/** The states of the logo statechart (src/machines/company-logo.machine.ts). */
export type LogoState = 'idle' | 'invalid' | 'selected' | 'uploading' | 'confirming' | 'removing' | 'failed';

/** The logo's controls, for a manager of the company or an admin. */
export type LogoControls = {
  state: LogoState;
  previewUrl: string | null;
  fileName: string | null;
  problem: 'type' | 'size' | null;
  error: string | null;
  failedAction: 'upload' | 'remove' | null;
  onSelect: (file: File) => void;
  onUpload: () => void;
  onCancel: () => void;
  onRemove: () => void;
  onConfirmRemove: () => void;
};

type CompanyLogoCardProps = {
  company: Pick<CompanyRow, 'name' | 'logo' | 'brandColor'>;
  /** Absent for employees: they see the logo and the colour only. */
  controls?: LogoControls | undefined;
};

export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
function inkOn(hex: string): string {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/** The company's logo (or its initials on its colour, as the Word export shows them) and its brand colour. */
export function CompanyLogoCard({ company, controls }: CompanyLogoCardProps) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState<string | null>(null);
  const state = controls?.state ?? 'idle';
  const uploading = state === 'uploading';
  const removing = state === 'removing';
  const previewing = controls !== undefined && (state === 'selected' || uploading || (state === 'failed' && controls.failedAction === 'upload'));
  const colour = company.brandColor ?? HOUSE_BRAND_COLOR;
  const logoUrl = company.logo && broken !== company.logo.url ? company.logo.url : null;
  const frame = css({ w: '24', h: '24', flexShrink: 0, borderRadius: 'md', borderWidth: '1px', borderColor: 'border.default', bg: 'bg.default', display: 'grid', placeItems: 'center', overflow: 'hidden' });
  const image = css({ maxW: 'full', maxH: 'full', objectFit: 'contain' });

  return (
    <CardRoot>
      <CardHeader>
        <CardTitle>{t('company-logo_title')}</CardTitle>
        <CardDescription>{t('company-logo_rule')}</CardDescription>
      </CardHeader>
      <CardBody className={css({ gap: '4' })}>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '4' })}>
          {previewing && controls.previewUrl ? (
            <div className={frame}>
              <img className={image} src={controls.previewUrl} alt={t('company-logo_preview_alt')} />
            </div>
          ) : logoUrl ? (
            <div className={frame}>
              <img className={image} src={logoUrl} alt={t('company-logo_alt', { name: company.name })} onError={() => setBroken(logoUrl)} />
            </div>
          ) : (
            <div className={frame} style={{ background: colour, color: inkOn(colour) }} aria-hidden="true">
              <span className={css({ fontSize: '2xl', fontWeight: 'bold', letterSpacing: 'wide' })}>{initialsOf(company.name)}</span>
            </div>
          )}
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minW: 0 })}>
            {previewing ? (
              <>
                <p className={css({ fontSize: 'sm', fontWeight: 'medium' })}>{t('company-logo_preview')}</p>
                <p className={css({ fontSize: 'xs', color: 'fg.muted', overflowWrap: 'anywhere' })}>{controls.fileName}</p>
              </>
            ) : (
              <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{company.logo ? t('company-logo_current') : t('company-logo_none')}</p>
            )}
            <p className={css({ fontSize: 'sm', display: 'inline-flex', alignItems: 'center', gap: '2' })}>
              <span aria-hidden="true" className={css({ w: '4', h: '4', borderRadius: 'sm', borderWidth: '1px', borderColor: 'border.emphasized' })} style={{ background: colour }} />
              <span>{t('company-brand_color_value', { value: company.brandColor ?? t('company-brand_color_house') })}</span>
            </p>
          </div>
        </div>
        {controls ? <LogoMessages controls={controls} /> : null}
        {controls && !previewing ? (
          <FileDrop label={t('company-logo_drop')} accept="image/png,image/jpeg" disabled={uploading || removing} onFile={controls.onSelect} />
        ) : null}
      </CardBody>
      {controls && (previewing || company.logo) ? (
        <CardFooter className={css({ justifyContent: 'flex-end', flexWrap: 'wrap' })}>
          {previewing ? (
            <>
              <Button variant="outline" onClick={controls.onCancel} disabled={uploading}>
                {t('company-logo_cancel')}
              </Button>
              <Button onClick={controls.onUpload} disabled={uploading}>
                {uploading ? <Spinner size="sm" label={t('company-logo_uploading')} /> : null}
                {uploading ? t('company-logo_uploading') : t('company-logo_save')}
              </Button>
            </>
          ) : (
            <Button variant="outline" onClick={controls.onRemove} disabled={removing}>
              {t('company-logo_remove')}
            </Button>
          )}
        </CardFooter>
      ) : null}
      {controls ? (
        <ConfirmDialog
          open={state === 'confirming' || removing}
          title={t('company-logo_confirm_title')}
          description={t('company-logo_confirm_text', { name: company.name })}
          confirmLabel={t('company-logo_remove')}
          danger
          busy={removing}
          onConfirm={controls.onConfirmRemove}
          onClose={controls.onCancel}
        />
      ) : null}
    </CardRoot>
  );
}

function LogoMessages({ controls }: { controls: LogoControls }) {
  const { t } = useTranslation();
  if (controls.state === 'invalid' && controls.problem) {
    return (
      <Alert status="error" title={t('company-logo_refused')}>
        {t(controls.problem === 'type' ? 'common-invalid_file_type' : 'common-invalid_file_size')} {t('company-logo_rule')}
      </Alert>
    );
  }
  if (controls.state === 'failed' && controls.error) {
    return (
      <Alert status="error" title={t(controls.failedAction === 'remove' ? 'company-logo_remove_failed' : 'company-logo_failed')}>
        {controls.error}
      </Alert>
    );
  }
  return null;
}
