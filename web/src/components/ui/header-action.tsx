import { Button, Tooltip } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useIsMobile } from '../../lib/use-is-mobile';
import { RouterButton } from './router-link';

interface HeaderActionProps {
  icon: ReactElement;
  label: string;
  /** A route inside the app; otherwise `onClick`. */
  to?: string;
  onClick?: () => void;
}

/** A header button: icon and label on desktop, icon with a tooltip under 1000 px. */
export function HeaderAction({ icon, label, to, onClick }: HeaderActionProps) {
  const mobile = useIsMobile();
  const button = to ? (
    <RouterButton to={to} appearance="subtle" icon={icon} aria-label={label}>
      {mobile ? undefined : label}
    </RouterButton>
  ) : (
    <Button appearance="subtle" icon={icon} aria-label={label} onClick={onClick}>
      {mobile ? undefined : label}
    </Button>
  );
  return mobile ? (
    <Tooltip content={label} relationship="label">
      {button}
    </Tooltip>
  ) : (
    button
  );
}
