import { Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageLayout } from '../../../components/ui/page-layout';
import { readHttpTestPrefill } from '../../../config/paths';
import { useHomePageSetting } from '../../../features/admin/api/get-home-page-setting';
import { HttpTestTool } from '../../../features/http-test/components/http-test-tool';
import { labels } from '../../../features/http-test/labels';
import { addLabels } from '../../../lib/i18n';

addLabels(labels);

/**
 * `/tools/http-test` (not in SPEC §2): the editor's HTTP API test tool, opened in a new window. Whether it
 * may send through the server comes from `common/homePageSetting.http_proxy_open` (site setting). A page's
 * "Try it" opens it filled with the page's operation (`#request=`).
 */
export default function HttpTestRoute() {
  const { t } = useTranslation();
  const { data: setting, isLoading } = useHomePageSetting();
  // A page's "Try it" opens the tool with its operation's request in the fragment.
  const { hash } = useLocation();
  const initial = readHttpTestPrefill(hash);
  return (
    <PageLayout title={t('HTTP API test')} width="full">
      {isLoading && !setting ? <Spinner /> : <HttpTestTool proxyOpen={setting?.http_proxy_open === 1} initial={initial} />}
    </PageLayout>
  );
}
