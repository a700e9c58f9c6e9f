import type { ItemGroupRow } from '@quire/proto';
import { describeWith } from '@quire/testing';
import type { Browser, Locator } from 'playwright-core';
import { BrowserVisitor, launchChromium } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi, registerThroughApi } from './support/session-factory';

/**
 * Item groups (issue 27, ShowDoc 3.x's `itemGroup/*`) in Quire's own item list: tabs over the items, a
 * manager that creates, renames (choosing the items), orders and deletes groups, with the keyboard; at
 * 390 px, dark, in Chinese too. Screenshots go to e2e/artifacts/screenshots/ (item-groups-*).
 */
const PASSWORD = 'groups-pass-1';
const OWNER = `grouper${Date.now() % 100000}`;
const STEP_TIMEOUT_MS = 25_000;
jest.setTimeout(120_000);

describeWith({ binary: 'chromium' }, 'web app in a real browser: item groups as tabs over the item list', () => {
  let quire: QuireApp;
  let browser: Browser;
  let owner: BrowserVisitor;

  const groups = () => callApi<ItemGroupRow[]>(owner, 'itemGroup/getList');
  const tiles = (visitor: BrowserVisitor) => visitor.page.getByTestId('item-tile');
  const tileNames = async (visitor: BrowserVisitor) => (await tiles(visitor).locator('span[title]').allTextContents()).map((name) => name.trim()).sort();
  const manager = (visitor: BrowserVisitor): Locator => visitor.page.getByRole('dialog').filter({ has: visitor.page.getByTestId('item-group-list') });
  /** The tabs' accessible names, in order (Fluent's Tab also holds a hidden copy of its text, for the bold width). */
  const tabNames = async (visitor: BrowserVisitor) => [...(await visitor.page.getByTestId('item-group-tabs').ariaSnapshot()).matchAll(/- tab "([^"]*)"/g)].map((match) => match[1]);
  const groupRow = (visitor: BrowserVisitor, name: string): Locator => visitor.page.getByTestId('item-group-row').filter({ hasText: name });

  /** Fills the group form that is open (name, and the items to tick or untick) and saves it. */
  const fillGroupForm = async (visitor: BrowserVisitor, name: string, items: Record<string, boolean>) => {
    const form = visitor.page.getByRole('dialog').filter({ has: visitor.page.getByTestId('item-group-items') });
    await form.locator('input[name=group_name]').fill(name);
    for (const [item, on] of Object.entries(items)) {
      const box = form.getByRole('checkbox', { name: item });
      await (on ? box.check() : box.uncheck());
    }
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
  };

  beforeAll(async () => {
    quire = await startQuire(await ensureWebBuilt());
    browser = await launchChromium();
    owner = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'item-groups');
    owner.context.setDefaultTimeout(STEP_TIMEOUT_MS);
    await registerThroughApi(owner, quire, OWNER, PASSWORD);
    for (const name of ['Payments API', 'Ops runbook', 'Mobile SDK']) await callApi(owner, 'item/add', { item_type: 1, item_name: name });
  });

  afterAll(async () => {
    await owner?.close();
    await browser?.close();
    await quire?.close();
  });

  it('creates groups with chosen items, orders, renames and deletes them, and shows each as a tab', async () => {
    await owner.visit('/item/index');
    await owner.page.getByRole('tab', { name: 'All items' }).waitFor();
    expect(await tiles(owner).count()).toBe(3);
    await owner.screenshot('no-groups');

    await owner.page.getByTestId('manage-item-groups').click();
    await manager(owner).getByText('No groups yet', { exact: false }).waitFor();
    await owner.screenshot('manager-empty');
    await manager(owner).getByRole('button', { name: 'New group' }).click();
    // A name is needed: the form says so beside itself and stays open.
    await owner.page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await owner.page.getByTestId('item-group-error').filter({ hasText: 'Please name the group' }).waitFor();
    await owner.screenshot('form');
    await fillGroupForm(owner, 'Back end', { 'Payments API': true, 'Ops runbook': true });
    await owner.expectToast('Group created');
    await manager(owner).getByRole('button', { name: 'New group' }).click();
    await fillGroupForm(owner, 'Mobile', { 'Mobile SDK': true });
    await groupRow(owner, 'Mobile').waitFor();
    expect((await groups()).map((g) => [g.group_name, g.item_ids.split(',').length])).toEqual([
      ['Back end', 2],
      ['Mobile', 1],
    ]);

    // Ordered with the keyboard: Tab to "Move up" of the second group, Enter.
    await groupRow(owner, 'Mobile').getByRole('button', { name: 'Move up' }).focus();
    await owner.page.keyboard.press('Enter');
    await owner.page.getByTestId('item-group-row').first().filter({ hasText: 'Mobile' }).waitFor();
    expect((await groups()).map((g) => g.group_name)).toEqual(['Mobile', 'Back end']);
    await owner.screenshot('manager');

    // Renamed, and one item taken out.
    await groupRow(owner, 'Back end').getByRole('button', { name: 'Edit group' }).click();
    await fillGroupForm(owner, 'Services', { 'Ops runbook': false });
    await owner.expectToast('Group saved');
    await groupRow(owner, 'Services').waitFor();
    await manager(owner).getByRole('button', { name: 'Close' }).click();
    await manager(owner).waitFor({ state: 'detached' });

    // The tabs, in the groups' order; a tab shows its items only and is kept in the address.
    // (the list is hidden from the accessibility tree until the dialog's exit has finished)
    await owner.page.getByRole('tab', { name: 'Services' }).waitFor();
    expect(await tabNames(owner)).toEqual(['All items', 'Mobile', 'Services']);
    await owner.page.getByRole('tab', { name: 'Services' }).click();
    await owner.page.waitForURL(/group=\d+/);
    await expectTiles(owner, ['Payments API']);
    await owner.screenshot('services-tab');
    // The arrow keys move between tabs.
    await owner.page.getByRole('tab', { name: 'Services' }).focus();
    await owner.page.keyboard.press('ArrowLeft');
    await owner.page.keyboard.press('Enter');
    await expectTiles(owner, ['Mobile SDK']);
    await owner.page.reload();
    await expectTiles(owner, ['Mobile SDK']);
    expect(await owner.page.getByRole('tab', { name: 'Mobile' }).getAttribute('aria-selected')).toBe('true');

    // Deleted after a confirmation; its items stay, the list goes back to every item.
    await owner.page.getByTestId('manage-item-groups').click();
    await groupRow(owner, 'Mobile').getByRole('button', { name: 'Delete group' }).click();
    // Asked in the row itself; Cancel keeps the group.
    const confirm = owner.page.getByTestId('item-group-row').filter({ hasText: 'Delete the group "Mobile"? Its items stay in your list.' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await groupRow(owner, 'Mobile').getByRole('button', { name: 'Delete group' }).click();
    await owner.screenshot('delete-question');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await owner.expectToast('Group deleted');
    await groupRow(owner, 'Mobile').waitFor({ state: 'detached' });
    await manager(owner).getByRole('button', { name: 'Close' }).click();
    expect((await groups()).map((g) => g.group_name)).toEqual(['Services']);
    await expectTiles(owner, ['Mobile SDK', 'Ops runbook', 'Payments API']);
    await owner.page.getByRole('tab', { name: 'Services' }).waitFor();
    expect(await tabNames(owner)).toEqual(['All items', 'Services']);
  });

  it('shows the tabs and the manager at 390 px, dark, in Chinese', async () => {
    const phone = await BrowserVisitor.open(browser, quire.baseUrl, 'mobile', 'item-groups-zh-dark');
    try {
      phone.context.setDefaultTimeout(STEP_TIMEOUT_MS);
      await phone.context.addInitScript(() => window.localStorage.setItem('quire_theme', 'dark'));
      await callApi(phone, 'user/login', { username: OWNER, password: PASSWORD });
      await callApi(phone, 'user/updateInfo', { language: 'zh-cn' });
      for (const name of ['前端组件库', '数据字典', '运维 2026']) {
        await callApi(phone, 'itemGroup/save', { group_name: name, item_ids: '' });
      }
      await phone.visit('/item/index');
      await phone.page.getByRole('tab', { name: '全部项目' }).waitFor();
      // Many tabs scroll sideways inside the page instead of widening it.
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.screenshot('tabs');
      await phone.page.getByRole('tab', { name: '数据字典' }).click();
      await phone.page.getByTestId('item-group-empty').filter({ hasText: '此分组中还没有项目' }).waitFor();
      await phone.screenshot('empty-group');
      await phone.page.getByTestId('manage-item-groups').click();
      await manager(phone).getByRole('button', { name: '新建分组' }).waitFor();
      await phone.screenshot('manager');
      await manager(phone).getByRole('button', { name: '关闭' }).click();
    } finally {
      await phone.close();
    }
  });

  async function expectTiles(visitor: BrowserVisitor, names: string[]): Promise<void> {
    // By name, not by count: two tabs may show as many tiles, and the list redraws after the tab changes.
    const expected = [...names].sort();
    await visitor.page
      .waitForFunction((wanted) => {
        const shown = [...document.querySelectorAll('[data-testid="item-tile"] span[title]')].map((name) => (name.textContent ?? '').trim()).sort();
        return JSON.stringify(shown) === JSON.stringify(wanted);
      }, expected)
      // What is shown then is told by the expectation below.
      .catch(() => undefined);
    expect(await tileNames(visitor)).toEqual(expected);
  }
});
