import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths, safeRedirect } from '../../../config/paths';
import { ResetPasswordByUrlForm } from '../../../features/auth/components/reset-password-by-url-form';

/** The mailed link: `?uid=&email=&token=`; success goes to `redirect` or the item list. */
export default function ResetPasswordByUrlRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (
    <PageLayout width="narrow" title={t('Reset password')}>
      <ResetPasswordByUrlForm
        uid={search.get('uid') ?? ''}
        email={search.get('email') ?? ''}
        token={search.get('token') ?? ''}
        onReset={() => navigate(safeRedirect(search.get('redirect'), paths.itemIndex.getHref()), { replace: true })}
      />
    </PageLayout>
  );
}
