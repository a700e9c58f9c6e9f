import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { MoreVerticalRegular, WeatherMoonRegular, WeatherSunnyRegular } from '@fluentui/react-icons';
import { Children, Fragment, type ReactNode, isValidElement, use } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { toggleTheme, useThemeName } from '../../lib/theme';
import { useIsMobile } from '../../lib/use-is-mobile';
import { CountBadge } from './count-badge';
import { DeferredMenu } from './deferred-menu';
import { HeaderTools } from './header-tools';
import { LanguageMenu } from './language-menu';
import { RouterLink } from './router-link';
import { Tooltip } from './tooltip';

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
    // Only the room the rest leaves: a long title never squeezes the search box or the actions.
    flexGrow: 1,
    flexBasis: 0,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
    margin: 0,
  },
  // The actions keep their size and one line: a long title gives way (ellipsis), the header keeps one row.
  actions: { order: 1, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexShrink: 0, whiteSpace: 'nowrap' },
  theme: { order: 2 },
  // Under 1000 px the header stays one row: the title is cut with an ellipsis and the actions go into a "More" menu.
  headerMobile: { flexWrap: 'nowrap', height: '52px', gap: tokens.spacingHorizontalXS, padding: `0 ${tokens.spacingHorizontalS}` },
  brandMobile: { fontSize: tokens.fontSizeBase400, flexShrink: 0 },
  titleMobile: { fontSize: tokens.fontSizeBase300 },
  actionsMobile: { order: 3, flexWrap: 'nowrap', flexShrink: 0 },
  moreWrap: { order: 3, position: 'relative', display: 'inline-flex', flexShrink: 0 },
  moreBadge: { position: 'absolute', top: '2px', right: '0', pointerEvents: 'none' },
  start: { display: 'flex', flexShrink: 0 },
  main: { flexGrow: 1, width: '100%', boxSizing: 'border-box', margin: '0 auto', padding: tokens.spacingHorizontalL },
  narrow: { maxWidth: '640px' },
  wide: { maxWidth: '1200px' },
  full: { maxWidth: 'none', padding: 0 },
  mobileMain: { padding: tokens.spacingHorizontalS },
});

/** How many actions a node holds: a fragment's children that render, or the node itself. */
function countActions(actions: ReactNode): number {
  const list = isValidElement<{ children?: ReactNode }>(actions) && actions.type === Fragment ? actions.props.children : actions;
  return Children.toArray(list).length;
}

export interface PageLayoutProps {
  title?: ReactNode;
  actions?: ReactNode;
  /** On a phone, a count shown on the "More" button when an action folded into it has one (unread messages). */
  moreCount?: number;
  /** Before the brand, never folded into the "More" menu (the item's menu button on a phone). */
  navigation?: ReactNode;
  width?: 'narrow' | 'wide' | 'full';
  children: ReactNode;
}

/**
 * The frame of every screen: brand, title, the app's header tools (search), actions, theme switch. The header keeps
 * one row: a long title is cut with an ellipsis. Under 1000 px the main part takes the full width, and the actions go
 * into a "More" menu when there is a title and more than one action.
 */
export function PageLayout({ title, actions, moreCount = 0, navigation, width = 'wide', children }: PageLayoutProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const theme = useThemeName();
  const mobile = useIsMobile();
  const tools = use(HeaderTools);
  return (
    <div className={styles.root} data-layout={mobile ? 'mobile' : 'desktop'}>
      <header className={mergeClasses(styles.header, mobile && styles.headerMobile)} data-testid="app-header">
        {navigation && <div className={styles.start}>{navigation}</div>}
        <RouterLink to={paths.home.getHref()} className={mergeClasses(styles.brand, mobile && styles.brandMobile)}>
          Quire
        </RouterLink>
        <h1 className={mergeClasses(styles.title, mobile && styles.titleMobile)} title={typeof title === 'string' ? title : undefined}>
          {title}
        </h1>
        {tools}
        <LanguageMenu className={styles.theme} />
        <Tooltip content={theme === 'dark' ? t('Light theme') : t('Dark theme')} relationship="label">
          <Button className={styles.theme} appearance="subtle" icon={theme === 'dark' ? <WeatherSunnyRegular /> : <WeatherMoonRegular />} onClick={toggleTheme} />
        </Tooltip>
        {actions &&
          (mobile && title && countActions(actions) > 1 ? (
            <span className={styles.moreWrap}>
              <DeferredMenu
                button={<Button appearance="subtle" icon={<MoreVerticalRegular />} data-testid="header-more" />}
                label={moreCount > 0 ? `${t('More actions')} (${moreCount})` : t('More actions')}
              >
                {(menus, anchor) => <menus.MoreActionsMenu anchor={anchor} actions={actions} />}
              </DeferredMenu>
              {moreCount > 0 && <CountBadge className={styles.moreBadge} count={moreCount} color="danger" data-testid="header-more-count" />}
            </span>
          ) : (
            <div className={mergeClasses(styles.actions, mobile && styles.actionsMobile)}>{actions}</div>
          ))}
      </header>
      <main className={mergeClasses(styles.main, styles[width], mobile && width !== 'full' && styles.mobileMain)}>{children}</main>
    </div>
  );
}
