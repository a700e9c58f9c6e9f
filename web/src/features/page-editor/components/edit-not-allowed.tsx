import { Title2, makeStyles, tokens } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/ui/router-link';
import { currentLocation, paths } from '../../../config/paths';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}`,
    textAlign: 'center',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    color: tokens.colorNeutralForeground1,
  },
  icon: { fontSize: '48px', color: tokens.colorNeutralForeground3 },
  message: { margin: 0, maxWidth: '520px', color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', justifyContent: 'center' },
});

export type EditRefusal = 'archived' | 'login' | 'read-only';

/** Why the editor does not open for this visitor, with the way back to the page (and to login for a visitor). */
export function EditNotAllowed({ reason, backHref }: { reason: EditRefusal; backHref: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const message = {
    archived: t('This item is archived and read-only, so its pages can no longer be edited.'),
    login: t('Log in with an account that may edit this item to change its pages.'),
    'read-only': t('You can read this item but not edit it. Ask the item owner for edit rights.'),
  }[reason];
  return (
    <div className={styles.root} role="alert" data-testid="edit-not-allowed">
      <LockClosedRegular className={styles.icon} aria-hidden />
      <Title2 as="h2">{t('This page cannot be edited')}</Title2>
      <p className={styles.message}>{message}</p>
      <div className={styles.actions}>
        <RouterButton to={backHref} appearance="primary" data-testid="edit-not-allowed-back">
          {t('Back to the page')}
        </RouterButton>
        {reason === 'login' && <RouterButton to={paths.login.getHref(currentLocation())}>{t('Log in')}</RouterButton>}
      </div>
    </div>
  );
}
