import { Card, Spinner, Tab, TabList, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  ArrowImportRegular,
  ArrowLeftRegular,
  PlugConnectedRegular,
  DocumentBulletListRegular,
  HistoryRegular,
  MailInboxRegular,
  MegaphoneRegular,
  PeopleRegular,
  SettingsRegular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { HeaderAction } from '../../../components/ui/header-action';
import { PageLayout } from '../../../components/ui/page-layout';
import { RouterLink } from '../../../components/ui/router-link';
import { paths } from '../../../config/paths';
import { useCheckUpdate } from '../../../features/admin/api/check-update';
import { ItemManagement } from '../../../features/admin/components/item-management';
import { MailOutbox } from '../../../features/admin/components/mail-outbox';
import { NoticeSender } from '../../../features/admin/components/notice-sender';
import { ShowdocImport } from '../../../features/admin/components/showdoc-import';
import { OidcSettingsForm } from '../../../features/admin/components/oidc-settings';
import { SiteSettingsForm } from '../../../features/admin/components/site-settings';
import { UpdateNotice } from '../../../features/admin/components/update-notice';
import { UserManagement } from '../../../features/admin/components/user-management';
import { labels } from '../../../features/admin/labels';
import { AdminAuditLog } from '../../../features/audit/components/audit-log-view';
import { labels as auditLabels } from '../../../features/audit/labels';
import { WebhooksPanel } from '../../../features/webhook/components/webhooks-panel';
import { labels as webhookLabels } from '../../../features/webhook/labels';
import { addLabels } from '../../../lib/i18n';
import { useIsMobile } from '../../../lib/use-is-mobile';

addLabels(labels);
addLabels(auditLabels);
addLabels(webhookLabels);

const SECTIONS = ['users', 'items', 'settings', 'notices', 'outbox', 'import', 'webhooks', 'audit'] as const;
type Section = (typeof SECTIONS)[number];
const isSection = (value: string | null): value is Section => SECTIONS.some((section) => section === value);

const useStyles = makeStyles({
  console: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'flex-start' },
  consoleMobile: { flexDirection: 'column', alignItems: 'stretch', gap: tokens.spacingVerticalS },
  menu: {
    flexShrink: 0,
    width: '200px',
    padding: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
  },
  menuMobile: { width: '100%', boxSizing: 'border-box', overflowX: 'auto', padding: 0 },
  content: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  refused: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, marginTop: tokens.spacingVerticalXXL },
});

/**
 * SPEC §2 administrator console: users, items, site settings, announcements, the mail outbox and (issue 16) the ShowDoc import.
 * Opening it asks `adminUser/checkUpdate`; a non-administrator sees the server's refusal instead.
 */
export default function AdminIndexRoute() {
  const { t } = useTranslation();
  const styles = useStyles();
  const mobile = useIsMobile();
  const [search, setSearch] = useSearchParams();
  const section: Section = isSection(search.get('section')) ? (search.get('section') as Section) : 'users';
  const { data: update, error, isLoading } = useCheckUpdate();

  const back = <HeaderAction icon={<ArrowLeftRegular />} label={t('My items')} to={paths.itemIndex.getHref()} />;
  if (isLoading) {
    return (
      <PageLayout title={t('Administration')} actions={back}>
        <Spinner />
      </PageLayout>
    );
  }
  if (error) {
    return (
      <PageLayout width="narrow" title={t('Administration')} actions={back}>
        <Card className={styles.refused} data-testid="admin-refused">
          <p>{error instanceof Error ? error.message : t('Something went wrong')}</p>
          <RouterLink to={paths.itemIndex.getHref()}>{t('Back to my items')}</RouterLink>
        </Card>
      </PageLayout>
    );
  }

  return (
    <PageLayout title={t('Administration')} actions={back}>
      <div className={mergeClasses(styles.console, mobile && styles.consoleMobile)}>
        <nav className={mergeClasses(styles.menu, mobile && styles.menuMobile)} aria-label={t('Administration')}>
          <TabList vertical={!mobile} selectedValue={section} onTabSelect={(_, data) => setSearch({ section: String(data.value) }, { replace: true })} data-testid="admin-menu">
            <Tab value="users" icon={<PeopleRegular />}>
              {t('User management')}
            </Tab>
            <Tab value="items" icon={<DocumentBulletListRegular />}>
              {t('Item management')}
            </Tab>
            <Tab value="settings" icon={<SettingsRegular />}>
              {t('Site settings')}
            </Tab>
            <Tab value="notices" icon={<MegaphoneRegular />}>
              {t('Announcements')}
            </Tab>
            <Tab value="outbox" icon={<MailInboxRegular />}>
              {t('Mail outbox')}
            </Tab>
            <Tab value="import" icon={<ArrowImportRegular />}>
              {t('ShowDoc import')}
            </Tab>
            <Tab value="webhooks" icon={<PlugConnectedRegular />}>
              {t('Webhooks')}
            </Tab>
            <Tab value="audit" icon={<HistoryRegular />}>
              {t('Audit log')}
            </Tab>
          </TabList>
        </nav>
        <div className={styles.content}>
          <UpdateNotice notice={update} />
          {section === 'users' && <UserManagement />}
          {section === 'items' && <ItemManagement />}
          {section === 'settings' && (
            <>
              <SiteSettingsForm />
              <OidcSettingsForm />
            </>
          )}
          {section === 'notices' && <NoticeSender />}
          {section === 'outbox' && <MailOutbox />}
          {section === 'import' && <ShowdocImport />}
          {section === 'webhooks' && <WebhooksPanel itemId={0} />}
          {section === 'audit' && <AdminAuditLog />}
        </div>
      </div>
    </PageLayout>
  );
}
