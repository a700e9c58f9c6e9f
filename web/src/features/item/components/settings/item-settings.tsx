import { Tab, TabList, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemRow } from '../../api/get-item-detail';
import { AdvancedTab } from './advanced-tab';
import { ApiSourceTab } from './api-source-tab';
import { BaseInfoTab } from './base-info-tab';
import { MembersTab } from './members-tab';
import { OpenApiTab } from './open-api-tab';
import { RecycleBinTab } from './recycle-bin-tab';
import { ShareLinksTab } from '../../../share-link/components/share-links-tab';
import { labels as shareLinkLabels } from '../../../share-link/labels';
import { WebhooksPanel } from '../../../webhook/components/webhooks-panel';
import { labels as webhookLabels } from '../../../webhook/labels';
import { addLabels } from '../../../../lib/i18n';
import { ItemActivity } from '../../../audit/components/audit-log-view';
import { labels as auditLabels } from '../../../audit/labels';

addLabels(shareLinkLabels);
addLabels(webhookLabels);
addLabels(auditLabels);

const useStyles = makeStyles({
  tabs: { overflowX: 'auto', marginBottom: tokens.spacingVerticalM },
  // A plain panel, not a Card: a Card clips the member autocomplete's inline list.
  panel: {
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    color: tokens.colorNeutralForeground1,
  },
  panelMobile: { padding: tokens.spacingHorizontalM },
});

export type SettingsTab = 'base' | 'members' | 'advanced' | 'api' | 'apidocs' | 'recycle' | 'shares' | 'webhooks' | 'activity';

/** SPEC §2 item settings: base info, members (and teams), advanced, open API. The creator alone reaches them. */
export function ItemSettings({ item, mobile }: { item: ItemRow; mobile: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [tab, setTab] = useState<SettingsTab>('base');
  return (
    <>
      <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as SettingsTab)} size={mobile ? 'small' : 'medium'}>
        <Tab value="base">{t('Base info')}</Tab>
        <Tab value="members">{t('Members')}</Tab>
        <Tab value="advanced">{t('Advanced')}</Tab>
        <Tab value="api">{t('Open API')}</Tab>
        <Tab value="apidocs">{t('API description')}</Tab>
        <Tab value="recycle">{t('Recycle bin')}</Tab>
        <Tab value="shares">{t('Share links')}</Tab>
        <Tab value="webhooks" data-testid="settings-tab-webhooks">
          {t('Webhooks')}
        </Tab>
        <Tab value="activity" data-testid="settings-tab-activity">
          {t('Activity')}
        </Tab>
      </TabList>
      <div className={mergeClasses(styles.panel, mobile && styles.panelMobile)} data-testid={`settings-${tab}`}>
        {tab === 'base' && <BaseInfoTab item={item} />}
        {tab === 'members' && <MembersTab itemId={item.item_id} />}
        {tab === 'advanced' && <AdvancedTab item={item} />}
        {tab === 'api' && <OpenApiTab itemId={item.item_id} />}
        {tab === 'apidocs' && <ApiSourceTab itemId={item.item_id} />}
        {tab === 'recycle' && <RecycleBinTab itemId={item.item_id} />}
        {tab === 'shares' && <ShareLinksTab itemId={item.item_id} />}
        {tab === 'webhooks' && <WebhooksPanel itemId={item.item_id} />}
        {tab === 'activity' && <ItemActivity itemId={item.item_id} />}
      </div>
    </>
  );
}
