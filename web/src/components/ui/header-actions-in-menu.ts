import { type ReactElement, type ReactNode, createContext } from 'react';

/** One action as an entry of the header's "More" menu. */
export interface HeaderMenuEntryProps {
  icon: ReactElement;
  /** The accessible name: the label, with its count. */
  name: string;
  onSelect: () => void;
  children: ReactNode;
}

/**
 * Inside the header's "More" menu on a phone, how each `HeaderAction` renders there (a menu item, drawn by
 * the menu's own chunk: components/ui/header-menus.tsx); null everywhere else.
 */
export const HeaderActionsInMenu = createContext<((entry: HeaderMenuEntryProps) => ReactNode) | null>(null);
