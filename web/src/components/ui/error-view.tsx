import { Button, Link, Title2, makeStyles, tokens } from '@fluentui/react-components';
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
  message: { color: tokens.colorNeutralForeground2, maxWidth: '480px', wordBreak: 'break-word' },
});

/** A full-page message: 404 routes, missing pages and render errors. Uses plain links (works outside the router). */
export function ErrorView(props: { code?: string; title?: string; message?: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.root} role="alert" data-testid="error-view">
      {props.code && <div className={styles.code}>{props.code}</div>}
      <Title2 as="h1">{props.title ?? t('Something went wrong')}</Title2>
      {props.message && <div className={styles.message}>{props.message}</div>}
      <div>
        <Link href={paths.home.getHref()}>{t('Back to home')}</Link>
        {' · '}
        <Button appearance="transparent" onClick={() => window.location.reload()}>
          {t('Reload')}
        </Button>
      </div>
    </div>
  );
}

export function NotFoundView(props: { message?: string }) {
  const { t } = useTranslation();
  return <ErrorView code="404" title={t('Page not found')} message={props.message ?? t('The address you opened does not exist.')} />;
}
