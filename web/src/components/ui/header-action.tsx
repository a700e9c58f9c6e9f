import { Button, makeStyles } from '@fluentui/react-components';
import { type ReactElement, use } from 'react';
import { useNavigate } from 'react-router-dom';
import { useIsMobile } from '../../lib/use-is-mobile';
import { CountBadge } from './count-badge';
import { HeaderActionsInMenu } from './header-actions-in-menu';
import { RouterButton } from './router-link';
import { Tooltip } from './tooltip';

const useStyles = makeStyles({
  wrap: { position: 'relative', display: 'inline-flex' },
  badge: { position: 'absolute', top: '-5px', right: '-8px', pointerEvents: 'none' },
  menuBadge: { marginLeft: '8px' },
});

interface HeaderActionProps {
  icon: ReactElement;
  label: string;
  /** A route inside the app; otherwise `onClick`. */
  to?: string;
  onClick?: () => void;
  /** A count shown on the action (unread messages); nothing when 0. */
  count?: number;
}

/** A header button: icon and label on desktop, icon with a tooltip under 1000 px, a menu item in the "More" menu. */
export function HeaderAction({ icon, label, to, onClick, count = 0 }: HeaderActionProps) {
  const mobile = useIsMobile();
  const inMenu = use(HeaderActionsInMenu);
  const navigate = useNavigate();
  const styles = useStyles();
  const badge = count > 0 ? <CountBadge className={inMenu ? styles.menuBadge : styles.badge} count={count} color="danger" data-testid="header-action-count" /> : null;
  // `aria-label` carries the count too, so that a screen reader hears it.
  const name = count > 0 ? `${label} (${count})` : label;
  if (inMenu) {
    return inMenu({
      icon,
      name,
      onSelect: () => (to ? void navigate(to) : onClick?.()),
      children: (
        <>
          {label}
          {badge}
        </>
      ),
    });
  }
  const shown = badge ? (
    <span className={styles.wrap}>
      {icon}
      {badge}
    </span>
  ) : (
    icon
  );
  const button = to ? (
    <RouterButton to={to} appearance="subtle" icon={shown} aria-label={name}>
      {mobile ? undefined : label}
    </RouterButton>
  ) : (
    <Button appearance="subtle" icon={shown} aria-label={name} onClick={onClick}>
      {mobile ? undefined : label}
    </Button>
  );
  return mobile ? (
    <Tooltip content={name} relationship="label">
      {button}
    </Tooltip>
  ) : (
    button
  );
}
