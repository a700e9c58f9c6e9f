import { Spinner } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { mutate } from 'swr';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths, safeRedirect } from '../../../config/paths';
import { useHomePageSetting } from '../../../features/admin/api/get-home-page-setting';
import { runCron } from '../../../features/admin/api/run-cron';
import { useUserInfo } from '../../../features/auth/api/get-user-info';
import { LoginForm } from '../../../features/auth/components/login-form';
import { labels } from '../../../features/auth/labels';
import { addLabels } from '../../../lib/i18n';

addLabels(labels);

/** SPEC §2 login: a logged-in visitor goes on at once; success follows `redirect` or opens the item list. */
export default function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const target = safeRedirect(search.get('redirect'), paths.itemIndex.getHref());
  const { data: user, isLoading } = useUserInfo({ redirectLogin: false });
  const { data: setting } = useHomePageSetting();
  useEffect(() => runCron(), []);

  if (user) return <Navigate to={target} replace />;
  return (
    <PageLayout width="narrow" title={t('Log in')}>
      {isLoading ? (
        <Spinner />
      ) : (
        <LoginForm
          registerOpen={setting?.register_open !== 0}
          onLoggedIn={async () => {
            await mutate((key) => Array.isArray(key) && key[0] === 'user/info', undefined);
            void navigate(target, { replace: true });
          }}
        />
      )}
    </PageLayout>
  );
}
