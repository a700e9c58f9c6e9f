import { Link, Spinner, Text, Toast, makeStyles, tokens, ToastBody, ToastTitle, Toaster, useToastController } from '@fluentui/react-components';
import { AlertRegular, ChatRegular, PeopleTeamRegular, PersonRegular, ShieldPersonRegular, SignOutRegular } from '@fluentui/react-icons';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
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
import { groupItemIds, useItemGroups } from '../../../features/item-group/api/get-item-groups';
import { ItemGroupManager } from '../../../features/item-group/components/item-group-manager';
import { ItemGroupTabs } from '../../../features/item-group/components/item-group-tabs';
import { labels as itemGroupLabels } from '../../../features/item-group/labels';
import { useUnreadCount } from '../../../features/notice/api/get-notices';
import { useUnreadNotice } from '../../../features/notice/hooks/use-unread-notice';
import { confirmAction, showAlert } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { decodeEntities } from '../../../lib/decode-entities';
import { showFeedback } from '../../../lib/feedback';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { addLabels } from '../../../lib/i18n';

const TOASTER_ID = 'item-index-toaster';

addLabels(itemGroupLabels);

const useStyles = makeStyles({
  groupEmpty: { marginBottom: tokens.spacingVerticalM, color: tokens.colorNeutralForeground2 },
});

/** The new order of all items when the items of one group were put in `groupOrder`: they take each other's places. */
function mergeGroupOrder(all: number[], groupOrder: number[]): number[] {
  const inGroup = new Set(groupOrder);
  const next = [...groupOrder];
  return all.map((id) => (inGroup.has(id) ? (next.shift() as number) : id));
}

/** SPEC §2 item list. */
export default function ItemIndexRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const { data: user } = useUserInfo();
  const { data: items, isLoading } = useMyItems();
  const styles = useStyles();
  const { data: groups } = useItemGroups();
  const [searchParams, setSearchParams] = useSearchParams();
  const [managing, setManaging] = useState(false);
  // The open tab lives in the URL (`?group=3`): the back button and a reload keep it; a group that went away shows all.
  const group = groups?.find((g) => g.id === Number(searchParams.get('group')));
  const selectGroup = (groupId: number) => setSearchParams(groupId > 0 ? { group: String(groupId) } : {}, { replace: true });
  const shownItems = useMemo(() => {
    if (!items || !group) return items ?? [];
    const ids = new Set(groupItemIds(group));
    return items.filter((item) => ids.has(item.item_id));
  }, [items, group]);
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
      await sortItems(
        group && items
          ? mergeGroupOrder(
              items.map((item) => item.item_id),
              order,
            )
          : order,
      );
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
      {groups && <ItemGroupTabs groups={groups} selected={group?.id ?? 0} onSelect={selectGroup} onManage={() => setManaging(true)} />}
      {group && items && shownItems.length === 0 && (
        <Text block className={styles.groupEmpty} data-testid="item-group-empty">
          {t('No items in this group yet: add some with "Manage groups".')}
        </Text>
      )}
      {isLoading && !items ? <Spinner /> : <ItemGrid items={shownItems} mobile={mobile} onReorder={(order) => void reorder(order)} onExit={(item) => void leave(item)} />}
      <ItemGroupManager open={managing} groups={groups ?? []} items={items ?? []} onClose={() => setManaging(false)} />
    </PageLayout>
  );
}
