import { Card, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { mutate } from 'swr';
import { PageLayout } from '../../../components/ui/page-layout';
import { RouterLink } from '../../../components/ui/router-link';
import { paths } from '../../../config/paths';
import { useHomePageSetting } from '../../../features/admin/api/get-home-page-setting';
import { RegisterForm } from '../../../features/auth/components/register-form';

const useStyles = makeStyles({
  closed: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, marginTop: tokens.spacingVerticalXXL },
});

/** SPEC §2 register; the form is hidden while the administrator has closed registration. */
export default function RegisterRoute() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { data: setting } = useHomePageSetting();
  return (
    <PageLayout width="narrow" title={t('Register')}>
      {setting?.register_open === 0 ? (
        <Card className={styles.closed} data-testid="register-closed">
          <p>{t('Registration is closed on this site. Ask an administrator for an account.')}</p>
          <RouterLink to={paths.login.getHref()}>{t('Back to login')}</RouterLink>
        </Card>
      ) : (
        <RegisterForm
          onRegistered={async () => {
            await mutate((key) => Array.isArray(key) && key[0] === 'user/info', undefined);
            void navigate(paths.itemIndex.getHref(), { replace: true });
          }}
        />
      )}
    </PageLayout>
  );
}
