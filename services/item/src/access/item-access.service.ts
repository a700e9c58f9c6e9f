import { Injectable } from '@nestjs/common';
import { KeyValueStore } from '@quire/platform';
import { AppError, type Caller, ErrorCode, type ItemAccess, ItemType, MemberGroup, type TeamRights } from '@quire/proto';
import { AccessVersion } from './access-version';
import { TeamClient } from '../clients/team.client';
import type { ItemEntity } from '../item/item.entity';
import { ItemRepository } from '../item/item.repository';
import { VisitPasswordFailureCounter } from '../item/visit-password-failure-counter';
import { MemberRepository } from '../member/member.repository';
import { requireLogin } from './require-login';
import { visitPasswordMatches } from './visit-password';

/** A visit-password unlock lasts this long for the browser that typed it. */
export const VISIT_UNLOCK_TTL_SECONDS = 12 * 3600;
export const visitUnlockKey = (clientId: string, itemId: number) => `item-unlock:${clientId}:${itemId}`;

/** A personal domain is never all digits, so a digits-only reference is an id. */
const NUMERIC_ID = /^\d+$/;

interface Rights {
  creator: boolean;
  /** Creator or edit member, archived or not. */
  writer: boolean;
  visit: boolean;
}

/**
 * Who may do what with an item (contract §7.1), decided afresh on every call (ShowDoc cached every
 * "yes" in the session, so a revoked member or a password change did not take effect). Every
 * write that can change an answer renews the AccessVersion, so a replica that reuses a grant
 * (page/info) drops it at once. Rights come from the item's own rows (creator, members) and
 * from teams, which the team service answers (`team.access.rights`). Administrators get no
 * implicit right on items.
 */
@Injectable()
export class ItemAccessService {
  constructor(
    private readonly items: ItemRepository,
    private readonly members: MemberRepository,
    private readonly teams: TeamClient,
    private readonly kv: KeyValueStore,
    private readonly accessVersion: AccessVersion,
    private readonly failures: VisitPasswordFailureCounter,
  ) {}

  /** `item.access.check`. */
  async check(caller: Caller, itemId: number): Promise<ItemAccess> {
    return this.accessTo(caller, itemId > 0 ? await this.items.findById(itemId) : null, itemId);
  }

  /**
   * `item.access.readable`: the live items the caller may read, as `check` decides it item by item
   * (public, creator, member, team, or unlocked by this browser), in a fixed number of round trips.
   */
  async readable(caller: Caller): Promise<number[]> {
    const [items, memberships, teamItemIds] = await Promise.all([
      this.items.listLiveAccessFields(),
      caller.uid > 0 ? this.members.listByUser(caller.uid) : Promise.resolve([]),
      caller.uid > 0 ? this.teams.itemsOfUser(caller, caller.uid) : Promise.resolve([]),
    ]);
    const granted = new Set([...memberships.map((member) => member.item_id), ...teamItemIds]);
    const readable: number[] = [];
    const locked: typeof items = [];
    for (const item of items) {
      if (item.password === '' || (caller.uid > 0 && item.uid === caller.uid) || granted.has(item.item_id)) readable.push(item.item_id);
      else locked.push(item);
    }
    if (caller.clientId && locked.length > 0) {
      const unlocks = await this.kv.getMany(locked.map((item) => visitUnlockKey(caller.clientId, item.item_id)));
      locked.forEach((item, i) => {
        if (unlocks[i] === String(item.password_version)) readable.push(item.item_id);
      });
    }
    return readable;
  }

  /** The caller's rights on an item row (live or not). */
  async accessTo(caller: Caller, item: ItemEntity | null, itemId = item?.item_id ?? 0): Promise<ItemAccess> {
    if (!item || item.is_del === 1) {
      return { item_id: itemId, exists: false, item_name: '', item_description: '', item_type: ItemType.Regular, visit: false, edit: false, creator: false, archived: false, private: false };
    }
    const rights = await this.rights(caller, item);
    const archived = item.is_archived === 1;
    return {
      item_id: item.item_id,
      exists: true,
      item_name: item.item_name,
      item_description: item.item_description ?? '',
      item_type: item.item_type,
      visit: rights.visit,
      edit: rights.writer && !archived,
      creator: rights.creator,
      archived,
      private: item.password !== '',
    };
  }

  /**
   * Read, edit and creator rights in one pass, whether or not the item is deleted (`item/info`
   * checks the read right before existence); edit as `accessTo` has it (never on an archived item).
   */
  async viewerRights(caller: Caller, item: ItemEntity): Promise<Pick<ItemAccess, 'visit' | 'edit' | 'creator'>> {
    const rights = await this.rights(caller, item);
    return { visit: rights.visit, edit: rights.writer && item.is_archived !== 1, creator: rights.creator };
  }

  /** Creator or edit member, ignoring the archive flag (copying an item only reads it). */
  async mayWrite(caller: Caller, item: ItemEntity): Promise<boolean> {
    return (await this.rights(caller, item)).writer;
  }

  /** An item by numeric id or personal domain, live or soft-deleted. */
  resolve(reference: string): Promise<ItemEntity | null> {
    const ref = reference.trim();
    if (ref === '') return Promise.resolve(null);
    return NUMERIC_ID.test(ref) ? this.items.findById(Number(ref)) : this.items.findByDomain(ref);
  }

  /** The live item the logged-in caller created: 10101 when missing or deleted, 10303 when someone else's. */
  async requireCreator(caller: Caller, itemId: number): Promise<ItemEntity> {
    requireLogin(caller);
    const item = await this.items.findLive(itemId);
    if (!item) throw AppError.failed('item_not_exist');
    if (item.uid !== caller.uid) throw new AppError(ErrorCode.NotCreator, 'item_not_creator');
    return item;
  }

  /** Remembers, for the caller's browser only, that it typed the item's current visit password. */
  async unlock(caller: Caller, item: ItemEntity): Promise<void> {
    if (!caller.clientId) return;
    await this.kv.set(visitUnlockKey(caller.clientId, item.item_id), String(item.password_version), VISIT_UNLOCK_TTL_SECONDS);
    await this.accessVersion.renew();
  }

  /** The team right the caller holds on the item, or null (none, or the team service did not answer). */
  teamRights(caller: Caller, itemId: number): Promise<TeamRights> {
    return caller.uid > 0 ? this.teams.rights(caller, itemId, caller.uid) : Promise.resolve(null);
  }

  private async rights(caller: Caller, item: ItemEntity): Promise<Rights> {
    const creator = caller.uid > 0 && item.uid === caller.uid;
    const member = caller.uid > 0 && !creator ? await this.members.find(item.item_id, caller.uid) : null;
    // Only asked when it can change the answer: an edit member or the creator holds every right already.
    const team = creator || member?.member_group_id === MemberGroup.Edit ? null : await this.teamRights(caller, item.item_id);
    const writer = creator || member?.member_group_id === MemberGroup.Edit || team?.member_group_id === MemberGroup.Edit;
    const visit = item.password === '' || creator || member !== null || team !== null || (await this.unlocked(caller, item)) || (await this.openedByRequest(caller, item));
    return { creator, writer, visit };
  }

  /**
   * `_item_pwd` ([HEAD] clients that keep no cookie): the visit password sent with the request opens the item
   * for that request only (nothing is remembered). A wrong one counts as a failed `item/pwd`; a visitor who
   * needs the captcha by now must unlock through `item/pwd`, and an address refused there is refused here (10429).
   */
  private async openedByRequest(caller: Caller, item: ItemEntity): Promise<boolean> {
    if (!caller.itemPassword) return false;
    if ((await this.failures.gate(item.item_id, caller)).captcha) return false;
    if (visitPasswordMatches(caller.itemPassword, item.password)) {
      await this.failures.recordSuccess(item.item_id, caller);
      return true;
    }
    await this.failures.recordFailure(item.item_id, caller);
    return false;
  }

  /** An unlock counts only for the password it was made with: changing the password locks every browser out. */
  private async unlocked(caller: Caller, item: ItemEntity): Promise<boolean> {
    if (!caller.clientId) return false;
    return (await this.kv.get(visitUnlockKey(caller.clientId, item.item_id))) === String(item.password_version);
  }
}
