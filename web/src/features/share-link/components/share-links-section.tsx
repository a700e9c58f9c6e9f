import { Button, Field, Input, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { CopyRegular, LinkAddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { createShareLink } from '../api/share-links';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: tokens.spacingVerticalM },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  scopes: { flexWrap: 'wrap', '& label': { whiteSpace: 'nowrap' } },
  grow: { flexGrow: 1, minWidth: '140px' },
  qr: { alignSelf: 'center', width: '160px', height: '160px', imageRendering: 'pixelated', backgroundColor: '#fff', padding: '4px', borderRadius: tokens.borderRadiusMedium },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export interface ShareLinksSectionProps {
  itemId: number;
  catId: number;
  pageId: number;
  /** The QR code image of an absolute URL (the page feature's `common/qrcode`). */
  qrcodeOf: (url: string) => string;
}

/** The end of a chosen day (local time) in unix seconds; 0 for no date. */
function endOfDay(date: string): number {
  if (!date) return 0;
  const [year, month, day] = date.split('-').map(Number);
  return Math.floor(new Date(year, month - 1, day, 23, 59, 59).getTime() / 1000);
}

/** Issue 20, in the share dialog: a scoped link to this page, its catalog or the whole item, with a password and expiry. */
export function ShareLinksSection({ itemId, catId, pageId, qrcodeOf }: ShareLinksSectionProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [scope, setScope] = useState<'page' | 'catalog' | 'item'>('page');
  const [password, setPassword] = useState('');
  const [expiry, setExpiry] = useState('');
  const [link, setLink] = useState('');
  const [failure, setFailure] = useState('');

  const create = async () => {
    setFailure('');
    try {
      const created = await createShareLink({
        item_id: itemId,
        page_id: scope === 'page' ? pageId : 0,
        cat_id: scope === 'catalog' ? catId : 0,
        password,
        expire_time: endOfDay(expiry),
      });
      setLink(new URL(paths.shareLink.getHref(created.share_key), window.location.origin).toString());
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setFailure(error.message);
    }
  };

  return (
    <section className={styles.root} data-testid="share-links">
      <h3 className={styles.heading}>{t('Share links')}</h3>
      <RadioGroup className={styles.scopes} layout="horizontal" value={scope} onChange={(_, data) => setScope(data.value as typeof scope)} aria-label={t('What the link opens')}>
        <Radio value="page" label={t('This page')} />
        {catId > 0 && <Radio value="catalog" label={t('Its catalog')} />}
        <Radio value="item" label={t('The whole item')} />
      </RadioGroup>
      <div className={styles.row}>
        <Field className={styles.grow} label={t('Password (optional)')}>
          <Input type="password" value={password} onChange={(_, data) => setPassword(data.value)} data-testid="share-link-password" />
        </Field>
        <Field className={styles.grow} label={t('Expires on (optional)')}>
          <Input type="date" value={expiry} onChange={(_, data) => setExpiry(data.value)} data-testid="share-link-expiry" />
        </Field>
      </div>
      <Button icon={<LinkAddRegular />} onClick={() => void create()} data-testid="share-link-create">
        {t('Make a link')}
      </Button>
      {failure && (
        <span className={styles.error} role="alert">
          {failure}
        </span>
      )}
      {link && (
        <>
          <div className={styles.row}>
            <Input className={styles.grow} value={link} readOnly data-testid="share-link-url" onFocus={(event) => event.target.select()} />
            <Button icon={<CopyRegular />} onClick={() => void navigator.clipboard?.writeText(link).catch(() => undefined)}>
              {t('Copy')}
            </Button>
          </div>
          <img className={styles.qr} src={qrcodeOf(link)} alt={t('QR code of the link')} />
        </>
      )}
    </section>
  );
}
