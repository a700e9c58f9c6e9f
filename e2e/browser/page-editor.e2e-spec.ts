import { describeWith, eventually } from '@quire/testing';
import type { Browser, Cookie, Dialog, Locator } from 'playwright-core';
import { BrowserVisitor, type ViewportName, launchChromium } from './support/browser-session';
import { decodeHtml, editorValue } from './support/editor-text';
import { ensureWebBuilt } from './support/ensure-web-build';
import { chooseTheme, expectReadableLook, LOOK_MARKDOWN, readMarkdownLook, serveInChinese, showPreview, type MarkdownLook } from './support/markdown-look';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi, registerThroughApi } from './support/session-factory';

/**
 * The page editor (SPEC §2, §4, §5) in a real browser: each toolbar action, pasted images,
 * attachments, drafts, history, templates, the new-page route change and a 3 MB page.
 * The stored result of every save is read back through the API.
 */
const PASSWORD = 'editor-pass-1';
/** A 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

interface PageInfo {
  page_id: number;
  page_title: string;
  page_content: string;
  cat_id: number;
  s_number: number;
}

async function waitForEditorText(visitor: BrowserVisitor, text: string): Promise<void> {
  await visitor.page.waitForFunction((expected) => {
    const wrapper = document.querySelector<Element & { CodeMirror?: { getValue(): string } }>('.CodeMirror');
    return Boolean(wrapper?.CodeMirror?.getValue().includes(expected));
  }, text);
}

/** Replaces the whole Markdown in the editor, as a paste of the full text would. */
async function setEditorValue(visitor: BrowserVisitor, text: string): Promise<void> {
  await visitor.page.evaluate((value) => {
    const wrapper = document.querySelector<Element & { CodeMirror?: { setValue(value: string): void } }>('.CodeMirror');
    wrapper?.CodeMirror?.setValue(value);
  }, text);
}

/** A diagram, math and code: what loads scripts, styles and fonts on demand. */
const RICH_MARKDOWN = [
  '# Flow',
  '',
  '```mermaid',
  'graph TD',
  '  Start --> Stop',
  '```',
  '',
  'Inline $a^2+b^2=c^2$ and:',
  '',
  '$$',
  '\\frac{1}{3}',
  '$$',
  '',
  '$$E=mc^2$$',
  '',
  '```js',
  'const answer = 42;',
  '```',
].join('\n');

/** The Mermaid diagram is drawn with its own styles, KaTeX typesets both formulas, highlight.js marks the code. */
async function expectRichMarkdownRendered(scope: Locator): Promise<void> {
  const diagram = scope.locator('.bytemd-mermaid svg');
  await diagram.filter({ hasText: 'Start' }).filter({ hasText: 'Stop' }).waitFor();
  // Mermaid styles its shapes from a <style> inside the SVG: unstyled, an SVG shape is filled black.
  expect(
    await diagram
      .locator('.node rect')
      .first()
      .evaluate((rect) => getComputedStyle(rect).fill),
  ).not.toBe('rgb(0, 0, 0)');
  await scope.locator('.katex-display .katex').first().waitFor();
  // `$$…$$` alone on its line is displayed as a block, as is a `$$` block.
  expect(await scope.locator('.katex-display annotation').allTextContents()).toEqual(['\\frac{1}{3}', 'E=mc^2']);
  expect(await scope.locator('p .katex .katex-html').textContent()).toBe('a2+b2=c2');
  await scope.locator('pre code .hljs-keyword', { hasText: 'const' }).waitFor();
}

/** Opens the editor and waits for CodeMirror to hold the page. */
async function openEditor(visitor: BrowserVisitor, itemId: number, pageId: number, query = ''): Promise<void> {
  await visitor.visit(`/page/edit/${itemId}/${pageId}${query}`);
  await visitor.page.locator('.CodeMirror').waitFor();
}

/**
 * Saves an existing page with Ctrl+S. Its editor is the live co-editing one (issue 18): the save goes over its
 * WebSocket, and the server's answer shows as the toast.
 */
async function saveLive(visitor: BrowserVisitor, timeout?: number): Promise<void> {
  await visitor.page.keyboard.press('Control+s');
  await visitor.page.getByTestId('collab-save-state').getByText('Saved', { exact: true }).waitFor({ timeout });
  await visitor.expectToast('Saved');
}

/** Leaves the editor while the browser is offline, then opens it again online: what was typed offline was never sent. */
async function reopenAfterLeavingOffline(visitor: BrowserVisitor, itemId: number, pageId: number): Promise<void> {
  // The browser asks before leaving a page with unsaved changes: leave, as a person closing the tab would.
  const leave = (dialog: Dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss());
  visitor.page.on('dialog', leave);
  await visitor.page.goto('about:blank');
  visitor.page.off('dialog', leave);
  await visitor.context.setOffline(false);
  await visitor.visit(`/page/edit/${itemId}/${pageId}`);
}

/** Puts the cursor at the end of the document and types. */
async function typeAtEnd(visitor: BrowserVisitor, text: string): Promise<void> {
  await visitor.page.locator('.CodeMirror-code').click();
  await visitor.page.keyboard.press('Control+End');
  await visitor.page.keyboard.type(text);
}

/** Pastes files into the editor as the clipboard would (a ClipboardEvent carrying a DataTransfer). */
async function pasteFiles(visitor: BrowserVisitor, files: { name: string; type: string; base64?: string; size?: number }[]): Promise<void> {
  await visitor.page.locator('.CodeMirror-code').click();
  await visitor.page.evaluate((list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const bytes = file.base64 ? Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0)) : new Uint8Array(file.size ?? 0);
      transfer.items.add(new File([bytes], file.name, { type: file.type }));
    }
    const target = document.querySelector('.CodeMirror textarea') as HTMLTextAreaElement;
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, files);
}

/**
 * Issue 17: the editor's preview and the reader draw a page with one renderer and one stylesheet.
 * In each theme and at each width, a visitor with `cookies` opens the page in the editor, then in
 * the reader: both must look alike (same borders, colours, list style) and be readable.
 */
async function expectPreviewLooksLikeReader(browser: Browser, baseUrl: string, cookies: Cookie[], itemId: number, pageId: number, label: string): Promise<void> {
  const sameLook = ({ linkContrast, arrowContrast, arrowHeadContrast, ...look }: MarkdownLook) => look;
  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const visitor = await BrowserVisitor.open(browser, baseUrl, viewport, `${label}-${theme}`);
      try {
        await visitor.context.addCookies(cookies);
        await chooseTheme(visitor, theme);
        await openEditor(visitor, itemId, pageId);
        const preview = await readMarkdownLook(await showPreview(visitor.page));
        await visitor.screenshot('preview');
        await visitor.visit(`/${itemId}?page_id=${pageId}`);
        const reader = await readMarkdownLook(visitor.page.getByTestId('markdown-body'));
        await visitor.screenshot('reader');
        expectReadableLook(preview);
        expectReadableLook(reader);
        expect(sameLook(preview)).toEqual(sameLook(reader));
        expect([...visitor.consoleErrors, ...visitor.pageErrors]).toEqual([]);
      } finally {
        await visitor.close();
      }
    }
  }
}

/**
 * JSON tools → `name`, until its dialog shows. Clicked at machine speed right after a dialog has closed, the menu can
 * close again before the item is clicked (the closed dialog hands the focus back meanwhile): then it opens again.
 */
async function chooseJsonTool(visitor: BrowserVisitor, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await visitor.page.getByRole('button', { name: 'JSON tools' }).click();
    await visitor.page.getByRole('menuitem', { name }).click();
    try {
      await visitor.page.getByRole('dialog').locator('textarea[name=json]').waitFor({ timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

describeWith({ binary: 'chromium' }, 'web app in a real browser: the page editor', () => {
  let quire: QuireApp;
  let browser: Browser;
  let me: BrowserVisitor;
  let itemId = 0;
  const catalogs = { guides: 0, advanced: 0, internals: 0 };

  const savePageThroughApi = async (title: string, content: string, pageId = 0, target = itemId) =>
    (await callApi<{ page_id: number }>(me, 'page/save', { page_id: pageId, item_id: target, cat_id: 0, s_number: 99, page_title: title, page_content: content })).page_id;
  const pageInfo = async (pageId: number): Promise<PageInfo> => {
    const page = await callApi<PageInfo>(me, 'page/info', { page_id: pageId });
    return { ...page, page_title: decodeHtml(page.page_title), page_content: decodeHtml(page.page_content) };
  };

  beforeAll(async () => {
    quire = await startQuire(await ensureWebBuilt());
    browser = await launchChromium();
    me = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'editor');
    await registerThroughApi(me, quire, `writer${Date.now() % 100000}`, PASSWORD);
    await callApi(me, 'item/add', { item_type: 1, item_name: 'Manual', password: '', item_domain: '', copy_item_id: 0, item_description: '' });
    const items = await callApi<{ item_id: number; item_name: string }[]>(me, 'item/myList');
    itemId = items.find((item) => item.item_name === 'Manual')?.item_id ?? 0;
    const catalog = async (name: string, parent = 0) =>
      (await callApi<{ cat_id: number }>(me, 'catalog/save', { item_id: itemId, cat_id: 0, parent_cat_id: parent, cat_name: name, s_number: 99 })).cat_id;
    catalogs.guides = await catalog('Guides');
    catalogs.advanced = await catalog('Advanced', catalogs.guides);
    catalogs.internals = await catalog('Internals', catalogs.advanced);
  }, 180_000);

  afterAll(async () => {
    await me?.close();
    await browser?.close();
    await quire?.close();
  });

  it('starts a new page with the welcome text, refuses an empty title, previews Markdown and moves to the new id on the first save', async () => {
    await me.visit(`/${itemId}`);
    await openEditor(me, itemId, 0);
    expect(await editorValue(me)).toContain('Welcome to Quire!');
    expect(await me.page.locator('input[name=s_number]').inputValue()).toBe('99');
    expect(await me.page.locator('select[name=cat_id] option').allTextContents()).toEqual(['No catalog (top level)', 'Guides', 'Guides / Advanced', 'Guides / Advanced / Internals']);
    // The editor is 1000 px high.
    expect(Math.round((await me.page.locator('.bytemd').boundingBox())?.height ?? 0)).toBe(1000);

    const saves: string[] = [];
    me.page.on('request', (request) => {
      if (request.url().includes('/api/page/save')) saves.push(request.url());
    });
    await me.page.getByRole('button', { name: 'Save', exact: true }).click();
    await me.acceptAlert('Please enter a title');
    expect(saves).toEqual([]);

    await me.page.locator('.CodeMirror-code').click();
    await me.page.keyboard.press('Control+A');
    await me.page.keyboard.press('Delete');
    await me.page.keyboard.type('# Release notes\n\nSome **bold** words and `code`.');
    const preview = me.page.locator('.bytemd-preview');
    await preview.locator('h1', { hasText: 'Release notes' }).waitFor();
    await preview.locator('strong', { hasText: 'bold' }).waitFor();
    await me.page.locator('input[name=page_title]').fill('Release notes');
    await me.page.locator('select[name=cat_id]').selectOption({ label: 'Guides / Advanced' });
    await me.page.locator('input[name=s_number]').fill('5');
    await me.screenshot('new-page');

    const historyLength = await me.page.evaluate(() => window.history.length);
    const saved = me.page.waitForResponse((response) => response.url().includes('/api/page/save'));
    await me.page.getByRole('button', { name: 'Save', exact: true }).click();
    const reply = (await (await saved).json()) as { data: { page_id: number } };
    const newId = reply.data.page_id;
    expect(newId).toBeGreaterThan(0);
    await me.page.waitForURL(`**/page/edit/${itemId}/${newId}`);
    await me.page.getByText('Edit page').waitFor();
    // replace, not push: the /0 entry is gone, so Back returns to the item.
    expect(await me.page.evaluate(() => window.history.length)).toBe(historyLength);
    const page = await pageInfo(newId);
    expect(page).toMatchObject({ page_title: 'Release notes', cat_id: catalogs.advanced, s_number: 5, page_content: '# Release notes\n\nSome **bold** words and `code`.' });
    // A second save updates the same page instead of creating another.
    await typeAtEnd(me, '\n\nMore.');
    const second = me.page.waitForResponse((response) => response.url().includes('/api/page/save'));
    await me.page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(((await (await second).json()) as { data: { page_id: number } }).data.page_id).toBe(newId);
    await me.page.goBack();
    await me.page.waitForURL(`**/${itemId}`);
  });

  it('saves with Ctrl+S; the stored content is what was typed', async () => {
    const pageId = await savePageThroughApi('Shortcut page', 'First line');
    await openEditor(me, itemId, pageId);
    expect(await me.page.locator('input[name=page_title]').inputValue()).toBe('Shortcut page');
    await typeAtEnd(me, '\nSecond line <kept> & "quoted"');
    await saveLive(me);
    expect((await pageInfo(pageId)).page_content).toBe('First line\nSecond line <kept> & "quoted"');
  });

  it('draws Mermaid diagrams, KaTeX math and highlighted code in the preview and in the reader, under the CSP', async () => {
    const pageId = await savePageThroughApi('Diagrams', 'Intro');
    const editor = await me.page.goto(`/page/edit/${itemId}/${pageId}`);
    // The screens run under the gateway's policy, and the suite fails on any violation it reports.
    // Its own files, and index.html's first-load script by its hash (web/vite/first-load.ts).
    expect(editor?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+={0,2}';/);
    await me.page.locator('.CodeMirror').waitFor();
    await setEditorValue(me, RICH_MARKDOWN);
    await expectRichMarkdownRendered(me.page.locator('.bytemd-preview'));
    await me.screenshot('preview-diagram-math');
    await saveLive(me);

    await me.visit(`/${itemId}?page_id=${pageId}`);
    await expectRichMarkdownRendered(me.page.getByTestId('markdown-body'));
    await me.screenshot('reader-diagram-math');
  });

  it('draws the preview as the reader draws the page: bordered tables, highlighted code, task lists, quotes, readable links and diagram arrows, light and dark, at both widths', async () => {
    // Eight cold page loads (the editor and the reader in four looks), each drawing a diagram: more than the default 30 s.
    const pageId = await savePageThroughApi('Rendering', LOOK_MARKDOWN);
    await expectPreviewLooksLikeReader(browser, quire.baseUrl, await me.context.cookies(), itemId, pageId, 'look');

    // Switching the theme while editing redraws the diagram in the new theme's colours.
    await openEditor(me, itemId, pageId);
    const preview = await showPreview(me.page);
    await preview.locator('.bytemd-mermaid[data-theme="light"] svg').waitFor();
    await (await me.headerAction('Dark theme')).click();
    await preview.locator('.bytemd-mermaid[data-theme="dark"] svg').waitFor();
    expectReadableLook(await readMarkdownLook(preview));
    await (await me.headerAction('Light theme')).click();
    await preview.locator('.bytemd-mermaid[data-theme="light"] svg').waitFor();
  });

  it('opens a copy with copy_page_id and saves it as a new page, leaving the original alone', async () => {
    const original = await savePageThroughApi('Original', '# Original body');
    await openEditor(me, itemId, 0, `?copy_page_id=${original}`);
    expect(await me.page.locator('input[name=page_title]').inputValue()).toBe('Original (copy)');
    expect(await editorValue(me)).toBe('# Original body');
    const saved = me.page.waitForResponse((response) => response.url().includes('/api/page/save'));
    await me.page.keyboard.press('Control+s');
    const copyId = ((await (await saved).json()) as { data: { page_id: number } }).data.page_id;
    await me.page.waitForURL(`**/page/edit/${itemId}/${copyId}`);
    expect(copyId).not.toBe(original);
    expect((await pageInfo(copyId)).page_content).toBe('# Original body');
    expect((await pageInfo(original)).page_title).toBe('Original');
  });

  it('uploads a pasted image into the page and its attachments; an oversized or non-image paste gets a clear message', async () => {
    const pageId = await savePageThroughApi('Screenshots', 'Look:\n');
    await openEditor(me, itemId, pageId);
    expect(await me.page.getByTestId('attachments-count').textContent()).toBe('0');

    const uploaded = me.page.waitForResponse((response) => response.url().includes('/api/page/uploadImg'));
    await pasteFiles(me, [{ name: 'shot.png', type: 'image/png', base64: PNG_BASE64 }]);
    const reply = (await (await uploaded).json()) as { success: number; url: string };
    expect(reply.success).toBe(1);
    await waitForEditorText(me, `![shot.png](${reply.url})`);
    await me.page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('.bytemd-preview img')).some((img) => img.complete && img.naturalWidth === 1));
    await me.page.getByTestId('attachments-count').filter({ hasText: '1' }).waitFor();
    await me.screenshot('pasted-image');

    const uploads: string[] = [];
    me.page.on('request', (request) => {
      if (request.url().includes('/api/page/uploadImg')) uploads.push(request.url());
    });
    await pasteFiles(me, [{ name: 'huge.png', type: 'image/png', size: 4 * 1024 * 1024 + 10 }]);
    await me.acceptAlert('The image is too large: pasted images must be under 4 MB.');
    await pasteFiles(me, [{ name: 'report.pdf', type: 'application/pdf', base64: Buffer.from('%PDF-1.4 test').toString('base64') }]);
    await me.acceptAlert('Only images can be pasted into a page');
    expect(uploads).toEqual([]);

    await saveLive(me);
    expect((await pageInfo(pageId)).page_content).toContain(`![shot.png](${reply.url})`);
    const files = await callApi<{ display_name: string; url: string }[]>(me, 'page/uploadList', { page_id: pageId });
    expect(files.map((file) => file.url)).toEqual([reply.url]);
  });

  it('inserts the API and database templates, converts JSON to a table (alerting on invalid JSON) and beautifies JSON', async () => {
    const pageId = await savePageThroughApi('Tools', 'Intro\n');
    await openEditor(me, itemId, pageId);
    await typeAtEnd(me, '\n');
    await me.page.getByRole('button', { name: 'API doc template' }).click();
    await waitForEditorText(me, '**Request URL:**');
    await me.page.getByRole('button', { name: 'Database doc template' }).click();
    await waitForEditorText(me, '|Column|Type|Null|Default|Comment|');
    await me.page.locator('.bytemd-preview table th', { hasText: 'Comment' }).waitFor();

    await chooseJsonTool(me, 'JSON to table');
    const dialog = me.page.getByRole('dialog');
    await dialog.locator('textarea[name=json]').fill('{bad json');
    await dialog.getByRole('button', { name: 'Insert' }).click();
    await me.acceptAlert('The JSON could not be parsed');
    await dialog.locator('textarea[name=json]').fill('{"error_code":0,"data":{"uid":7,"name":"Ann","score":1.5,"tags":[{"id":1}]}}');
    await me.screenshot('json-to-table');
    await dialog.getByRole('button', { name: 'Insert' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitForEditorText(me, '|Parameter|Type|Description|');
    const value = await editorValue(me);
    for (const row of ['|error_code |int |  |', '|data |object |  |', '|data.uid |int |  |', '|data.score |float |  |', '|data.tags |array |  |', '|data.tags[].id |int |  |']) {
      expect(value).toContain(row);
    }
    await me.page.locator('.bytemd-preview td', { hasText: 'data.tags[].id' }).waitFor();

    await chooseJsonTool(me, 'Beautify JSON');
    await me.page.getByRole('dialog').locator('textarea[name=json]').fill('{"a":1,"b":[1,2]}');
    await me.page.getByRole('dialog').getByRole('button', { name: 'Insert' }).click();
    await waitForEditorText(me, '```json\n{\n  "a": 1,\n  "b": [\n    1,\n    2\n  ]\n}\n```');
    // The next menu opens once this dialog has gone (a click during its closing would land on its backdrop).
    await me.page.getByRole('dialog').waitFor({ state: 'detached' });
    await chooseJsonTool(me, 'Beautify JSON');
    await me.page.getByRole('dialog').locator('textarea[name=json]').fill('not json {');
    await me.page.getByRole('dialog').getByRole('button', { name: 'Insert' }).click();
    await waitForEditorText(me, '```json\nnot json {\n```');
    await me.screenshot('templates-and-json');

    await saveLive(me);
    const stored = (await pageInfo(pageId)).page_content;
    expect(stored).toContain('**Request URL:**');
    expect(stored).toContain('|data.tags[].id |int |  |');
  });

  it('restores a history version into the editor', async () => {
    const pageId = await savePageThroughApi('Versions', 'Version one');
    await savePageThroughApi('Versions', 'Version two', pageId);
    await openEditor(me, itemId, pageId);
    expect(await editorValue(me)).toBe('Version two');
    await me.page.getByRole('button', { name: 'History versions' }).click();
    const dialog = me.page.getByTestId('history-dialog');
    await dialog.getByTestId('history-row').first().waitFor();
    expect(await dialog.getByTestId('history-row').count()).toBe(1);
    await me.screenshot('history');
    await dialog.getByRole('button', { name: 'Restore this version' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitForEditorText(me, 'Version one');
    expect(await editorValue(me)).toBe('Version one');
    await saveLive(me);
    expect((await pageInfo(pageId)).page_content).toBe('Version one');
    expect((await callApi<unknown[]>(me, 'page/history', { page_id: pageId })).length).toBe(2);
  });

  it('saves the page as a template, lists it, inserts it and deletes it (with the empty-list text)', async () => {
    const pageId = await savePageThroughApi('Template source', '## Reusable part');
    await openEditor(me, itemId, pageId);
    await me.page.getByRole('button', { name: 'More templates' }).click();
    await me.page.getByTestId('templates-empty').waitFor();
    await me.page.getByTestId('templates-dialog').getByRole('button', { name: 'Close' }).click();
    await me.page.getByTestId('templates-dialog').waitFor({ state: 'detached' });

    await me.page.getByRole('button', { name: 'More save options' }).click();
    await me.page.getByRole('menuitem', { name: 'Save as template' }).click();
    const form = me.page.getByRole('dialog');
    expect(await form.locator('input[name=template_title]').inputValue()).toBe('Template source');
    await form.locator('input[name=template_title]').fill('Reusable <part>');
    await form.getByRole('button', { name: 'Save' }).click();
    await me.expectToast('Saved as a template');
    const templates = await callApi<{ id: number; template_title: string; template_content: string }[]>(me, 'template/getList');
    expect(templates.map((template) => [decodeHtml(template.template_title), template.template_content])).toEqual([['Reusable <part>', '## Reusable part']]);

    await me.page.locator('.CodeMirror-code').click();
    await me.page.keyboard.press('Control+A');
    await me.page.keyboard.type('Fresh text\n');
    await me.page.getByRole('button', { name: 'More templates' }).click();
    const list = me.page.getByTestId('templates-dialog');
    await list.getByTestId('template-row').filter({ hasText: 'Reusable <part>' }).waitFor();
    await me.screenshot('templates');
    await list.getByRole('button', { name: 'Insert' }).click();
    await list.waitFor({ state: 'detached' });
    await waitForEditorText(me, 'Fresh text\n## Reusable part');

    await me.page.getByRole('button', { name: 'More templates' }).click();
    await list.getByRole('button', { name: 'Delete' }).click();
    await me.page.getByRole('alertdialog').filter({ hasText: 'Confirm to delete this template?' }).getByRole('button', { name: 'OK' }).click();
    await list.getByTestId('templates-empty').waitFor();
    expect(await callApi<unknown[]>(me, 'template/getList')).toEqual([]);
    // The dialog is usable again after the confirmation closed.
    await list.getByRole('button', { name: 'Close' }).click();
    await list.waitFor({ state: 'detached' });
  });

  it('uploads, lists, links and deletes attachments, with the count on the badge; a file of 4 MB or more is refused', async () => {
    const pageId = await savePageThroughApi('Files', 'Downloads:\n');
    await openEditor(me, itemId, pageId);
    await me.page.getByRole('button', { name: /Attachments/ }).click();
    const dialog = me.page.getByTestId('editor-attachments-dialog');
    await dialog.getByText('no data').waitFor();
    await dialog.getByTestId('attachment-input').setInputFiles({ name: 'too-big.zip', mimeType: 'application/zip', buffer: Buffer.alloc(4 * 1024 * 1024) });
    await me.acceptAlert('"too-big.zip" is too large: attachments must be under 4 MB.');
    await dialog.getByTestId('attachment-input').setInputFiles({ name: 'spec.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% test document\n') });
    const row = dialog.getByTestId('attachment-row').filter({ hasText: 'spec.pdf' });
    await row.waitFor();
    await me.page.getByTestId('attachments-count').filter({ hasText: '1' }).waitFor();
    await me.screenshot('attachments');
    const files = await callApi<{ file_id: number; display_name: string; url: string }[]>(me, 'page/uploadList', { page_id: pageId });
    expect(files.map((file) => file.display_name)).toEqual(['spec.pdf']);

    await row.getByRole('button', { name: 'Insert link' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitForEditorText(me, `[spec.pdf](${files[0].url})`);

    await me.page.getByRole('button', { name: /Attachments/ }).click();
    await dialog.getByTestId('attachment-row').getByRole('button', { name: 'Delete' }).click();
    await me.page.getByRole('alertdialog').filter({ hasText: 'Confirm to delete the attachment "spec.pdf"?' }).getByRole('button', { name: 'OK' }).click();
    await dialog.getByText('no data').waitFor();
    await me.page.getByTestId('attachments-count').filter({ hasText: '0' }).waitFor();
    expect(await callApi<unknown[]>(me, 'page/uploadList', { page_id: pageId })).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('opens the HTTP API test tool in a new window and goes back to the item', async () => {
    const pageId = await savePageThroughApi('Tools page', 'x');
    await openEditor(me, itemId, pageId);
    const popup = me.context.waitForEvent('page');
    await me.page.getByRole('button', { name: 'HTTP API test' }).click();
    const opened = await popup;
    await opened.waitForURL('**/tools/http-test');
    await opened.close();
    await me.page.getByRole('button', { name: 'Back' }).click();
    await me.page.waitForURL(`**/${itemId}?page_id=${pageId}`);
  });

  it('keeps a draft every 30 s of what the server has not got, offers it once when the editor opens again, and deletes all drafts on request', async () => {
    const visitor = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'editor-drafts');
    try {
      await visitor.context.addCookies(await me.context.cookies());
      const pageId = await savePageThroughApi('Drafted', 'Stored text');
      const key = `page_content_${itemId}_${pageId}`;
      await visitor.page.clock.install();
      await openEditor(visitor, itemId, pageId);
      // Text typed while the connection is down stays in this browser only: the draft is what keeps it.
      const typeOffline = async (text: string) => {
        await visitor.context.setOffline(true);
        await visitor.page.getByText('Offline — your changes will be merged when the connection returns').waitFor();
        await typeAtEnd(visitor, text);
      };
      await typeOffline('\nUnsaved line');
      // Not on every keystroke: the next 30-s tick writes it (the tick's phase follows the real time the editor took to open).
      expect(await visitor.page.evaluate((k) => localStorage.getItem(k), key)).toBeNull();
      await visitor.page.clock.fastForward(31_000);
      expect(await visitor.page.evaluate((k) => localStorage.getItem(k), key)).toBe('Stored text\nUnsaved line');

      await reopenAfterLeavingOffline(visitor, itemId, pageId);
      const prompt = visitor.page.getByRole('alertdialog').filter({ hasText: 'A draft of this page was kept in this browser' });
      await prompt.waitFor();
      await visitor.screenshot('draft-prompt');
      await prompt.getByRole('button', { name: 'OK' }).click();
      await waitForEditorText(visitor, 'Unsaved line');
      expect(await editorValue(visitor)).toBe('Stored text\nUnsaved line');
      expect(await visitor.page.evaluate((k) => localStorage.getItem(k), key)).toBeNull();

      // Declining discards the draft too: the next open shows the page without asking.
      await typeOffline('\nLost line');
      await visitor.page.clock.fastForward(31_000);
      await reopenAfterLeavingOffline(visitor, itemId, pageId);
      await prompt.waitFor();
      await prompt.getByRole('button', { name: 'Cancel' }).click();
      expect(await editorValue(visitor)).toBe('Stored text\nUnsaved line');
      await visitor.page.reload();
      await visitor.page.locator('.CodeMirror').waitFor();
      await visitor.page.waitForTimeout(500);
      expect(await visitor.page.getByRole('alertdialog').count()).toBe(0);

      await typeOffline('\nAnother draft');
      await visitor.page.clock.fastForward(31_000);
      // Back online (the success toast's code loads on its first use).
      await visitor.context.setOffline(false);
      await visitor.page.evaluate(() => localStorage.setItem('page_content_999_1', 'old draft of another page'));
      await visitor.page.getByRole('button', { name: 'More save options' }).click();
      await visitor.page.getByRole('menuitem', { name: 'Delete all drafts' }).click();
      await visitor.page.getByRole('alertdialog').filter({ hasText: 'Delete all the drafts kept in this browser?' }).getByRole('button', { name: 'OK' }).click();
      await visitor.expectToast('Drafts deleted: 2');
      expect(await visitor.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('page_content_')))).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('edits a 3 MB page: the live preview turns off with one alert, the save completes and the editor stays usable', async () => {
    const line = '| row | Lorem ipsum dolor sit amet | consectetur adipiscing | 1234567890 |\n';
    const big = `# Big page\n\n| a | b | c | d |\n| --- | --- | --- | --- |\n${line.repeat(Math.ceil((3 * 1024 * 1024) / line.length))}`;
    const pageId = await savePageThroughApi('Big page', big);
    const visitor = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'editor-big');
    try {
      await visitor.context.addCookies(await me.context.cookies());
      await visitor.visit(`/page/edit/${itemId}/${pageId}`);
      await visitor.acceptAlert('This page is longer than 3000 characters, so the live preview is switched off.');
      await visitor.page.locator('.CodeMirror').waitFor();
      await visitor.page.getByTestId('preview-off').waitFor();
      expect(await visitor.page.locator('.bytemd-preview').isVisible()).toBe(false);
      await visitor.screenshot('big-page');

      await typeAtEnd(visitor, 'tail');
      await saveLive(visitor, 60_000);

      // Still usable after the save: a keystroke shows up at the end of the text. How fast, and the longest
      // task the page runs, are goals of `npm run bench` (load-tests/src/bench-editor.ts), not of this test.
      await visitor.page.keyboard.type('Z');
      await visitor.page.waitForFunction(() => {
        const wrapper = document.querySelector<Element & { CodeMirror?: { getValue(): string } }>('.CodeMirror');
        return Boolean(wrapper?.CodeMirror?.getValue().endsWith('tailZ'));
      });

      const stored = (await callApi<PageInfo>(visitor, 'page/info', { page_id: pageId })).page_content;
      expect(stored.length).toBe(big.length + 'tail'.length);
      expect(stored.endsWith(`${line.trimEnd()}\ntail`)).toBe(true);

      // One alert per page per session: a reload does not repeat it.
      await visitor.page.reload();
      await visitor.page.locator('.CodeMirror').waitFor();
      await visitor.page.getByTestId('preview-off').waitFor();
      await visitor.page.waitForTimeout(500);
      expect(await visitor.page.getByRole('alertdialog').count()).toBe(0);
    } finally {
      await visitor.close();
    }
  });

  it('says why the editor does not open for a read-only member, a visitor or an archived item, with the way back', async () => {
    const pageId = await savePageThroughApi('Guarded', 'Only the owner edits');
    const member = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'editor-guest');
    const phone = await BrowserVisitor.open(browser, quire.baseUrl, 'mobile', 'editor-guest');
    const anonymous = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'editor-anonymous');
    try {
      const reader = `reader${Date.now() % 100000}`;
      await registerThroughApi(member, quire, reader, PASSWORD);
      await callApi(me, 'member/save', { item_id: itemId, username: reader, member_group_id: 0 });
      await phone.context.addCookies(await member.context.cookies());
      for (const visitor of [member, phone]) {
        // A new page is refused.
        await visitor.visit(`/page/edit/${itemId}/0`);
        const refusal = visitor.page.getByTestId('edit-not-allowed');
        await refusal.getByText('You can read this item but not edit it. Ask the item owner for edit rights.').waitFor();
        // Not the editor: no title field, no Markdown editor, nothing to type into and lose.
        expect(await visitor.page.locator('input[name=page_title]').count()).toBe(0);
        expect(await visitor.page.locator('.CodeMirror').count()).toBe(0);
        await visitor.screenshot('edit-refused');
        // An existing page opens to watch it being edited (issue 18): read-only, with nothing to save.
        await visitor.visit(`/page/edit/${itemId}/${pageId}`);
        await visitor.page.getByTestId('collab-read-only').getByText('You can watch this page being edited but not change it').waitFor();
        expect(await visitor.page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
        await visitor.screenshot('edit-watch-only');
      }
      await (await member.headerAction('Back')).click();
      await member.page.waitForURL(`**/${itemId}?page_id=${pageId}`);
      await member.page.getByTestId('markdown-body').getByText('Only the owner edits').waitFor();
      expect(member.consoleErrors).toEqual([]);

      // A visitor who is not logged in is offered the login, which brings them back to the editor.
      await anonymous.visit(`/page/edit/${itemId}/${pageId}`);
      await anonymous.page.getByText('Log in with an account that may edit this item to change its pages.').waitFor();
      const login = anonymous.page.getByTestId('edit-not-allowed').getByRole('link', { name: 'Log in' });
      expect(decodeURIComponent((await login.getAttribute('href')) ?? '')).toContain(`redirect=/page/edit/${itemId}/${pageId}`);
    } finally {
      await member.close();
      await phone.close();
      await anonymous.close();
    }
    expect((await pageInfo(pageId)).page_content).toBe('Only the owner edits');

    await callApi(me, 'item/add', { item_type: 1, item_name: 'Old', password: '', item_domain: '', copy_item_id: 0, item_description: '' });
    const old = (await callApi<{ item_id: number; item_name: string }[]>(me, 'item/myList')).find((item) => item.item_name === 'Old')?.item_id ?? 0;
    const oldPage = await savePageThroughApi('Frozen', 'Before archiving', 0, old);
    await callApi(me, 'item/archive', { item_id: old, password: PASSWORD });
    await me.visit(`/page/edit/${old}/${oldPage}`);
    await me.page.getByText('This item is archived and read-only, so its pages can no longer be edited.').waitFor();
    expect(await me.page.locator('.CodeMirror').count()).toBe(0);
    expect((await pageInfo(oldPage)).page_content).toBe('Before archiving');
  });

  it('asks before leaving a new page with unsaved text: Back, a link, closing the tab; cancelling keeps the text, nothing asks after a save', async () => {
    await openEditor(me, itemId, 0);
    // Nothing typed: Back leaves at once.
    await me.page.getByRole('button', { name: 'Back' }).click();
    await me.page.waitForURL(`**/${itemId}`);
    expect(await me.page.getByRole('alertdialog').count()).toBe(0);

    await openEditor(me, itemId, 0);
    await me.page.locator('input[name=page_title]').fill('Unsaved');
    await typeAtEnd(me, 'Kept text');
    // A new page starts with a welcome text: what was typed comes after it.
    const typed = await editorValue(me);
    expect(typed).toMatch(/Kept text$/);
    await me.page.getByRole('button', { name: 'Back' }).click();
    const question = me.page.getByRole('alertdialog').filter({ hasText: 'This page has unsaved changes. Leave the editor and discard them?' });
    await question.waitFor();
    await me.screenshot('leave-question');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(me.page.url()).toContain(`/page/edit/${itemId}/0`);
    expect(await editorValue(me)).toBe(typed);

    // A changed title counts too, and the app's own links ask as well (the brand link to the home page).
    await me.page.locator('input[name=page_title]').fill('Unsaved, renamed');
    await me.page.locator('header').getByRole('link', { name: 'Quire' }).click();
    await question.waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await me.page.locator('input[name=page_title]').inputValue()).toBe('Unsaved, renamed');

    // Closing or reloading the tab: the browser asks its own question.
    const asked = new Promise<string>((resolve) =>
      me.page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await me.page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    // Staying was chosen: the page and its text are still there.
    expect(await editorValue(me)).toBe(typed);
    expect(me.page.isClosed()).toBe(false);

    // Leaving on purpose discards the text: no page is made.
    await me.page.getByRole('button', { name: 'Back' }).click();
    await question.getByRole('button', { name: 'OK' }).click();
    await me.page.waitForURL(`**/${itemId}`);
    const titles = (await callApi<{ menu: { pages: { page_title: string }[] } }>(me, 'item/info', { item_id: itemId })).menu.pages.map((page) => page.page_title);
    expect(titles).not.toContain('Unsaved, renamed');

    // After a save nothing asks (the page then opens in the live editor, whose changes the server keeps).
    await openEditor(me, itemId, 0);
    await me.page.locator('input[name=page_title]').fill('Saved before leaving');
    await typeAtEnd(me, 'Kept text');
    const savedText = await editorValue(me);
    const saved = me.page.waitForResponse((response) => response.url().includes('/api/page/save'));
    await me.page.keyboard.press('Control+s');
    const newId = ((await (await saved).json()) as { data: { page_id: number } }).data.page_id;
    await me.page.waitForURL(`**/page/edit/${itemId}/${newId}`);
    await me.page.getByRole('button', { name: 'Back' }).click();
    await me.page.waitForURL(`**/${itemId}?page_id=${newId}`);
    expect(await me.page.getByRole('alertdialog').count()).toBe(0);
    expect(await pageInfo(newId)).toMatchObject({ page_title: 'Saved before leaving', page_content: savedText });
  });

  it('lets a co-editor leave at once: what reached the server is kept and written; only text typed offline makes it ask', async () => {
    const pageId = await savePageThroughApi('Live leave', 'Kept text');
    await openEditor(me, itemId, pageId);
    await me.page.getByTestId('collab-connection').getByText('Live').waitFor();
    await typeAtEnd(me, '\nA sentence typed live');
    // Leaving asks nothing: the text is in the shared page, and the server writes it once the last editor has left.
    await me.page.getByRole('button', { name: 'Back' }).click();
    await me.page.waitForURL(`**/${itemId}?page_id=${pageId}`);
    expect(await me.page.getByRole('alertdialog').count()).toBe(0);
    await eventually(async () => ((await pageInfo(pageId)).page_content === 'Kept text\nA sentence typed live' ? true : undefined), 'the live text to be written');

    // Offline, typed text has not reached the server: leaving asks, and staying keeps it.
    await openEditor(me, itemId, pageId);
    await me.page.getByTestId('collab-connection').getByText('Live').waitFor();
    await me.context.setOffline(true);
    await me.page.getByText('Offline — your changes will be merged when the connection returns').waitFor();
    await typeAtEnd(me, ' offline');
    await me.page.getByRole('button', { name: 'Back' }).click();
    const question = me.page.getByRole('alertdialog').filter({ hasText: 'This page has unsaved changes. Leave the editor and discard them?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await editorValue(me)).toBe('Kept text\nA sentence typed live offline');
    // Back online, the text reaches the server and leaving asks nothing again.
    await me.context.setOffline(false);
    await me.page.getByTestId('collab-connection').getByText('Live').waitFor();
    await me.page.getByRole('button', { name: 'Back' }).click();
    await me.page.waitForURL(`**/${itemId}?page_id=${pageId}`);
    expect(await me.page.getByRole('alertdialog').count()).toBe(0);
    await eventually(async () => ((await pageInfo(pageId)).page_content === 'Kept text\nA sentence typed live offline' ? true : undefined), 'the offline text to be written');
  });

  it('keeps the tools and Save in reach on a long page, on a desktop and on a phone', async () => {
    // Short of the 3000 characters that turn the live preview off, but far taller than the 1000 px editor.
    const long = Array.from({ length: 150 }, (_, i) => `Line ${i + 1}`).join('\n\n');
    const pageId = await savePageThroughApi('Long page', long);
    const phone = await BrowserVisitor.open(browser, quire.baseUrl, 'mobile', 'editor-long');
    try {
      await phone.context.addCookies(await me.context.cookies());
      for (const visitor of [me, phone]) {
        await openEditor(visitor, itemId, pageId);
        // Scroll the window to the bottom of the 1000 px editor.
        await visitor.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await visitor.page.waitForFunction(() => window.scrollY > 200);
        const save = visitor.page.getByRole('button', { name: 'Save', exact: true });
        const header = await visitor.page.locator('header').first().boundingBox();
        const box = await save.boundingBox();
        // Visible, below the app's header, not under it.
        expect(box && header && box.y >= header.y + header.height - 1 && box.y + box.height <= (visitor.page.viewportSize()?.height ?? 0)).toBe(true);
        const formatting = await visitor.page.locator('.bytemd-toolbar').boundingBox();
        expect(formatting && box && formatting.y >= box.y + box.height - 1).toBe(true);
        await visitor.screenshot('long-page-scrolled');
        // Still works from there.
        await typeAtEnd(visitor, ' end');
        await save.click();
        await visitor.expectToast('Saved');
      }
    } finally {
      await phone.close();
    }
  });

  /** One account that may read the item but not edit it, shared by the looks below. */
  let readerCookies: Awaited<ReturnType<BrowserVisitor['context']['cookies']>> | null = null;

  describe.each<[ViewportName, 'light' | 'dark', 'en' | 'zh-cn']>([
    ['desktop', 'light', 'en'],
    ['desktop', 'dark', 'en'],
    ['desktop', 'light', 'zh-cn'],
    ['desktop', 'dark', 'zh-cn'],
    ['mobile', 'light', 'en'],
    ['mobile', 'dark', 'en'],
    ['mobile', 'light', 'zh-cn'],
    ['mobile', 'dark', 'zh-cn'],
  ])('at %s width, %s theme, %s labels', (viewport, theme, language) => {
    const zh = language === 'zh-cn';

    const look = async (label: string) => {
      const visitor = await BrowserVisitor.open(browser, quire.baseUrl, viewport, label);
      await chooseTheme(visitor, theme);
      if (zh) {
        await serveInChinese(visitor.page);
      }
      return visitor;
    };

    it('shows the sticky tools, the question before leaving, the success toast and the refusal', async () => {
      const writer = await look(`editor-look-${theme}-${language}`);
      const reader = await look(`editor-look-reader-${theme}-${language}`);
      try {
        await writer.context.addCookies(await me.context.cookies());
        const pageId = await savePageThroughApi('Looks', Array.from({ length: 150 }, (_, i) => `Line ${i + 1}`).join('\n\n'));
        await openEditor(writer, itemId, pageId);
        await writer.page.locator(`[data-theme="${theme}"]`).first().waitFor();
        await typeAtEnd(writer, ' more');
        await writer.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await writer.page.waitForFunction(() => window.scrollY > 200);
        await writer.screenshot('sticky-tools');
        await writer.page.getByRole('button', { name: zh ? '保存' : 'Save', exact: true }).click();
        await writer.expectToast(zh ? '保存成功' : 'Saved');
        await writer.screenshot('saved-toast');

        // The question before leaving: a new page's unsaved text (a live page's text is kept by the server).
        await openEditor(writer, itemId, 0);
        await typeAtEnd(writer, ' more');
        await writer.page.getByRole('button', { name: zh ? '返回' : 'Back' }).click();
        const question = writer.page.getByRole('alertdialog').filter({ hasText: zh ? '此页面有未保存的修改。确定要离开编辑器并放弃这些修改吗？' : 'This page has unsaved changes.' });
        await question.waitFor();
        await writer.screenshot('leave-question');
        await question.getByRole('button', { name: zh ? '取消' : 'Cancel' }).click();
        await question.waitFor({ state: 'detached' });
        expect(writer.consoleErrors).toEqual([]);

        if (!readerCookies) {
          await registerThroughApi(reader, quire, `looker${Date.now() % 100000}`, PASSWORD);
          readerCookies = await reader.context.cookies();
        } else {
          await reader.context.addCookies(readerCookies);
        }
        // Refused a new page (an existing one opens to watch it being edited, see the co-editing suite).
        await reader.visit(`/page/edit/${itemId}/0`);
        await reader.page
          .getByTestId('edit-not-allowed')
          .getByText(zh ? '你可以阅读此项目，但没有编辑权限。如需编辑，请联系项目所有者开通。' : 'You can read this item but not edit it.')
          .waitFor();
        await reader.page.locator(`[data-theme="${theme}"]`).first().waitFor();
        await reader.screenshot('edit-refused');
        expect(reader.consoleErrors).toEqual([]);
      } finally {
        await writer.close();
        await reader.close();
      }
    });
  });

  it('fits a 390 px screen', async () => {
    const phone = await BrowserVisitor.open(browser, quire.baseUrl, 'mobile', 'editor');
    try {
      await phone.context.addCookies(await me.context.cookies());
      const pageId = await savePageThroughApi('On a phone', '# Small screen\n\nText.');
      await openEditor(phone, itemId, pageId);
      await phone.page.getByRole('button', { name: 'Save', exact: true }).waitFor();
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await phone.screenshot('editor');
      // The editor's surfaces follow the dark theme.
      await phone.page.getByRole('button', { name: 'Dark theme' }).click();
      const background = await phone.page.locator('.bytemd').evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(background).not.toBe('rgb(255, 255, 255)');
      await phone.page.locator('[data-theme="dark"]').waitFor();
      await phone.page.mouse.move(200, 600);
      await phone.page.getByRole('tooltip').waitFor({ state: 'detached' });
      await phone.screenshot('editor-dark');
    } finally {
      await phone.close();
    }
  });
});

describeWith({ binary: 'chromium' }, 'web app in a real browser: the page editor on a Chinese site', () => {
  let quire: QuireApp;
  let browser: Browser;

  beforeAll(async () => {
    quire = await startQuire(await ensureWebBuilt(), { LANGUAGE: 'zh-cn' });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await quire?.close();
  });

  it('inserts the Chinese API and database templates and starts new pages with the Chinese welcome text', async () => {
    const me = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'editor-zh');
    try {
      await registerThroughApi(me, quire, `zh${Date.now() % 100000}`, PASSWORD);
      await callApi(me, 'item/add', { item_type: 1, item_name: '手册', password: '', item_domain: '', copy_item_id: 0, item_description: '' });
      const itemId = (await callApi<{ item_id: number }[]>(me, 'item/myList'))[0].item_id;
      await openEditor(me, itemId, 0);
      expect(await editorValue(me)).toContain('欢迎使用 Quire！');
      await typeAtEnd(me, '\n');
      await me.page.getByRole('button', { name: 'API 接口模板' }).click();
      await waitForEditorText(me, '**请求 URL：**');
      await me.page.getByRole('button', { name: '数据字典模板' }).click();
      await waitForEditorText(me, '|字段|类型|空|默认|注释|');
      await me.screenshot('templates');
    } finally {
      await me.close();
    }
  });

  it('draws the preview as the reader draws the page on a Chinese site, light and dark, at both widths', async () => {
    // Eight cold page loads (the editor and the reader in four looks), each drawing a diagram: more than the default 30 s.
    const me = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'look-zh-owner');
    try {
      await registerThroughApi(me, quire, `look${Date.now() % 100000}`, PASSWORD);
      await callApi(me, 'item/add', { item_type: 1, item_name: '渲染', password: '', item_domain: '', copy_item_id: 0, item_description: '' });
      const itemId = (await callApi<{ item_id: number }[]>(me, 'item/myList'))[0].item_id;
      const { page_id: pageId } = await callApi<{ page_id: number }>(me, 'page/save', {
        page_id: 0,
        item_id: itemId,
        cat_id: 0,
        s_number: 99,
        page_title: '渲染示例',
        page_content: LOOK_MARKDOWN,
      });
      await expectPreviewLooksLikeReader(browser, quire.baseUrl, await me.context.cookies(), itemId, pageId, 'look-zh');
    } finally {
      await me.close();
    }
  });
});
