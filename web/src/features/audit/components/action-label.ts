import type { ActivityAction } from '@quire/proto';
import type { TFunction } from 'i18next';

/** The subjects the action filter offers ('' is every action); the server also takes one action (`page.update`). */
export const ACTION_SUBJECTS = ['', 'user', 'item', 'page', 'catalog', 'member', 'team', 'comment', 'share', 'export', 'import', 'setting', 'admin', 'webhook'] as const;
export type ActionSubject = (typeof ACTION_SUBJECTS)[number];

/** A subject of the action filter, in words. */
export function subjectLabel(t: TFunction, subject: ActionSubject): string {
  switch (subject) {
    case '':
      return t('All actions');
    case 'user':
      return t('Sign-ins and accounts');
    case 'item':
      return t('Items');
    case 'page':
      return t('Page changes');
    case 'catalog':
      return t('Catalogs');
    case 'member':
      return t('Members');
    case 'team':
      return t('Teams');
    case 'comment':
      return t('Comments');
    case 'share':
      return t('Share links');
    case 'export':
      return t('Exports');
    case 'import':
      return t('Imports');
    case 'setting':
      return t('Site settings');
    case 'admin':
      return t('User administration');
    case 'webhook':
      return t('Webhooks');
  }
}

/** What an entry's action did, in words (an action this screen does not know yet shows as recorded). */
export function actionLabel(t: TFunction, action: ActivityAction): string {
  const labels: Record<ActivityAction, string> = {
    'user.login': t('Signed in'),
    'user.login_failed': t('Failed to sign in'),
    'user.logout': t('Signed out'),
    'user.register': t('Registered'),
    'user.password_change': t('Changed their password'),
    'user.ldap_link': t('Linked their account to the directory (LDAP)'),
    'page.create': t('Created a page'),
    'page.update': t('Edited a page'),
    'page.delete': t('Deleted a page'),
    'page.restore': t('Restored a page'),
    'catalog.create': t('Created a catalog'),
    'catalog.update': t('Changed a catalog'),
    'catalog.delete': t('Deleted a catalog'),
    'catalog.restore': t('Restored a catalog'),
    'item.create': t('Created an item'),
    'item.update': t('Changed item settings'),
    'item.transfer': t('Handed an item over'),
    'item.archive': t('Archived an item'),
    'item.delete': t('Deleted an item'),
    'member.add': t('Added a member'),
    'member.update': t('Changed a member right'),
    'member.remove': t('Removed a member'),
    'team.member_add': t('Added a team member'),
    'team.member_remove': t('Removed a team member'),
    'team.item_add': t('Gave a team an item'),
    'team.item_remove': t('Took an item from a team'),
    'comment.create': t('Commented'),
    'comment.delete': t('Deleted a comment'),
    'share.create': t('Made a share link'),
    'share.revoke': t('Revoked a share link'),
    'export.create': t('Exported'),
    'import.create': t('Imported'),
    'setting.update': t('Changed site settings'),
    'admin.user_add': t('Added a user'),
    'admin.user_update': t('Changed the password of a user'),
    'admin.user_delete': t('Deleted a user'),
    'webhook.create': t('Added a webhook'),
    'webhook.update': t('Changed a webhook'),
    'webhook.delete': t('Deleted a webhook'),
  };
  return labels[action] ?? action;
}
