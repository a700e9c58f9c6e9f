import { Menu, MenuItem, MenuItemRadio, MenuList, MenuPopover, type MenuProps } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { Language } from '../../lib/i18n';
import type { MenuAnchor } from './deferred-menu';
import { HeaderActionsInMenu, type HeaderMenuEntryProps } from './header-actions-in-menu';

/**
 * The header's menus, in a chunk that downloads when one first opens (components/ui/deferred-menu.tsx, which
 * draws their buttons): Fluent's menu and the focus manager under it (tabster) are about 30 KB gzip.
 */

/** Open at the anchor's button, below it, its end edge on the button's; closed by Fluent's own rules. */
function anchored({ target, close }: MenuAnchor): Partial<MenuProps> {
  return {
    open: true,
    positioning: { target, position: 'below', align: 'end' },
    onOpenChange: (event, data) => {
      if (!data.open) close(event);
    },
  };
}

const menuEntry = ({ icon, name, onSelect, children }: HeaderMenuEntryProps) => (
  <MenuItem icon={icon} aria-label={name} onClick={onSelect}>
    {children}
  </MenuItem>
);

/** The header's actions in a "More" menu, on a phone. */
export function MoreActionsMenu({ anchor, actions }: { anchor: MenuAnchor; actions: ReactNode }) {
  return (
    <Menu {...anchored(anchor)}>
      <MenuPopover>
        <MenuList>
          <HeaderActionsInMenu value={menuEntry}>{actions}</HeaderActionsInMenu>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/** Each language under its own name, whatever the app speaks now. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-cn': '中文' };

/** The visitor's choice of language. */
export function LanguageChoiceMenu({ anchor, language, onChoose }: { anchor: MenuAnchor; language: Language; onChoose: (language: Language) => void }) {
  return (
    <Menu {...anchored(anchor)} checkedValues={{ language: [language] }} onCheckedValueChange={(_, data) => onChoose(data.checkedItems[0] as Language)}>
      <MenuPopover>
        <MenuList>
          {(Object.keys(LANGUAGE_NAMES) as Language[]).map((value) => (
            <MenuItemRadio key={value} name="language" value={value} lang={value === 'zh-cn' ? 'zh-CN' : 'en'}>
              {LANGUAGE_NAMES[value]}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
