import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/ui/page-layout';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';

export default function ResetPasswordRoute() {
  const { t } = useTranslation();
  return (
    <PageLayout width="narrow" title={t('Forgot password')}>
      <ForgotPasswordForm />
    </PageLayout>
  );
}
