import { Button, Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@fluentui/react-components';
import { LocalLanguageRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../lib/i18n';
import { chooseVisitorLanguage, useLanguageState } from '../../lib/language';

/** Each language under its own name, whatever the app speaks now. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-cn': '中文' };

/**
 * The header's language menu, for visitors: a signed-in user sets the language in the personal
 * settings, which the app follows on every device. Hidden until it is known who reads.
 */
export function LanguageMenu({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { language, signedIn } = useLanguageState();
  if (signedIn !== false) return null;
  return (
    <Menu positioning="below-end" checkedValues={{ language: [language] }} onCheckedValueChange={(_, data) => void chooseVisitorLanguage(data.checkedItems[0] as Language)}>
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content={t('Language')} relationship="label">
          <Button className={className} appearance="subtle" icon={<LocalLanguageRegular />} data-testid="language-menu" />
        </Tooltip>
      </MenuTrigger>
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
