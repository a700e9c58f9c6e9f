import { Button, type ButtonProps, Link } from '@fluentui/react-components';
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

type RouterLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'color'> & {
  to: string;
  appearance?: 'subtle';
  'data-testid'?: string;
};

/** A Fluent link that navigates inside the SPA (a real href, so it also opens in a new tab). */
export function RouterLink({ to, onClick, ...props }: RouterLinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Link
      as="a"
      {...props}
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

interface RouterButtonProps {
  to: string;
  appearance?: ButtonProps['appearance'];
  size?: ButtonProps['size'];
  icon?: ButtonProps['icon'];
  className?: string;
  children?: ReactNode;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** A Fluent button that is a link inside the SPA. */
export function RouterButton({ to, ...props }: RouterButtonProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to);
  return <Button {...props} as="a" href={href} onClick={(event: MouseEvent<HTMLAnchorElement>) => navigate(event)} />;
}
