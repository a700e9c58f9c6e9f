import { LockClosedRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/ui/error-view';
import { RouterButton } from '../../../components/ui/router-link';
import { currentLocation, paths } from '../../../config/paths';

export type EditRefusal = 'archived' | 'login' | 'read-only';

/** Why the editor does not open for this visitor, with the way back to the page (and to login for a visitor). */
export function EditNotAllowed({ reason, backHref }: { reason: EditRefusal; backHref: string }) {
  const { t } = useTranslation();
  const message = {
    archived: t('This item is archived and read-only, so its pages can no longer be edited.'),
    login: t('Log in with an account that may edit this item to change its pages.'),
    'read-only': t('You can read this item but not edit it. Ask the item owner for edit rights.'),
  }[reason];
  return (
    <ErrorView
      testId="edit-not-allowed"
      icon={<LockClosedRegular />}
      title={t('This page cannot be edited')}
      message={message}
      actions={
        <>
          <RouterButton to={backHref} appearance="primary" data-testid="edit-not-allowed-back">
            {t('Back to the page')}
          </RouterButton>
          {reason === 'login' && <RouterButton to={paths.login.getHref(currentLocation())}>{t('Log in')}</RouterButton>}
        </>
      }
    />
  );
}
