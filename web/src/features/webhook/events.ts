import type { TFunction } from 'i18next';
import type { WebhookAction } from './api/webhooks';

type Group = 'page' | 'catalog' | 'item' | 'member' | 'comment';

/** The events a hook may ask for, grouped as the dialog shows them (the server's WEBHOOK_ACTIONS). */
export const EVENT_GROUPS: { group: Group; events: WebhookAction[] }[] = [
  { group: 'page', events: ['page.create', 'page.update', 'page.delete', 'page.restore'] },
  { group: 'catalog', events: ['catalog.create', 'catalog.update', 'catalog.delete', 'catalog.restore'] },
  { group: 'item', events: ['item.create', 'item.update', 'item.transfer', 'item.archive', 'item.delete'] },
  { group: 'member', events: ['member.add', 'member.update', 'member.remove'] },
  { group: 'comment', events: ['comment.create', 'comment.delete'] },
];

// Every event the server knows is offered: a new one added to WEBHOOK_ACTIONS fails the build here until it has its place.
type Offered = (typeof EVENT_GROUPS)[number]['events'][number];
const everyEventOffered: [Exclude<WebhookAction, Offered>] extends [never] ? true : never = true;
void everyEventOffered;

export function groupLabel(t: TFunction, group: Group): string {
  switch (group) {
    case 'page':
      return t('Page events');
    case 'catalog':
      return t('Catalog events');
    case 'item':
      return t('Item events');
    case 'member':
      return t('Member events');
    case 'comment':
      return t('Comment events');
  }
}

/** An event as its group's checkbox names it: `page.update` → "updated". */
export function eventLabel(t: TFunction, event: WebhookAction): string {
  const verb = event.slice(event.indexOf('.') + 1);
  switch (verb) {
    case 'create':
      return t('created');
    case 'update':
      return t('updated');
    case 'delete':
      return t('deleted');
    case 'restore':
      return t('restored');
    case 'transfer':
      return t('transferred');
    case 'archive':
      return t('archived');
    case 'add':
      return t('added');
    case 'remove':
      return t('removed');
    default:
      return event;
  }
}
