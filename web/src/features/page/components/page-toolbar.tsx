import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { AttachRegular, CopyRegular, DeleteRegular, EditRegular, HistoryRegular, InfoRegular, PlayRegular, ShareRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/ui/count-badge';
import { Toolbar } from '../../../components/ui/toolbar';
import { Tooltip } from '../../../components/ui/tooltip';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXXS,
    padding: 0,
    marginBottom: tokens.spacingVerticalM,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingBottom: tokens.spacingVerticalS,
  },
  attach: { position: 'relative' },
  tryIt: { alignSelf: 'center', marginRight: tokens.spacingHorizontalS },
  badge: { position: 'absolute', top: '-2px', right: '-4px' },
});

export interface PageToolbarProps {
  canEdit: boolean;
  attachmentCount: number;
  compact: boolean;
  onEdit: () => void;
  onShare: () => void;
  onCopy: () => void;
  onDetail: () => void;
  /** Absent for a visitor who is not logged in: the history and its comparisons are for the item's people. */
  onHistory?: () => void;
  onDelete: () => void;
  onAttachments: () => void;
  /** On a page generated from an API description: opens the HTTP API test tool filled with its operation. */
  onTryIt?: () => void;
}

/** SPEC §2 page bar: edit, share, copy, detail, history, delete, attachments with a count badge; "Try it" on an API page (issue 19). */
export function PageToolbar(props: PageToolbarProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const action = (label: string, icon: ReactElement, onClick: () => void, testId: string) => (
    <Tooltip content={label} relationship="label" key={testId}>
      <Button appearance="subtle" icon={icon} onClick={onClick} aria-label={label} data-testid={testId}>
        {props.compact ? undefined : label}
      </Button>
    </Tooltip>
  );
  return (
    <Toolbar className={styles.root} label={t('Page actions')} data-testid="page-toolbar">
      {props.onTryIt && (
        <Tooltip content={t('Send this operation in the HTTP API test tool')} relationship="description">
          <Button appearance="primary" size="small" icon={<PlayRegular />} onClick={props.onTryIt} className={styles.tryIt} data-testid="page-try-it">
            {t('Try it')}
          </Button>
        </Tooltip>
      )}
      {props.canEdit && action(t('Edit'), <EditRegular />, props.onEdit, 'page-edit')}
      {action(t('Share'), <ShareRegular />, props.onShare, 'page-share')}
      {props.canEdit && action(t('Copy'), <CopyRegular />, props.onCopy, 'page-copy')}
      {action(t('Details'), <InfoRegular />, props.onDetail, 'page-detail-button')}
      {props.onHistory && action(t('History'), <HistoryRegular />, props.onHistory, 'page-history-button')}
      {props.canEdit && action(t('Delete'), <DeleteRegular />, props.onDelete, 'page-delete')}
      <span className={styles.attach}>
        <Tooltip content={t('Attachments')} relationship="label">
          <Button appearance="subtle" icon={<AttachRegular />} onClick={props.onAttachments} aria-label={t('Attachments')} data-testid="page-attachments">
            {props.compact ? undefined : t('Attachments')}
          </Button>
        </Tooltip>
        {props.attachmentCount > 0 && <CountBadge className={styles.badge} count={props.attachmentCount} data-testid="attachment-count" />}
      </span>
    </Toolbar>
  );
}
