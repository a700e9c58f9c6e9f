import { describeWith } from '@quire/testing';
import type { Browser, Locator } from 'playwright-core';
import { axeFindings, describeFindings, isTabsterDummy } from './support/axe';
import { BrowserVisitor, type ViewportName, launchChromium } from './support/browser-session';
import { editorValue } from './support/editor-text';
import { ensureWebBuilt } from './support/ensure-web-build';
import { chooseTheme } from './support/markdown-look';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi } from './support/session-factory';

/**
 * Issue 28, keyboard and screen readers: the editor is no keyboard trap (Escape then Tab leaves it, as in
 * CodeMirror's accessible pattern), one Enter opens an item, every dialog gives the focus back to its opener,
 * the diff is a table a screen reader walks, row actions are named by what they act on, and wide tables and
 * code blocks of a page scroll by keyboard. Only the keyboard drives the walks below (no clicks).
 */
jest.setTimeout(240_000);

const WIDE_TABLE = [
  `| ${Array.from({ length: 8 }, (_, i) => `Column ${i + 1}`).join(' | ')} |`,
  `|${' --- |'.repeat(8)}`,
  `| ${Array.from({ length: 8 }, (_, i) => `a value of several words ${i + 1}`).join(' | ')} |`,
].join('\n');
const CONTENT = ['# Welcome', '', 'Read me first.', '', WIDE_TABLE, '', '```js', '// explains the line below', 'console.log(1);', '```', ''].join('\n');

/** A short description of the focused element, for assertions and failure messages. */
async function focused(visitor: BrowserVisitor): Promise<string> {
  return visitor.page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    const name = active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? '';
    return `${active.tagName.toLowerCase()} "${name}"`;
  });
}

/** Whether `target` has the focus. */
function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/** Presses `key` until `target` has the focus (at most `limit` times); fails with where the focus went. */
async function pressUntilFocused(visitor: BrowserVisitor, key: string, target: Locator, limit = 40): Promise<void> {
  const path: string[] = [];
  for (let i = 0; i < limit; i += 1) {
    await visitor.page.keyboard.press(key);
    if (await hasFocus(target)) return;
    path.push(await focused(visitor));
  }
  throw new Error(`${key} never reached the target; the focus went through: ${path.join(' → ')}`);
}

describeWith({ binary: 'chromium' }, 'web app in a real browser: keyboard and screen readers', () => {
  let quire: QuireApp;
  let browser: Browser;
  const ids = { item: 0, page: 0, history: 0, team: 0 };

  const open = async (viewport: ViewportName, label: string, theme: 'light' | 'dark' = 'light') => {
    const visitor = await BrowserVisitor.open(browser, quire.baseUrl, viewport, label);
    await chooseTheme(visitor, theme);
    await callApi(visitor, 'user/login', { username: 'showdoc', password: 'admin-pass' });
    return visitor;
  };
  const pageContent = async (visitor: BrowserVisitor) =>
    (await callApi<{ page_content: string }>(visitor, 'page/info', { page_id: ids.page })).page_content.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

  beforeAll(async () => {
    quire = await startQuire(await ensureWebBuilt());
    browser = await launchChromium();
    const admin = await open('desktop', 'keyboard-setup');
    try {
      ids.item = (await callApi<{ item_id: number }>(admin, 'item/add', { item_type: 1, item_name: 'Keyboard manual' })).item_id;
      const catId = (await callApi<{ cat_id: number }>(admin, 'catalog/save', { item_id: ids.item, cat_name: 'Guides' })).cat_id;
      const save = (content: string) =>
        callApi<{ page_id: number }>(admin, 'page/save', { page_id: ids.page, item_id: ids.item, cat_id: catId, page_title: 'Welcome', page_content: content });
      ids.page = (await save(CONTENT)).page_id;
      await save(`${CONTENT}\nA second paragraph.`);
      ids.history = (await callApi<{ page_history_id: number }[]>(admin, 'page/history', { page_id: ids.page }))[0].page_history_id;
      ids.team = (await callApi<{ id: number }>(admin, 'team/save', { id: 0, team_name: 'Writers' })).id;
    } finally {
      await admin.close();
    }
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await quire?.close();
  });

  it('walks the editor by keyboard: Tab indents, Escape then Tab or Shift+Tab leaves, and Save and Back are reached and work', async () => {
    const visitor = await open('desktop', 'keyboard-editor');
    try {
      await visitor.visit(`/page/edit/${ids.item}/${ids.page}`);
      const text = visitor.page.locator('.CodeMirror textarea');
      await text.waitFor({ state: 'attached' });
      // Named, and described by the visible hint on how to leave.
      expect(await text.getAttribute('aria-label')).toBe('Page content (Markdown)');
      const hint = visitor.page.getByTestId('editor-key-hint');
      expect(await hint.isVisible()).toBe(true);
      expect(await hint.textContent()).toBe('Tab indents the text. To leave the editor, press Esc, then Tab (or Shift+Tab).');
      expect(await text.getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'));
      await visitor.screenshot('editor-hint');

      // In from the title field, by Tab only.
      await visitor.page.locator('input[name=page_title]').focus();
      await pressUntilFocused(visitor, 'Tab', text);
      await visitor.page.keyboard.press('Control+End');
      await visitor.page.keyboard.type('\n\nTyped by keyboard');
      // Tab alone stays in the text and indents the line.
      await visitor.page.keyboard.press('Tab');
      expect(await hasFocus(text)).toBe(true);
      expect(await editorValue(visitor)).toMatch(/\n {4}Typed by keyboard$/);

      // Escape, then Tab: the focus goes on to what follows the editor, and the text is unchanged.
      await visitor.page.keyboard.press('Escape');
      await visitor.page.keyboard.press('Tab');
      expect(await hasFocus(text)).toBe(false);
      expect(await visitor.page.evaluate(() => document.activeElement?.closest('.CodeMirror') ?? null)).toBeNull();
      expect(await editorValue(visitor)).toMatch(/\n {4}Typed by keyboard$/);
      // Back in with Shift+Tab; then Escape and Shift+Tab leave backwards, to the editor's tools.
      await visitor.page.keyboard.press('Shift+Tab');
      expect(await hasFocus(text)).toBe(true);
      await visitor.page.keyboard.press('Escape');
      await visitor.page.keyboard.press('Shift+Tab');
      expect(await focused(visitor)).toMatch(/^button "Attachments/);
      // Any other key after Escape ends it: Tab indents again, and Shift+Tab alone takes the indent back.
      await pressUntilFocused(visitor, 'Tab', text, 3);
      await visitor.page.keyboard.press('Escape');
      await visitor.page.keyboard.press('End');
      await visitor.page.keyboard.press('Tab');
      expect(await hasFocus(text)).toBe(true);
      expect(await editorValue(visitor)).toMatch(/\n {8}Typed by keyboard$/);
      await visitor.page.keyboard.press('Shift+Tab');
      expect(await hasFocus(text)).toBe(true);
      expect(await editorValue(visitor)).toMatch(/\n {4}Typed by keyboard$/);

      // Save, reached from the editor by keyboard, stores what was typed.
      await visitor.page.keyboard.press('Escape');
      await pressUntilFocused(visitor, 'Shift+Tab', visitor.page.getByRole('button', { name: 'Save', exact: true }));
      await visitor.page.keyboard.press('Enter');
      // The live editor (issue 18) saves over its WebSocket; the server's answer is the toast.
      await visitor.expectToast('Saved');
      expect(await pageContent(visitor)).toMatch(/\n {4}Typed by keyboard$/);

      // Back, in the header, goes to the page in the reader.
      await pressUntilFocused(visitor, 'Shift+Tab', visitor.page.locator('header').getByRole('button', { name: 'Back', exact: true }));
      await visitor.page.keyboard.press('Enter');
      await visitor.page.waitForURL(`**/${ids.item}?page_id=${ids.page}`);
      // The reader shows the saved text (the editor's copy may still be leaving the page meanwhile).
      await visitor.page.getByTestId('markdown-body').getByText('Typed by keyboard').waitFor();
    } finally {
      await visitor.close();
    }
  });

  it('opens an item from the item list with one Enter: the card link is the Tab stop', async () => {
    const visitor = await open('desktop', 'keyboard-items');
    try {
      await visitor.visit('/item/index');
      const tile = visitor.page.getByTestId('item-tile').filter({ hasText: 'Keyboard manual' });
      await tile.waitFor();
      // The card itself is no stop of its own: Tab lands on its link.
      expect(await tile.getAttribute('tabindex')).toBeNull();
      await pressUntilFocused(visitor, 'Tab', tile.getByRole('link', { name: /Keyboard manual/ }));
      await visitor.screenshot('item-card-focused');
      await visitor.page.keyboard.press('Enter');
      await visitor.page.waitForURL(`**/${ids.item}`);
      await visitor.page.getByText('Read me first.').waitFor();
    } finally {
      await visitor.close();
    }
  });

  it('walks the page toolbar as one stop of the Tab key: the arrows, Home and End move between its actions', async () => {
    const visitor = await open('desktop', 'keyboard-toolbar');
    const { page } = visitor;
    try {
      await visitor.visit(`/${ids.item}?page_id=${ids.page}`);
      const toolbar = page.getByRole('toolbar', { name: 'Page actions' });
      const edit = toolbar.getByRole('button', { name: 'Edit', exact: true });
      const attachments = toolbar.getByRole('button', { name: /^Attachments/ });
      await pressUntilFocused(visitor, 'Tab', edit);
      await page.keyboard.press('ArrowRight');
      expect(await hasFocus(toolbar.getByRole('button', { name: 'Share', exact: true }))).toBe(true);
      await page.keyboard.press('End');
      expect(await hasFocus(attachments)).toBe(true);
      await page.keyboard.press('Home');
      expect(await hasFocus(edit)).toBe(true);
      await page.keyboard.press('ArrowLeft');
      expect(await hasFocus(edit)).toBe(true);
      // One Tab leaves the toolbar, and Shift+Tab comes back to the action last used.
      await page.keyboard.press('End');
      await page.keyboard.press('Tab');
      expect(await toolbar.evaluate((element) => element.contains(document.activeElement))).toBe(false);
      await page.keyboard.press('Shift+Tab');
      expect(await hasFocus(attachments)).toBe(true);
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor();
    } finally {
      await visitor.close();
    }
  });

  it('gives the focus back to the opener when a dialog closes with Escape: editor and reader dialogs, a menu, a form, a question', async () => {
    const visitor = await open('desktop', 'keyboard-dialogs');
    const { page } = visitor;
    /** Opens a dialog with Enter on `opener`, closes it with Escape, and expects the focus back on `returnsTo`. */
    const escapeFrom = async (opener: Locator, openWith: () => Promise<void>, returnsTo: Locator = opener, role: 'dialog' | 'alertdialog' = 'dialog') => {
      await opener.focus();
      await openWith();
      const dialog = page.getByRole(role);
      await dialog.waitFor();
      // The dialog has the focus while open.
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.activeElement !== document.body);
      expect(await hasFocus(returnsTo)).toBe(true);
    };
    const enter = () => page.keyboard.press('Enter');
    try {
      await visitor.visit(`/page/edit/${ids.item}/${ids.page}`);
      await page.locator('.CodeMirror').waitFor();
      await escapeFrom(page.getByRole('button', { name: /^Attachments/ }), enter);
      await escapeFrom(page.getByRole('button', { name: 'History versions' }), enter);
      await escapeFrom(page.getByRole('button', { name: 'More templates' }), enter);
      // A dialog opened from a menu gives the focus to the menu's button (its item is gone).
      const jsonTools = page.getByRole('button', { name: 'JSON tools' });
      await escapeFrom(jsonTools, async () => {
        await enter();
        await page.getByRole('menuitem', { name: 'Beautify JSON' }).waitFor();
        await enter();
      });

      await visitor.visit(`/${ids.item}?page_id=${ids.page}`);
      await escapeFrom(page.getByTestId('page-attachments'), enter);

      await visitor.visit(`/catalog/${ids.item}`);
      await escapeFrom(page.getByRole('button', { name: 'Edit catalog Guides' }), enter);
      // The question before deleting (an alert dialog) gives the focus back too, and nothing is deleted.
      await escapeFrom(page.getByRole('button', { name: 'Delete catalog Guides' }), enter, undefined, 'alertdialog');
      expect(await page.getByTestId('catalog-row').count()).toBe(1);
    } finally {
      await visitor.close();
    }
  });

  it('gives the focus back to the menu button when the item menu drawer of a phone closes with Escape', async () => {
    const visitor = await open('mobile', 'keyboard-drawer');
    try {
      await visitor.visit(`/${ids.item}?page_id=${ids.page}`);
      const menu = visitor.page.locator('header').getByRole('button', { name: 'Menu', exact: true });
      await menu.focus();
      await visitor.page.keyboard.press('Enter');
      const drawer = visitor.page.getByTestId('menu-drawer');
      await drawer.waitFor();
      await visitor.page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await visitor.page.waitForFunction(() => document.activeElement !== document.body);
      expect(await hasFocus(menu)).toBe(true);
    } finally {
      await visitor.close();
    }
  });

  it("opens the header's menu of a phone by keyboard, and gives the focus back to its button when it closes", async () => {
    const visitor = await open('mobile', 'keyboard-header-menu');
    const { page } = visitor;
    try {
      await visitor.visit(`/${ids.item}?page_id=${ids.page}`);
      const more = page.getByTestId('header-more');
      await more.waitFor();
      expect(await more.getAttribute('aria-haspopup')).toBe('menu');
      await more.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await menu.waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
      expect(await more.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      expect(await hasFocus(more)).toBe(true);
      // ArrowDown opens it too, and a click on its button closes it.
      await page.keyboard.press('ArrowDown');
      await menu.waitFor();
      await more.click();
      await menu.waitFor({ state: 'detached' });
      expect(await more.getAttribute('aria-expanded')).toBe('false');
    } finally {
      await visitor.close();
    }
  });

  it('names catalog actions and team counts by what they act on', async () => {
    const visitor = await open('desktop', 'keyboard-names');
    try {
      await visitor.visit(`/catalog/${ids.item}`);
      await visitor.page.getByRole('button', { name: 'Edit catalog Guides', exact: true }).waitFor();
      await visitor.page.getByRole('button', { name: 'Delete catalog Guides', exact: true }).waitFor();
      await visitor.visit('/team/index');
      await visitor.page.getByRole('link', { name: 'Members of team Writers: 0', exact: true }).waitFor();
      await visitor.page.getByRole('link', { name: 'Items of team Writers: 0', exact: true }).waitFor();
      await visitor.page.getByRole('button', { name: 'Rename team Writers', exact: true }).waitFor();
      await visitor.page.getByRole('button', { name: 'Delete team Writers', exact: true }).waitFor();
    } finally {
      await visitor.close();
    }
  });

  describe.each<[ViewportName, 'light' | 'dark']>([
    ['desktop', 'light'],
    ['desktop', 'dark'],
    ['mobile', 'light'],
    ['mobile', 'dark'],
  ])('at %s width, %s theme', (viewport, theme) => {
    it('shows the editor with its key hint, a named text area and readable Markdown colours, with no serious axe finding', async () => {
      const visitor = await open(viewport, `keyboard-editor-${theme}`, theme);
      try {
        await visitor.visit(`/page/edit/${ids.item}/${ids.page}`);
        await visitor.page.locator('.CodeMirror .cm-comment').first().waitFor();
        await visitor.page.getByRole('textbox', { name: 'Page content (Markdown)' }).waitFor({ state: 'attached' });
        expect(await visitor.page.getByTestId('editor-key-hint').isVisible()).toBe(true);
        await visitor.page.waitForLoadState('networkidle');
        await visitor.screenshot('editor');
        // axe's colour-contrast rule covers CodeMirror's tokens (comments included) and the preview's links and code.
        const findings = (await axeFindings(visitor.page, `editor (${viewport}, ${theme})`)).filter((finding) => !isTabsterDummy(finding));
        expect(describeFindings(findings)).toEqual([]);
      } finally {
        await visitor.close();
      }
    });

    it('shows the diff as a table of rows with column headers, with no serious axe finding', async () => {
      const visitor = await open(viewport, `keyboard-diff-${theme}`, theme);
      try {
        await visitor.visit(`/page/diff/${ids.page}/${ids.history}`);
        const table = visitor.page.getByRole('table', { name: 'Differences between the two versions' });
        await table.waitFor();
        // Every header and cell sits in a row; the first row holds the column headers, the added line is a row of cells.
        expect(await table.evaluate((element) => [...element.querySelectorAll('[role=columnheader], [role=cell]')].every((cell) => cell.parentElement?.getAttribute('role') === 'row'))).toBe(
          true,
        );
        expect(await table.getByRole('row').first().getByRole('columnheader').count()).toBeGreaterThan(0);
        await table.getByRole('row').filter({ hasText: 'A second paragraph.' }).getByRole('cell', { name: 'A second paragraph.' }).waitFor();
        await visitor.screenshot('diff');
        const findings = (await axeFindings(visitor.page, `diff (${viewport}, ${theme})`)).filter((finding) => !isTabsterDummy(finding));
        expect(describeFindings(findings)).toEqual([]);
      } finally {
        await visitor.close();
      }
    });

    it('lets the keyboard scroll a wide table (scrolling as a whole) and a code block of the page, each a named region', async () => {
      const visitor = await open(viewport, `keyboard-regions-${theme}`, theme);
      try {
        await visitor.visit(`/${ids.item}?page_id=${ids.page}`);
        const table = visitor.page.getByRole('region', { name: 'Table 1', exact: true });
        const code = visitor.page.getByRole('region', { name: 'Code block 1', exact: true });
        await code.locator('.hljs-comment').waitFor();
        expect(await table.getAttribute('tabindex')).toBe('0');
        expect(await code.getAttribute('tabindex')).toBe('0');
        // The table is wider than its frame, its cells are not squeezed to a word a line, and the arrows scroll it.
        const size = await table.evaluate((frame) => ({
          frame: frame.clientWidth,
          table: frame.querySelector('table')?.scrollWidth ?? 0,
          row: frame.querySelector('tbody tr')?.getBoundingClientRect().height ?? 0,
        }));
        expect(size.table).toBeGreaterThan(size.frame);
        expect(size.row).toBeLessThan(100);
        await table.focus();
        for (let i = 0; i < 5; i += 1) await visitor.page.keyboard.press('ArrowRight');
        await visitor.page.waitForFunction(() => (document.querySelector('.markdown-table-scroll')?.scrollLeft ?? 0) > 0);
        await visitor.screenshot('table-scrolled');
        // A code comment is readable (WCAG AA, 4.5:1) on its code block.
        const contrast = await code.evaluate((block) => {
          const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
          const luminance = (colour: string) => {
            const [r, g, b] = channels(colour).map((value) => {
              const c = value / 255;
              return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
            });
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
          };
          const comment = block.querySelector('.hljs-comment') as Element;
          const [high, low] = [luminance(getComputedStyle(comment).color), luminance(getComputedStyle(block).backgroundColor)].sort((x, y) => y - x);
          return (high + 0.05) / (low + 0.05);
        });
        expect(contrast).toBeGreaterThanOrEqual(4.5);
        const findings = (await axeFindings(visitor.page, `reader (${viewport}, ${theme})`)).filter((finding) => !isTabsterDummy(finding));
        expect(describeFindings(findings)).toEqual([]);
      } finally {
        await visitor.close();
      }
    });
  });
});
