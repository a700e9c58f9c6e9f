import { describeWith } from '@quire/testing';
import type { Browser } from 'playwright-core';
import { axeFindings, describeFindings, isTabsterDummy } from './support/axe';
import { BrowserVisitor, type ViewportName, launchChromium } from './support/browser-session';
import { decodeHtml, editorValue } from './support/editor-text';
import { ensureWebBuilt } from './support/ensure-web-build';
import { chooseTheme, serveInChinese } from './support/markdown-look';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi, registerThroughApi } from './support/session-factory';

/**
 * Issue 18, the editor's side: two people (and then a third, and a member who may only watch) in one page's
 * editor at once, through the real embedded app (gateway, the collab module's WebSocket, the page service).
 * What each browser's CodeMirror holds is read from it; what was saved is read back through the API.
 */
const PASSWORD = 'co-edit-pass-1';
jest.setTimeout(240_000);

interface PageInfo {
  page_content: string;
  page_title: string;
}

/** Waits until the visitor's editor holds every one of `parts`. */
async function waitForText(visitor: BrowserVisitor, ...parts: string[]): Promise<void> {
  await visitor.page.waitForFunction((expected) => {
    const value = document.querySelector<Element & { CodeMirror?: { getValue(): string } }>('.CodeMirror')?.CodeMirror?.getValue() ?? '';
    return expected.every((part) => value.includes(part));
  }, parts);
}

/** Opens the co-editing editor of a page and waits until it has joined (the text is there to type into). */
async function openLive(visitor: BrowserVisitor, itemId: number, pageId: number): Promise<void> {
  await visitor.visit(`/page/edit/${itemId}/${pageId}`);
  await visitor.page.locator('.CodeMirror').waitFor();
  await visitor.page.getByTestId('collab-presence').waitFor();
}

/** Puts the cursor on `line` (0-based) at `ch` and types `text` key by key, as a person would. */
async function typeAt(visitor: BrowserVisitor, line: number, ch: number, text: string): Promise<void> {
  await visitor.page.locator('.CodeMirror-code').click();
  await visitor.page.evaluate(
    ([l, c]) => {
      const cm = document.querySelector<Element & { CodeMirror?: { setCursor(pos: { line: number; ch: number }): void; focus(): void } }>('.CodeMirror')?.CodeMirror;
      cm?.focus();
      cm?.setCursor({ line: l, ch: c });
    },
    [line, ch] as const,
  );
  await visitor.page.keyboard.type(text, { delay: 15 });
}

/** Selects the first `words` on `line` (the editor has the focus, so the selection is shared). */
async function selectText(visitor: BrowserVisitor, line: number, words: string): Promise<void> {
  await visitor.page.evaluate(
    ([l, text]) => {
      type Pos = { line: number; ch: number };
      const cm = document.querySelector<Element & { CodeMirror?: { getLine(n: number): string; setSelection(a: Pos, b: Pos): void; focus(): void } }>('.CodeMirror')?.CodeMirror;
      if (!cm) return;
      const start = cm.getLine(l).indexOf(text);
      cm.focus();
      cm.setSelection({ line: l, ch: start }, { line: l, ch: start + text.length });
    },
    [line, words] as const,
  );
}

/** The names the presence row shows, in order. */
function presentNames(visitor: BrowserVisitor): Promise<string[]> {
  return visitor.page.getByTestId('collab-peer-name').allTextContents();
}

describeWith({ binary: 'chromium' }, 'web app in a real browser: co-editing a page', () => {
  let quire: QuireApp;
  let browser: Browser;
  let owner: BrowserVisitor;
  let itemId = 0;
  const users = { owner: '', writer: '', late: '', watcher: '' };
  const cookies: Record<'owner' | 'writer' | 'late' | 'watcher', Awaited<ReturnType<BrowserVisitor['context']['cookies']>>> = { owner: [], writer: [], late: [], watcher: [] };

  const newPage = async (title: string, content: string) =>
    (await callApi<{ page_id: number }>(owner, 'page/save', { page_id: 0, item_id: itemId, cat_id: 0, s_number: 99, page_title: title, page_content: content })).page_id;
  const pageInfo = async (pageId: number): Promise<PageInfo> => {
    const page = await callApi<PageInfo>(owner, 'page/info', { page_id: pageId });
    return { page_title: decodeHtml(page.page_title), page_content: decodeHtml(page.page_content) };
  };
  /** A visitor signed in as one of the users. */
  const as = async (who: keyof typeof cookies, viewport: ViewportName = 'desktop', label: string = who) => {
    const visitor = await BrowserVisitor.open(browser, quire.baseUrl, viewport, `co-editing-${label}`);
    await visitor.context.addCookies(cookies[who]);
    return visitor;
  };

  beforeAll(async () => {
    // Open editors' sessions checked every 500 ms (15 s by default), so a logout shows at once.
    quire = await startQuire(await ensureWebBuilt(), { COLLAB_SESSION_CHECK_MS: '500' });
    browser = await launchChromium();
    owner = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'co-editing-setup');
    const stamp = Date.now() % 100000;
    Object.assign(users, { owner: `ada${stamp}`, writer: `bob${stamp}`, late: `cyd${stamp}`, watcher: `dee${stamp}` });
    for (const who of ['writer', 'late', 'watcher'] as const) {
      const visitor = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', `co-editing-register-${who}`);
      await registerThroughApi(visitor, quire, users[who], PASSWORD);
      cookies[who] = await visitor.context.cookies();
      await visitor.close();
    }
    await registerThroughApi(owner, quire, users.owner, PASSWORD);
    cookies.owner = await owner.context.cookies();
    await callApi(owner, 'item/add', { item_type: 1, item_name: 'Shared manual', password: '', item_domain: '', copy_item_id: 0, item_description: '' });
    const items = await callApi<{ item_id: number; item_name: string }[]>(owner, 'item/myList');
    itemId = items.find((item) => item.item_name === 'Shared manual')?.item_id ?? 0;
    // Bob and Cyd edit the item; Dee may only read it.
    await callApi(owner, 'member/save', { item_id: itemId, username: users.writer, member_group_id: 1 });
    await callApi(owner, 'member/save', { item_id: itemId, username: users.late, member_group_id: 1 });
    await callApi(owner, 'member/save', { item_id: itemId, username: users.watcher, member_group_id: 0 });
  }, 180_000);

  afterAll(async () => {
    await owner?.close();
    await browser?.close();
    await quire?.close();
  });

  it('merges two people typing at once, shows who is in the page and their cursors, and a late joiner sees it all', async () => {
    const pageId = await newPage('Runbook', 'First line\nSecond line\nThird line');
    const ada = await as('owner');
    const bob = await as('writer');
    try {
      await openLive(ada, itemId, pageId);
      await openLive(bob, itemId, pageId);
      // Each sees both names, themselves first and marked.
      for (const [visitor, self, other] of [
        [ada, users.owner, users.writer],
        [bob, users.writer, users.owner],
      ] as const) {
        await visitor.page.getByTestId('collab-peer').filter({ hasText: other }).waitFor();
        expect(await presentNames(visitor)).toEqual([`${self} (you)`, other]);
      }

      // Both type at the same time, Ada at the end of the first line and Bob at the start of the third.
      await Promise.all([typeAt(ada, 0, 'First line'.length, ' (Ada was here)'), typeAt(bob, 2, 0, 'Bob says: ')]);
      const merged = 'First line (Ada was here)\nSecond line\nBob says: Third line';
      await waitForText(ada, '(Ada was here)', 'Bob says: ');
      await waitForText(bob, '(Ada was here)', 'Bob says: ');
      await ada.page.waitForFunction((text) => document.querySelector<Element & { CodeMirror?: { getValue(): string } }>('.CodeMirror')?.CodeMirror?.getValue() === text, merged);
      expect(await editorValue(ada)).toBe(merged);
      expect(await editorValue(bob)).toBe(merged);

      // Bob's cursor shows in Ada's editor in Bob's colour, with his name.
      await typeAt(bob, 1, 'Second'.length, ' and a half');
      const caret = ada.page.locator('.remote-caret').filter({ hasText: users.writer });
      await caret.waitFor();
      const bobColour = await bob.page
        .getByTestId('collab-peer')
        .first()
        .locator('span')
        .first()
        .evaluate((avatar) => getComputedStyle(avatar).backgroundColor);
      expect(await caret.evaluate((element) => getComputedStyle(element).borderLeftColor)).toBe(bobColour);

      // Cyd opens the page late: the whole merged text is there, and all three are named.
      const cyd = await as('late');
      try {
        await openLive(cyd, itemId, pageId);
        await waitForText(cyd, '(Ada was here)', 'Second and a half', 'Bob says: ');
        await cyd.page.getByTestId('collab-peer').filter({ hasText: users.owner }).waitFor();
        await cyd.page.getByTestId('collab-peer').filter({ hasText: users.writer }).waitFor();
        expect(await presentNames(cyd)).toEqual([`${users.late} (you)`, users.owner, users.writer]);
        // Cyd's edit reaches the two others.
        await typeAt(cyd, 0, 0, '# ');
        await waitForText(ada, '# First line');
        await waitForText(bob, '# First line');
      } finally {
        await cyd.close();
      }
      // Cyd left: the others no longer list him.
      await ada.page.getByTestId('collab-peer').filter({ hasText: users.late }).waitFor({ state: 'detached' });
      expect([...ada.consoleErrors, ...ada.pageErrors, ...bob.consoleErrors, ...bob.pageErrors]).toEqual([]);
    } finally {
      await ada.close();
      await bob.close();
    }
  });

  it('saves with Ctrl+S for everyone in the page: both editors say so, and the page holds the merged text after a reload', async () => {
    const pageId = await newPage('Release notes', 'Version 1');
    const ada = await as('owner');
    const bob = await as('writer');
    try {
      await openLive(ada, itemId, pageId);
      await openLive(bob, itemId, pageId);
      await typeAt(ada, 0, 'Version 1'.length, ' — fixed the login');
      await typeAt(bob, 0, 0, 'Changes: ');
      await waitForText(ada, 'Changes: ', 'fixed the login');
      await waitForText(bob, 'Changes: ', 'fixed the login');
      // Nothing saved yet: leaving would ask.
      expect((await pageInfo(pageId)).page_content).toBe('Version 1');

      await bob.page.keyboard.press('Control+s');
      await bob.expectToast('Saved');
      await bob.page.getByTestId('collab-save-state').getByText('Saved', { exact: true }).waitFor();
      await ada.page.getByTestId('collab-save-state').getByText(`Saved by ${users.writer}`).waitFor();
      expect((await pageInfo(pageId)).page_content).toBe('Changes: Version 1 — fixed the login');

      // Saved by somebody: Ada leaves without being asked.
      await ada.page.getByRole('button', { name: 'Back', exact: true }).click();
      await ada.page.waitForURL(`**/${itemId}?page_id=${pageId}`);
      await ada.page.getByTestId('markdown-body').getByText('Changes: Version 1 — fixed the login').waitFor();

      // The title is shared too, and saved by the Save button.
      const title = bob.page.locator('input[name=page_title]');
      await title.fill('Release notes 1.1');
      await bob.page.getByRole('button', { name: 'Save', exact: true }).click();
      await bob.expectToast('Saved');
      expect((await pageInfo(pageId)).page_title).toBe('Release notes 1.1');

      await bob.page.reload();
      await bob.page.locator('.CodeMirror').waitFor();
      await waitForText(bob, 'Changes: Version 1 — fixed the login');
      expect(await bob.page.locator('input[name=page_title]').inputValue()).toBe('Release notes 1.1');

      // The history names who else changed the version.
      await bob.page.getByRole('button', { name: 'History versions' }).click();
      await bob.page.getByTestId('history-row').first().waitFor();
      expect(await bob.page.getByTestId('history-contributors').allTextContents()).toContain(`with ${users.owner}`);
      expect([...bob.consoleErrors, ...bob.pageErrors]).toEqual([]);
    } finally {
      await ada.close();
      await bob.close();
    }
  });

  it('lets an editor that has not synced yet go Back without asking about changes nobody typed', async () => {
    const pageId = await newPage('Slow link', 'Nothing typed here');
    const slow = await as('owner', 'desktop', 'not-synced');
    try {
      // The co-editing socket reaches the server, whose answers never arrive: the editor stays "joining" (a slow
      // link, a loaded server). The provider counts its own sync request as unsynced until an answer comes.
      await slow.page.routeWebSocket(/\/api\/collab/, (socket) => socket.connectToServer().onMessage(() => undefined));
      await slow.visit(`/${itemId}?page_id=${pageId}`);
      await slow.page.getByTestId('page-edit').click();
      await slow.page.getByTestId('collab-connecting').waitFor();
      await slow.page.goBack();
      await slow.page.waitForURL(`**/${itemId}?page_id=${pageId}`);
      await slow.page.getByTestId('markdown-body').getByText('Nothing typed here').waitFor();
      expect(await slow.page.getByRole('alertdialog').count()).toBe(0);
    } finally {
      await slow.close();
    }
  });

  it('lets a read-only member watch the page being edited, live, without changing it', async () => {
    const pageId = await newPage('Policies', 'Be kind.');
    const ada = await as('owner');
    const dee = await as('watcher');
    try {
      await openLive(ada, itemId, pageId);
      await openLive(dee, itemId, pageId);
      await dee.page.getByTestId('collab-read-only').getByText('You can watch this page being edited but not change it').waitFor();
      // No saving and no tools that change the text; the fields are read-only.
      expect(await dee.page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
      expect(await dee.page.locator('input[name=page_title]').getAttribute('readonly')).not.toBeNull();
      await ada.page.getByTestId('collab-peer').filter({ hasText: users.watcher }).waitFor();

      await typeAt(ada, 0, 'Be kind.'.length, ' Be brave.');
      await waitForText(dee, 'Be kind. Be brave.');

      // Typing changes nothing, here or for Ada.
      await typeAt(dee, 0, 0, 'Nope ');
      await dee.page.locator('.bytemd-toolbar-icon').first().click();
      await dee.page.waitForTimeout(500);
      expect(await editorValue(dee)).toBe('Be kind. Be brave.');
      expect(await editorValue(ada)).toBe('Be kind. Be brave.');
      // And the watcher keeps following.
      await typeAt(ada, 0, 0, '## ');
      await waitForText(dee, '## Be kind. Be brave.');
      expect([...dee.consoleErrors, ...dee.pageErrors]).toEqual([]);
    } finally {
      await ada.close();
      await dee.close();
    }
  });

  it('merges a save made outside the editor (a script calling page/save) into both editors, and tells them', async () => {
    const pageId = await newPage('API notes', 'Intro\n\nBody\n\nOutro');
    const ada = await as('owner');
    const bob = await as('writer');
    try {
      await openLive(ada, itemId, pageId);
      await openLive(bob, itemId, pageId);
      await typeAt(bob, 0, 'Intro'.length, ' (typed live)');
      await waitForText(ada, 'Intro (typed live)');
      // A script rewrites the last paragraph from the page as stored (without the live edit).
      await callApi(owner, 'page/save', { page_id: pageId, item_id: itemId, cat_id: 0, s_number: 99, page_title: 'API notes', page_content: 'Intro\n\nBody\n\nOutro from a script' });
      for (const visitor of [ada, bob]) {
        await waitForText(visitor, 'Intro (typed live)', 'Outro from a script');
        await visitor.page
          .getByTestId('collab-save-state')
          .getByText(/^Saved/)
          .waitFor();
      }
      expect(await editorValue(ada)).toBe('Intro (typed live)\n\nBody\n\nOutro from a script');
      expect(await editorValue(bob)).toBe(await editorValue(ada));
    } finally {
      await ada.close();
      await bob.close();
    }
  });

  it('closes the editor of a member whose right is removed, and says why', async () => {
    await callApi(owner, 'item/add', { item_type: 1, item_name: 'Private notes', password: 'secret-1', item_domain: '', copy_item_id: 0, item_description: '' });
    const privateItem = (await callApi<{ item_id: number; item_name: string }[]>(owner, 'item/myList')).find((item) => item.item_name === 'Private notes')?.item_id ?? 0;
    await callApi(owner, 'member/save', { item_id: privateItem, username: users.writer, member_group_id: 1 });
    const pageId = (await callApi<{ page_id: number }>(owner, 'page/save', { page_id: 0, item_id: privateItem, cat_id: 0, s_number: 99, page_title: 'Secret', page_content: 'Eyes only' }))
      .page_id;
    const bob = await as('writer');
    try {
      await openLive(bob, privateItem, pageId);
      const members = await callApi<{ item_member_id: number; username: string }[]>(owner, 'member/getlist', { item_id: privateItem });
      const membership = members.find((member) => member.username === users.writer)?.item_member_id ?? 0;
      await callApi(owner, 'member/delete', { item_id: privateItem, item_member_id: membership });
      const refused = bob.page.getByTestId('collab-refused');
      await refused.getByText('The live editor did not let you in').waitFor();
      expect(await bob.page.locator('.CodeMirror').count()).toBe(0);
      await bob.screenshot('refused');
    } finally {
      await bob.close();
    }
  });

  it.each<[ViewportName, 'light' | 'dark', 'en-US' | 'zh-CN']>([
    ['desktop', 'light', 'en-US'],
    ['mobile', 'dark', 'zh-CN'],
  ])('stops the editor of a user who logs out elsewhere, and offers the login that brings them back (%s, %s, %s)', async (viewport, theme, locale) => {
    const zh = locale === 'zh-CN';
    const pageId = await newPage(`Handover ${locale}`, 'Before the logout');
    const leaver = await BrowserVisitor.open(browser, quire.baseUrl, viewport, `co-editing-leaver-${theme}`, { locale });
    try {
      await chooseTheme(leaver, theme);
      await registerThroughApi(leaver, quire, `eve${Date.now() % 100000}`, PASSWORD);
      await callApi(owner, 'member/save', { item_id: itemId, username: (await callApi<{ username: string }>(leaver, 'user/info')).username, member_group_id: 1 });
      await openLive(leaver, itemId, pageId);
      // The same browser logs out elsewhere (another tab): the session this editor opened with ends.
      await callApi(leaver, 'user/logout');
      const ended = leaver.page.getByTestId('collab-signed-out');
      await ended.getByText(zh ? '登录已失效' : 'Your session has ended').waitFor();
      await ended
        .getByText(
          zh
            ? '编辑器打开期间你已退出登录，编辑器已停止。请重新登录后继续编辑此页面。'
            : 'You were logged out while the editor was open, so it stopped. Log in again to go on editing this page.',
        )
        .waitFor();
      expect(await leaver.page.locator('.CodeMirror').count()).toBe(0);
      const login = ended.getByRole('link', { name: zh ? '登录' : 'Log in', exact: true });
      expect(decodeURIComponent((await login.getAttribute('href')) ?? '')).toContain(`redirect=/page/edit/${itemId}/${pageId}`);
      await leaver.screenshot(`signed-out-${locale}`);
      expect(leaver.consoleErrors).toEqual([]);
    } finally {
      await leaver.close();
    }
    expect((await pageInfo(pageId)).page_content).toBe('Before the logout');
  });

  describe.each<[ViewportName, 'light' | 'dark', 'en' | 'zh-cn']>([
    ['desktop', 'light', 'en'],
    ['desktop', 'dark', 'zh-cn'],
    ['mobile', 'dark', 'en'],
    ['mobile', 'light', 'zh-cn'],
  ])('at %s width, %s theme, %s labels', (viewport, theme, language) => {
    const zh = language === 'zh-cn';

    it('shows who is in the page and a co-editor cursor, readable and with no serious accessibility finding', async () => {
      const pageId = await newPage('Looks', ['# Deploying', '', 'Build the image, then roll it out.', '', '- staging first', '- production after a day'].join('\n'));
      const ada = await as('owner', viewport, `look-${theme}-${language}`);
      const bob = await as('writer', 'desktop', `look-peer-${theme}-${language}`);
      try {
        await chooseTheme(ada, theme);
        if (zh) {
          await serveInChinese(ada.page);
        }
        await openLive(ada, itemId, pageId);
        await openLive(bob, itemId, pageId);
        await ada.page.getByTestId('collab-peer').filter({ hasText: users.writer }).waitFor();
        await ada.page.getByText(zh ? '（你）' : '(you)').waitFor();
        await ada.page
          .getByTestId('collab-connection')
          .getByText(zh ? '实时同步中' : 'Live')
          .waitFor();
        // Bob types, then selects words: his named cursor and his selection show in Ada's editor, in his colour.
        await typeAt(bob, 2, 'Build the image'.length, ' (signed)');
        await waitForText(ada, '(signed)');
        await selectText(bob, 2, 'roll it out');
        await ada.page.locator('.CodeMirror-code span[style*="background-color"]').filter({ hasText: 'roll it out' }).waitFor();
        await ada.page.locator('.remote-caret').filter({ hasText: users.writer }).waitFor();
        if (viewport === 'desktop') await ada.page.locator('.bytemd-preview').getByText('Build the image (signed)').waitFor();
        await ada.screenshot('co-editing');

        const findings = (await axeFindings(ada.page, `co-editing ${viewport} ${theme} ${language}`)).filter((finding) => !isTabsterDummy(finding));
        expect(describeFindings(findings)).toEqual([]);

        // The connection drops: the editor says so and keeps the text editable.
        await ada.context.setOffline(true);
        await ada.page.getByText(zh ? '已离线——连接恢复后你的修改会自动合并' : 'Offline — your changes will be merged when the connection returns').waitFor();
        await typeAt(ada, 0, '# Deploying'.length, ' offline');
        await ada.screenshot('offline');
        await ada.context.setOffline(false);
        await waitForText(bob, '# Deploying offline');
        await ada.page
          .getByTestId('collab-connection')
          .getByText(zh ? '实时同步中' : 'Live')
          .waitFor();
      } finally {
        await ada.close();
        await bob.close();
      }
    });
  });
});
