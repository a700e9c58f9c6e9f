import { Button, Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { WeatherMoonRegular, WeatherSunnyRegular } from '@fluentui/react-icons';
import { type ReactNode, use } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { toggleTheme, useThemeName } from '../../lib/theme';
import { useIsMobile } from '../../lib/use-is-mobile';
import { HeaderTools } from './header-tools';
import { RouterLink } from './router-link';

const useStyles = makeStyles({
  root: { minHeight: '100vh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground2 },
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '52px',
    padding: `0 ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
  },
  brand: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase500, whiteSpace: 'nowrap' },
  title: {
    flexGrow: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
    margin: 0,
  },
  actions: { order: 1, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap', justifyContent: 'flex-end' },
  theme: { order: 2 },
  // Under 1000 px the actions take a second row of the header instead of squeezing the title.
  headerMobile: { flexWrap: 'wrap', rowGap: 0, padding: `0 ${tokens.spacingHorizontalS}` },
  actionsMobile: { order: 3, width: '100%', flexWrap: 'nowrap', overflowX: 'auto', justifyContent: 'flex-start', paddingBottom: tokens.spacingVerticalXS },
  main: { flexGrow: 1, width: '100%', boxSizing: 'border-box', margin: '0 auto', padding: tokens.spacingHorizontalL },
  narrow: { maxWidth: '640px' },
  wide: { maxWidth: '1200px' },
  full: { maxWidth: 'none', padding: 0 },
  mobileMain: { padding: tokens.spacingHorizontalS },
});

export interface PageLayoutProps {
  title?: ReactNode;
  actions?: ReactNode;
  width?: 'narrow' | 'wide' | 'full';
  children: ReactNode;
}

/** The frame of every screen: brand, title, the app's header tools (search), actions, theme switch; full width under 1000 px. */
export function PageLayout({ title, actions, width = 'wide', children }: PageLayoutProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const theme = useThemeName();
  const mobile = useIsMobile();
  const tools = use(HeaderTools);
  return (
    <div className={styles.root} data-layout={mobile ? 'mobile' : 'desktop'}>
      <header className={mergeClasses(styles.header, mobile && styles.headerMobile)}>
        <RouterLink to={paths.home.getHref()} className={styles.brand}>
          Quire
        </RouterLink>
        <h1 className={styles.title}>{title}</h1>
        {tools}
        <Tooltip content={theme === 'dark' ? t('Light theme') : t('Dark theme')} relationship="label">
          <Button className={styles.theme} appearance="subtle" icon={theme === 'dark' ? <WeatherSunnyRegular /> : <WeatherMoonRegular />} onClick={toggleTheme} />
        </Tooltip>
        {actions && <div className={mergeClasses(styles.actions, mobile && styles.actionsMobile)}>{actions}</div>}
      </header>
      <main className={mergeClasses(styles.main, styles[width], mobile && width !== 'full' && styles.mobileMain)}>{children}</main>
    </div>
  );
}
