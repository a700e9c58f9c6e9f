import { Link, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { UpdateNotice as UpdateNoticeData } from '@quire/proto';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC §2: how long the update check's link stays on screen. */
export const UPDATE_NOTICE_MS = 10_000;

/** The link of `adminUser/checkUpdate`, shown for 10 seconds when there is one. */
export function UpdateNotice(props: { notice: UpdateNoticeData | undefined }) {
  const { t } = useTranslation();
  const url = props.notice && 'url' in props.notice ? props.notice.url : '';
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (!url) return undefined;
    const timer = setTimeout(() => setVisible(false), UPDATE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [url]);
  if (!url || !visible || !props.notice || !('url' in props.notice)) return null;
  return (
    <MessageBar intent="info" data-testid="update-notice">
      <MessageBarBody>
        <MessageBarTitle>{t('A new version is available')}</MessageBarTitle>
        <Link href={url} target="_blank" rel="noopener noreferrer">
          {props.notice.title || url}
        </Link>
      </MessageBarBody>
    </MessageBar>
  );
}
