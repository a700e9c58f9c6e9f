import { describeWith } from '@quire/testing';
import type { Browser } from 'playwright-core';
import { axeFindings, describeFindings, isTabsterDummy } from './support/axe';
import { BrowserVisitor, type ViewportName, launchChromium } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi, registerThroughApi } from './support/session-factory';
import { chooseTheme, serveInChinese } from './support/markdown-look';

/**
 * Page comments as readers meet them (issue 20): a read-only member comments under a page with Ctrl+Enter, an
 * edit member sees it with the count, the owner deletes it after a confirm; hostile Markdown stays inert; the
 * section in both widths, themes and languages (screenshots in e2e/artifacts/screenshots/comments-*), axe-clean.
 */
const PASSWORD = 'comments-pass-1';
const suffix = String(Date.now() % 100000);
const OWNER = `cmo${suffix}`;
const READER = `cmr${suffix}`;
const EDITOR = `cme${suffix}`;
const STEP_TIMEOUT_MS = 25_000;
jest.setTimeout(180_000);

type Theme = 'light' | 'dark';
type Language = 'en' | 'zh-cn';

describeWith({ binary: 'chromium' }, 'web app in a real browser: page comments (issue 20)', () => {
  let quire: QuireApp;
  let browser: Browser;
  const ids = { item: 0, page: 0, hostilePage: 0 };

  const open = async (label: string, viewport: ViewportName, options: { user?: string; theme?: Theme; language?: Language } = {}) => {
    const visitor = await BrowserVisitor.open(browser, quire.baseUrl, viewport, label);
    visitor.context.setDefaultTimeout(STEP_TIMEOUT_MS);
    await chooseTheme(visitor, options.theme);
    if (options.language === 'zh-cn') {
      await serveInChinese(visitor.page);
    }
    if (options.user) await callApi(visitor, 'user/login', { username: options.user, password: PASSWORD });
    return visitor;
  };
  const pageHref = (pageId: number) => `/${ids.item}?page_id=${pageId}`;

  beforeAll(async () => {
    quire = await startQuire(await ensureWebBuilt());
    browser = await launchChromium();
    const setup = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'comments-setup');
    for (const name of [READER, EDITOR]) {
      await registerThroughApi(setup, quire, name, PASSWORD);
      await callApi(setup, 'user/logout');
    }
    await registerThroughApi(setup, quire, OWNER, PASSWORD);
    ids.item = (await callApi<{ item_id: number }>(setup, 'item/add', { item_type: 1, item_name: 'Team handbook', password: 'handbook-pass' })).item_id;
    ids.page = (await callApi<{ page_id: number }>(setup, 'page/save', { item_id: ids.item, page_title: 'Onboarding', page_content: '# Onboarding\n\nWelcome aboard.' })).page_id;
    ids.hostilePage = (await callApi<{ page_id: number }>(setup, 'page/save', { item_id: ids.item, page_title: 'Hostile', page_content: 'Comments below.' })).page_id;
    await callApi(setup, 'member/save', { item_id: ids.item, username: READER, member_group_id: 0 });
    await callApi(setup, 'member/save', { item_id: ids.item, username: EDITOR, member_group_id: 1 });
    await setup.close();
  });

  afterAll(async () => {
    await browser?.close();
    await quire?.close();
  });

  it('a reader comments with Ctrl+Enter, an editor sees it with the count, the owner deletes it after a confirm', async () => {
    const reader = await open('comments-reader', 'desktop', { user: READER });
    const editor = await open('comments-editor', 'desktop', { user: EDITOR });
    const owner = await open('comments-owner', 'desktop', { user: OWNER });
    try {
      await reader.visit(pageHref(ids.page));
      const section = reader.page.getByTestId('page-comments');
      await section.getByTestId('comments-empty').waitFor();
      expect(await section.getByTestId('comment-count').textContent()).toBe('Comments (0)');
      const input = section.getByTestId('comment-input');
      await input.fill('Where is the **VPN** guide? See `vpn.md`.');
      await input.press('Control+Enter');
      await section.getByTestId('comment').first().waitFor();
      expect(await input.inputValue()).toBe('');
      expect(await section.getByTestId('comment-count').textContent()).toBe('Comments (1)');
      expect(await section.getByTestId('comment-author').first().textContent()).toBe(READER);
      expect(await section.locator('[data-testid="comment-body"] strong').first().textContent()).toBe('VPN');
      expect(await section.locator('time').first().textContent()).toMatch(/now/);
      // The author may delete their own.
      expect(await section.getByTestId('comment-delete').count()).toBe(1);

      await editor.visit(pageHref(ids.page));
      const seen = editor.page.getByTestId('page-comments');
      await seen.getByTestId('comment').first().waitFor();
      expect(await seen.getByTestId('comment-count').textContent()).toBe('Comments (1)');
      expect(await seen.getByTestId('comment-body').first().innerText()).toContain('Where is the VPN guide?');
      expect(await seen.getByTestId('comment-delete').count()).toBe(0);

      await owner.visit(pageHref(ids.page));
      const mine = owner.page.getByTestId('page-comments');
      await mine.getByTestId('comment').first().waitFor();
      await mine.getByTestId('comment-delete').first().click();
      const confirm = owner.page.getByRole('alertdialog');
      expect(await confirm.getByTestId('prompt-message').textContent()).toBe('Delete this comment?');
      await confirm.getByRole('button', { name: 'OK' }).click();
      await mine.getByTestId('comments-empty').waitFor();
      expect(await mine.getByTestId('comment-count').textContent()).toBe('Comments (0)');

      for (const visitor of [reader, editor, owner]) expect([...visitor.pageErrors, ...visitor.consoleErrors]).toEqual([]);
    } finally {
      await Promise.all([reader.close(), editor.close(), owner.close()]);
    }
  });

  it('renders hostile Markdown inert: no script runs, no javascript: link, no raw HTML element', async () => {
    const author = await open('comments-hostile', 'desktop', { user: READER });
    try {
      const hostile = [
        '<script>window.__commentPwned = 1</script>',
        '[click me](javascript:window.__commentPwned=2)',
        '<img src="x" onerror="window.__commentPwned=3">',
        '<a href="javascript:window.__commentPwned=4">raw link</a>',
        '**bold survives**',
      ].join('\n\n');
      await callApi(author, 'pageComment/add', { page_id: ids.hostilePage, content: hostile });
      await author.visit(pageHref(ids.hostilePage));
      const body = author.page.getByTestId('comment-body').first();
      await body.locator('strong').waitFor();
      const shape = await body.evaluate((root) => ({
        scripts: root.querySelectorAll('script').length,
        handlers: Array.from(root.querySelectorAll('*')).filter((element) => Array.from(element.attributes).some((attribute) => attribute.name.startsWith('on'))).length,
        jsLinks: Array.from(root.querySelectorAll('a')).filter((link) => /^\s*javascript:/i.test(link.getAttribute('href') ?? '')).length,
        text: (root as HTMLElement).innerText,
      }));
      // Clicking what is left of the links does nothing either.
      for (const link of await body.locator('a').all()) await link.click({ noWaitAfter: true, trial: false }).catch(() => undefined);
      expect(shape).toEqual({ scripts: 0, handlers: 0, jsLinks: 0, text: expect.stringContaining('bold survives') });
      expect(await author.page.evaluate(() => (window as unknown as { __commentPwned?: number }).__commentPwned)).toBeUndefined();
    } finally {
      await author.close();
    }
  });

  describe.each<[ViewportName, Theme, Language]>([
    ['desktop', 'light', 'en'],
    ['desktop', 'dark', 'zh-cn'],
    ['mobile', 'light', 'zh-cn'],
    ['mobile', 'dark', 'en'],
  ])('at %s width, %s theme, %s labels', (viewport, theme, language) => {
    it('shows the section whole, in the language, with no serious or critical axe finding', async () => {
      const visitor = await open(`comments-look-${theme}-${language}`, viewport, { user: OWNER, theme, language });
      try {
        await callApi(visitor, 'pageComment/add', { page_id: ids.page, content: `A ${viewport} note with a [link](https://example.com) and a list:\n\n- one\n- two` });
        await visitor.visit(pageHref(ids.page));
        await visitor.page.locator(`[data-theme="${theme}"]`).first().waitFor();
        const section = visitor.page.getByTestId('page-comments');
        await section.getByTestId('comment').first().waitFor();
        const count = await section.getByTestId('comment-count').textContent();
        expect(count).toMatch(language === 'zh-cn' ? /^评论（\d+）$/ : /^Comments \(\d+\)$/);
        await section.getByTestId('comment-input').fill(language === 'zh-cn' ? '草稿评论' : 'A draft comment');
        const overflow = await visitor.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await section.scrollIntoViewIfNeeded();
        await visitor.screenshot('comments');
        const findings = (await axeFindings(visitor.page, `comments (${viewport}, ${theme}, ${language})`)).filter((finding) => !isTabsterDummy(finding));
        expect(describeFindings(findings)).toEqual([]);
      } finally {
        await visitor.close();
      }
    });
  });
});
