import { Link, Spinner, Toast, ToastBody, ToastTitle, Toaster, useToastController } from '@fluentui/react-components';
import { AlertRegular, ChatRegular, PeopleTeamRegular, PersonRegular, ShieldPersonRegular, SignOutRegular } from '@fluentui/react-icons';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HeaderAction } from '../../../components/ui/header-action';
import { PageLayout } from '../../../components/ui/page-layout';
import { limits } from '../../../config/env';
import { paths } from '../../../config/paths';
import { useUserInfo } from '../../../features/auth/api/get-user-info';
import { logout } from '../../../features/auth/api/logout';
import { exitItem } from '../../../features/item/api/exit-item';
import { type ItemListEntry, useMyItems } from '../../../features/item/api/get-my-items';
import { sortItems } from '../../../features/item/api/sort-items';
import { ItemGrid } from '../../../features/item/components/item-grid';
import { useUnreadCount } from '../../../features/notice/api/get-notices';
import { useUnreadNotice } from '../../../features/notice/hooks/use-unread-notice';
import { confirmAction, showAlert } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { decodeEntities } from '../../../lib/decode-entities';
import { showFeedback } from '../../../lib/feedback';
import { useIsMobile } from '../../../lib/use-is-mobile';

const TOASTER_ID = 'item-index-toaster';

/** SPEC §2 item list. */
export default function ItemIndexRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const { data: user } = useUserInfo();
  const { data: items, isLoading } = useMyItems();
  const { dispatchToast } = useToastController(TOASTER_ID);
  const unread = useUnreadCount();

  useUnreadNotice(
    useCallback(
      (title: string) =>
        dispatchToast(
          <Toast data-testid="unread-toast">
            <ToastTitle action={<Link onClick={() => navigate(paths.noticeIndex.getHref())}>{t('View')}</Link>}>{t('You have an unread message')}</ToastTitle>
            <ToastBody>{decodeEntities(title.replace(/<[^>]*>/g, ''))}</ToastBody>
          </Toast>,
          { intent: 'info', timeout: limits.noticeToastMs },
        ),
      [dispatchToast, navigate, t],
    ),
  );

  const reorder = async (order: number[]) => {
    try {
      await sortItems(order);
    } catch (error) {
      if (!(error instanceof ApiError) || error.network) return;
      await showAlert(error.message || t('Sorting failed'));
      window.location.reload();
    }
  };

  const leave = async (item: ItemListEntry) => {
    if (!(await confirmAction(t('Leave the item "{{name}}"?', { name: decodeEntities(item.item_name) })))) return;
    await exitItem(item.item_id).catch(() => undefined);
  };

  const signOut = async () => {
    await logout().catch(() => undefined);
    void navigate(paths.login.getHref(), { replace: true });
  };

  return (
    <PageLayout
      title={t('My items')}
      moreCount={unread}
      actions={
        <>
          <HeaderAction icon={<ChatRegular />} label={t('Feedback')} onClick={showFeedback} />
          <HeaderAction icon={<AlertRegular />} label={t('Messages')} to={paths.noticeIndex.getHref()} count={unread} />
          <HeaderAction icon={<PeopleTeamRegular />} label={t('Teams')} to={paths.teamIndex.getHref()} />
          {user && Number(user.groupid) === 1 && <HeaderAction icon={<ShieldPersonRegular />} label={t('Administration')} to={paths.adminIndex.getHref()} />}
          <HeaderAction icon={<PersonRegular />} label={t('Personal settings')} to={paths.settings.getHref()} />
          <HeaderAction icon={<SignOutRegular />} label={t('Log out')} onClick={() => void signOut()} />
        </>
      }
    >
      {/* Below the sticky header, so that the toast never covers its buttons. */}
      <Toaster toasterId={TOASTER_ID} position="top-end" offset={{ vertical: 64 }} />
      {isLoading && !items ? <Spinner /> : <ItemGrid items={items ?? []} mobile={mobile} onReorder={(order) => void reorder(order)} onExit={(item) => void leave(item)} />}
    </PageLayout>
  );
}
