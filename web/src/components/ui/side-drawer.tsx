import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, OverlayDrawer } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../../lib/use-return-focus';

/** A drawer from the start edge: the item menu on small screens. Keep it mounted and toggle `open`. */
export function SideDrawer(props: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  // Escape or Close gives the focus back to the menu button that opened the drawer.
  useReturnFocus(props.open);
  return (
    <OverlayDrawer open={props.open} onOpenChange={(_, data) => !data.open && props.onClose()} position="start" data-testid="menu-drawer">
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={t('Close')} icon={<DismissRegular />} onClick={props.onClose} />}>{props.title}</DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>{props.children}</DrawerBody>
    </OverlayDrawer>
  );
}
