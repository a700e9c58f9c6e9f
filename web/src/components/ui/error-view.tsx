import { Button, Link, Title2, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}`,
    textAlign: 'center',
    color: tokens.colorNeutralForeground1,
  },
  code: { fontSize: '64px', fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1, lineHeight: 1 },
  icon: { fontSize: '48px', color: tokens.colorNeutralForeground3, '& svg': { display: 'block' } },
  message: { color: tokens.colorNeutralForeground2, maxWidth: '520px', wordBreak: 'break-word' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', justifyContent: 'center', alignItems: 'center' },
});

/**
 * A full-page message: 404 routes, missing pages, render errors, a screen that refuses to open. By
 * default it offers home and reload as plain links (it works outside the router); a screen passes
 * its own `actions`, an `icon` instead of a `code`, and its `testId`.
 */
export function ErrorView(props: { code?: string; icon?: ReactNode; title?: string; message?: string; actions?: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.root} role="alert" data-testid={props.testId ?? 'error-view'}>
      {props.code && <div className={styles.code}>{props.code}</div>}
      {props.icon && (
        <div className={styles.icon} aria-hidden>
          {props.icon}
        </div>
      )}
      <Title2 as="h1">{props.title ?? t('Something went wrong')}</Title2>
      {props.message && <div className={styles.message}>{props.message}</div>}
      <div className={styles.actions}>
        {props.actions ?? (
          <>
            <Link href={paths.home.getHref()}>{t('Back to home')}</Link>
            {' · '}
            <Button appearance="transparent" onClick={() => window.location.reload()}>
              {t('Reload')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

export function NotFoundView(props: { message?: string }) {
  const { t } = useTranslation();
  return <ErrorView code="404" title={t('Page not found')} message={props.message ?? t('The address you opened does not exist.')} />;
}
