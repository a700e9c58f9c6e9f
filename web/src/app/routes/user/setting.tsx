import { Spinner } from '@fluentui/react-components';
import { ArrowLeftRegular, SignOutRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HeaderAction } from '../../../components/ui/header-action';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths } from '../../../config/paths';
import { useUserInfo } from '../../../features/auth/api/get-user-info';
import { logout } from '../../../features/auth/api/logout';
import { ApiTokensCard } from '../../../features/api-token/components/api-tokens-card';
import { labels as tokenLabels } from '../../../features/api-token/labels';
import { labels as authLabels } from '../../../features/auth/labels';
import { ProfileCard } from '../../../features/auth/components/profile-card';
import { TwoFactorCard } from '../../../features/auth/components/two-factor-card';
import { addLabels } from '../../../lib/i18n';

addLabels(tokenLabels);
addLabels(authLabels);

export default function SettingRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useUserInfo();
  const signOut = async () => {
    await logout().catch(() => undefined);
    void navigate(paths.login.getHref(), { replace: true });
  };
  return (
    <PageLayout
      width="narrow"
      title={t('Personal settings')}
      actions={
        <>
          <HeaderAction icon={<ArrowLeftRegular />} label={t('My items')} to={paths.itemIndex.getHref()} />
          <HeaderAction icon={<SignOutRegular />} label={t('Log out')} onClick={() => void signOut()} />
        </>
      }
    >
      {user ? (
        <>
          <ProfileCard key={user.uid} user={user} />
          <TwoFactorCard />
          <ApiTokensCard />
        </>
      ) : (
        <Spinner />
      )}
    </PageLayout>
  );
}
