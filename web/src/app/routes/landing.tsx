import { Link, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { Carousel } from '../../components/ui/carousel';
import { PageLayout } from '../../components/ui/page-layout';
import { RouterButton, RouterLink } from '../../components/ui/router-link';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { useUserInfo } from '../../features/auth/api/get-user-info';
import { useHomePageSetting } from '../../features/admin/api/get-home-page-setting';
import { runCron } from '../../features/admin/api/run-cron';

const useStyles = makeStyles({
  hero: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXL, textAlign: 'center', paddingTop: tokens.spacingVerticalXXL },
  slide: {
    minHeight: '240px',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXL} 56px`,
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground}, ${tokens.colorBrandBackgroundPressed})`,
  },
  slideTitle: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold, margin: 0 },
  slideText: { fontSize: tokens.fontSizeBase400, margin: 0 },
  carousel: { width: '100%', maxWidth: '880px' },
  claim: { fontSize: tokens.fontSizeBase500, color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', justifyContent: 'center' },
  links: { display: 'flex', gap: tokens.spacingHorizontalL, justifyContent: 'center' },
});

/** A path of this site moves inside the app; an address elsewhere is a plain link. */
function LandingLink({ href, children }: { href: string; children: ReactNode }) {
  return href.startsWith('/') ? <RouterLink to={href}>{children}</RouterLink> : <Link href={href}>{children}</Link>;
}

/** SPEC §2 landing: carousel, login / register / demo / help, the 6000-teams claim; runs the scheduled task. */
export default function LandingRoute() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: user } = useUserInfo({ redirectLogin: false });
  const { data: setting } = useHomePageSetting();
  useEffect(() => runCron(), []);

  if (setting?.home_page === '2') return <Navigate to={paths.login.getHref()} replace />;
  if (setting?.home_page === '3' && setting.home_item) return <Navigate to={paths.itemView.getHref(setting.home_item)} replace />;

  // A fresh install has no demo or help item: the links show once an administrator sets them (site settings).
  const demoHref = env.demoHref || setting?.demo_url || '';
  const helpHref = env.helpHref || setting?.help_url || '';

  const slides = [
    [t('Online documentation for IT teams'), t('Write API docs, data dictionaries and manuals in Markdown, and share them by link.')],
    [t('Share with a link or a QR code'), t('Public items for everyone, private items behind a visit password, single pages by their own link.')],
    [t('Work together'), t('Invite members or whole teams, with edit or read-only rights per item.')],
  ].map(([title, text]) => (
    <div className={styles.slide} key={title}>
      <h2 className={styles.slideTitle}>{title}</h2>
      <p className={styles.slideText}>{text}</p>
    </div>
  ));

  return (
    <PageLayout
      actions={
        user ? null : (
          <>
            <RouterButton to={paths.login.getHref()} appearance="subtle">
              {t('Log in')}
            </RouterButton>
            {setting?.register_open !== 0 && (
              <RouterButton to={paths.register.getHref()} appearance="subtle">
                {t('Register')}
              </RouterButton>
            )}
          </>
        )
      }
    >
      <div className={styles.hero}>
        <Title1 as="h2">{t('Quire — documentation for IT teams')}</Title1>
        <div className={styles.carousel}>
          <Carousel slides={slides} />
        </div>
        <div className={styles.claim} data-testid="teams-claim">
          {t('Used by over 6000 teams')}
        </div>
        <div className={styles.actions}>
          <RouterButton to={user ? paths.itemIndex.getHref() : paths.login.getHref()} appearance="primary" size="large" data-testid="landing-main-link">
            {user ? t('Go to my items') : t('Log in to start')}
          </RouterButton>
          {!user && setting?.register_open !== 0 && (
            <RouterButton to={paths.register.getHref()} size="large">
              {t('Register')}
            </RouterButton>
          )}
        </div>
        {(demoHref || helpHref) && (
          <div className={styles.links} data-testid="landing-links">
            {demoHref && <LandingLink href={demoHref}>{t('Demo')}</LandingLink>}
            {helpHref && <LandingLink href={helpHref}>{t('Help')}</LandingLink>}
          </div>
        )}
      </div>
    </PageLayout>
  );
}
