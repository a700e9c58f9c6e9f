import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { setSinglePageLink } from '../api/create-single-page';
import { qrcodeUrl } from '../api/qrcode';
import { Dialog } from '../../../components/ui/dialog';
import { ShareLinksSection } from '../../share-link/components/share-links-section';
import { labels as shareLinkLabels } from '../../share-link/labels';
import { addLabels } from '../../../lib/i18n';

addLabels(shareLinkLabels);

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, alignItems: 'stretch' },
  row: { display: 'flex', gap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1, minWidth: 0 },
  qr: { alignSelf: 'center', width: '160px', height: '160px', imageRendering: 'pixelated', backgroundColor: '#fff', padding: '4px', borderRadius: tokens.borderRadiusMedium },
  copied: { color: tokens.colorPaletteGreenForeground1, fontSize: tokens.fontSizeBase200 },
});

export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  /** The page inside its item: `/{item}?page_id=`. */
  itemPageHref: string;
  pageId: number;
  uniqueKey: string;
  /** Only editors may turn the single-page link on or off, and make scoped links. */
  canEdit: boolean;
  /** The page's item and catalog (0 at the item's root), for the scoped links. */
  itemId?: number;
  catId?: number;
}

function absolute(href: string): string {
  return new URL(href, window.location.origin).toString();
}

/** SPEC §2 share dialog: the link, its QR code (`common/qrcode`) and the single-page link switch. */
export function ShareDialog({ open, onClose, itemPageHref, pageId, uniqueKey, canEdit, itemId = 0, catId = 0 }: ShareDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [key, setKey] = useState(uniqueKey);
  // The link last copied: "Link copied" speaks of that link only, not of one the switch put in its place.
  const [copiedLink, setCopiedLink] = useState<string | null>(null);
  const link = absolute(key ? paths.sharedPage.getHref(key) : itemPageHref);
  const copied = copiedLink === link;

  const toggle = async (enabled: boolean) => {
    try {
      setKey(await setSinglePageLink(pageId, enabled));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopiedLink(link);
    } catch {
      // Clipboard access needs a secure context; the link stays selectable in the field.
      setCopiedLink(null);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('Share')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Field label={key ? t('Single-page link') : t('Link to this page')}>
              <div className={styles.row}>
                <Input className={styles.grow} value={link} readOnly data-testid="share-link" onFocus={(event) => event.target.select()} />
                <Button icon={<CopyRegular />} onClick={copy}>
                  {t('Copy')}
                </Button>
              </div>
            </Field>
            {copied && (
              <span className={styles.copied} role="status" data-testid="link-copied">
                {t('Link copied')}
              </span>
            )}
            <img className={styles.qr} src={qrcodeUrl(link)} alt={t('QR code of the link')} data-testid="share-qrcode" />
            {canEdit && (
              <Switch checked={Boolean(key)} onChange={(_, data) => void toggle(data.checked)} label={t('Share this page alone (single-page link)')} data-testid="single-page-switch" />
            )}
            {canEdit && itemId > 0 && <ShareLinksSection itemId={itemId} catId={catId} pageId={pageId} qrcodeOf={qrcodeUrl} />}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('Close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
