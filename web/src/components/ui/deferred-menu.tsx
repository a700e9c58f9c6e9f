import { type KeyboardEvent, type MouseEvent, type ReactElement, type ReactNode, Suspense, cloneElement, lazy, useRef, useState } from 'react';
import { Tooltip } from './tooltip';

const HeaderMenus = {
  MoreActionsMenu: lazy(() => import('./header-menus').then((module) => ({ default: module.MoreActionsMenu }))),
  LanguageChoiceMenu: lazy(() => import('./header-menus').then((module) => ({ default: module.LanguageChoiceMenu }))),
};

/** What the menu is given: where it opens, and how it ends (with the event that ended it). */
export interface MenuAnchor {
  target: HTMLElement;
  close: (event?: Event | { nativeEvent?: Event; target?: EventTarget | null }) => void;
}

/** The button's own handlers, kept beside the menu's. */
interface ButtonProps {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

interface DeferredMenuProps {
  /** The icon button that opens the menu, named by `label` (its tooltip). */
  button: ReactElement<ButtonProps>;
  label: string;
  /** The menu, open at `anchor` (components/ui/header-menus.tsx). */
  children: (menus: typeof HeaderMenus, anchor: MenuAnchor) => ReactNode;
}

/**
 * A header menu button whose menu downloads when first opened (Fluent's menu and its focus manager, tabster,
 * are about 30 KB gzip that no first screen needs). The button is drawn at once and stays the same element:
 * Enter, Space, a click or ArrowDown open the menu at it; Escape or a choice close it and give the focus back.
 */
export function DeferredMenu({ button, label, children }: DeferredMenuProps) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  // A click on the button while the menu is open closes it (as a click outside), and must not open it again.
  const closedByButton = useRef(false);

  const close: MenuAnchor['close'] = (event) => {
    closedByButton.current = Boolean(event?.target instanceof Node && opener.current?.contains(event.target));
    setTarget(null);
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('[role="menu"]')) opener.current?.focus();
  };
  const open = (element: HTMLElement) => {
    opener.current = element;
    setTarget(element);
  };

  const own = button.props;
  const trigger = cloneElement(button, {
    'aria-haspopup': 'menu',
    'aria-expanded': target !== null,
    onClick: (event: MouseEvent<HTMLElement>) => {
      own.onClick?.(event);
      if (closedByButton.current) closedByButton.current = false;
      else if (target) close();
      else open(event.currentTarget);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      own.onKeyDown?.(event);
      if (event.key !== 'ArrowDown' || target) return;
      event.preventDefault();
      open(event.currentTarget);
    },
  } as ButtonProps);
  return (
    <>
      <Tooltip content={label} relationship="label">
        {trigger}
      </Tooltip>
      {target && <Suspense fallback={null}>{children(HeaderMenus, { target, close })}</Suspense>}
    </>
  );
}
