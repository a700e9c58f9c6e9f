import { Button } from '@fluentui/react-components';
import { LocalLanguageRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { chooseVisitorLanguage, useLanguageState } from '../../lib/language';
import { DeferredMenu } from './deferred-menu';

/**
 * The header's language menu, for visitors: a signed-in user sets the language in the personal
 * settings, which the app follows on every device. Hidden until it is known who reads.
 */
export function LanguageMenu({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { language, signedIn } = useLanguageState();
  if (signedIn !== false) return null;
  return (
    <DeferredMenu button={<Button className={className} appearance="subtle" icon={<LocalLanguageRegular />} data-testid="language-menu" />} label={t('Language')}>
      {(menus, anchor) => <menus.LanguageChoiceMenu anchor={anchor} language={language} onChoose={(chosen) => void chooseVisitorLanguage(chosen)} />}
    </DeferredMenu>
  );
}
