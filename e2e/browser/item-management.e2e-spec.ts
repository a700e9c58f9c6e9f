import * as fs from 'node:fs';
import * as path from 'node:path';
import type { QuireConfig } from '@quire/config';
import { QUIRE_CONFIG } from '@quire/platform';
import { strToU8, zipSync } from 'fflate';
import type { CatalogGroup, ItemListEntry, ItemRow, ItemTeamEntry, ItemTokenRow, MemberListEntry, RegularItemInfo, TeamItemMemberEntry, TeamRow } from '@quire/proto';
import { describeWith } from '@quire/testing';
import type { Browser, Download, Locator } from 'playwright-core';
import { BrowserVisitor, launchChromium, type ViewportName } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi, registerThroughApi } from './support/session-factory';
import { chooseTheme, serveInChinese } from './support/markdown-look';

/**
 * The item management screens in a real browser: catalog management (3 levels, the server's
 * refusals), item settings (base info, members with a second logged-in browser, teams, open API,
 * attorn / archive / delete behind the login password) and the export with its progress bar.
 * Screenshots go to e2e/artifacts/screenshots/ (settings and catalogs also at 390 px).
 */
const PASSWORD = 'manage-pass-1';
const suffix = String(Date.now() % 100000);
const OWNER = `owner${suffix}`;
const MEMBER = `reader${suffix}`;
const TEAMMATE = `mate${suffix}`;

/** A raw call with the visitor's session: the whole envelope, for the refusals a test expects. */
async function envelope(visitor: BrowserVisitor, call: string, form: Record<string, string | number>): Promise<{ error_code: number; error_message?: string }> {
  const reply = await visitor.post(`/api/${call}`, form);
  return (await reply.json()) as { error_code: number; error_message?: string };
}

async function logIn(visitor: BrowserVisitor, username: string): Promise<void> {
  await callApi(visitor, 'user/login', { username, password: PASSWORD });
}

async function downloaded(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}

/** The machine may be shared with other suites: a loaded CPU slows the embedded app, not the assertions. */
const STEP_TIMEOUT_MS = 25_000;
jest.setTimeout(120_000);

describeWith({ binary: 'chromium' }, 'web app in a real browser: item management (catalogs, settings, export)', () => {
  let quire: QuireApp;
  let browser: Browser;
  let owner: BrowserVisitor;
  let member: BrowserVisitor;
  let itemId = 0;

  const newItem = async (name: string) => (await callApi<{ item_id: number }>(owner, 'item/add', { item_type: 1, item_name: name })).item_id;
  const catalogs = () => callApi<CatalogGroup[]>(owner, 'catalog/catListGroup', { item_id: itemId });
  const dialog = () => owner.page.getByRole('dialog');
  const row = (visitor: BrowserVisitor, name: string): Locator =>
    visitor.page.getByTestId('catalog-row').filter({ has: visitor.page.getByTestId('catalog-name').getByText(name, { exact: true }) });

  /** Opens the catalog dialog (new, or the edit of `name`), fills it and submits. */
  const catalogDialog = async (edit: string | null, fields: { name?: string; parent?: string; sort?: string }) => {
    if (edit) await row(owner, edit).getByRole('button', { name: 'Edit' }).click();
    else await owner.page.getByRole('button', { name: 'New catalog' }).click();
    await dialog().waitFor();
    if (fields.name !== undefined) await dialog().locator('input[name=cat_name]').fill(fields.name);
    if (fields.parent !== undefined) await dialog().locator('select[name=parent_cat_id]').selectOption({ label: fields.parent });
    if (fields.sort !== undefined) await dialog().locator('input[name=s_number]').fill(fields.sort);
    await dialog().getByRole('button', { name: 'Save' }).click();
  };

  const openTab = async (visitor: BrowserVisitor, id: number, tab: string) => {
    await visitor.visit(`/item/setting/${id}`);
    await visitor.page.getByRole('tab', { name: tab }).click();
  };

  beforeAll(async () => {
    quire = await startQuire(await ensureWebBuilt());
    browser = await launchChromium();
    owner = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'management');
    member = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'management-member');
    for (const visitor of [owner, member]) visitor.context.setDefaultTimeout(STEP_TIMEOUT_MS);
    await registerThroughApi(owner, quire, OWNER, PASSWORD);
    await registerThroughApi(member, quire, MEMBER, PASSWORD);
    itemId = await newItem('Manual');
    await callApi(owner, 'page/save', { page_id: 0, item_id: itemId, page_title: 'Welcome', page_content: '# Welcome\n\nRead me first.' });
  }, 180_000);

  afterAll(async () => {
    await member?.close();
    await owner?.close();
    await browser?.close();
    await quire?.close();
  });

  it('manages catalogs to 3 levels: add, mark and indent, edit, move, refuse a 4th level and a cycle, delete after a confirmation', async () => {
    await owner.visit(`/catalog/${itemId}`);
    await owner.page.getByTestId('catalog-empty').waitFor();
    await owner.page.getByRole('heading', { name: 'Catalog management · Manual' }).waitFor();

    await catalogDialog(null, { name: 'Guide', sort: '10' });
    await row(owner, 'Guide').waitFor();
    await catalogDialog(null, { name: 'Setup', parent: 'Guide' });
    await row(owner, 'Setup').waitFor();
    await catalogDialog(null, { name: 'Linux', parent: 'Guide / Setup' });
    await row(owner, 'Linux').waitFor();
    await catalogDialog(null, { name: 'Reference', sort: '20' });
    await row(owner, 'Reference').waitFor();

    // Table order is menu order; levels are marked and indented.
    expect(await owner.page.getByTestId('catalog-name').allTextContents()).toEqual(['Guide', 'Setup', 'Linux', 'Reference']);
    expect(await owner.page.getByTestId('catalog-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-level')))).toEqual(['1', '2', '3', '1']);
    await row(owner, 'Setup').getByText('Level 2').waitFor();
    await row(owner, 'Linux').getByText('Level 3').waitFor();
    const indent = (name: string) =>
      row(owner, name)
        .locator('td')
        .first()
        .locator('div')
        .first()
        .evaluate((el) => getComputedStyle(el).paddingLeft);
    expect([await indent('Guide'), await indent('Setup'), await indent('Linux')]).toEqual(['0px', '24px', '48px']);
    await owner.screenshot('catalogs');

    // The parent picker offers 'none', the top-level and second-level catalogs, as 'parent / child'.
    await owner.page.getByRole('button', { name: 'New catalog' }).click();
    const options = await dialog().locator('select[name=parent_cat_id] option').allTextContents();
    expect(options).toEqual(['None (top level)', 'Guide', 'Guide / Setup', 'Reference']);
    await owner.screenshot('catalog-dialog');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });

    // Edit: rename and sort number; then move it under another parent.
    await catalogDialog('Linux', { name: 'Linux hosts', sort: '5' });
    await row(owner, 'Linux hosts').getByRole('cell', { name: '5', exact: true }).waitFor();
    await catalogDialog('Linux hosts', { parent: 'Reference' });
    await dialog().waitFor({ state: 'detached' });
    expect(await owner.page.getByTestId('catalog-name').allTextContents()).toEqual(['Guide', 'Setup', 'Reference', 'Linux hosts']);
    const stored = await catalogs();
    const reference = stored.find((c) => c.cat_name === 'Reference');
    expect(reference?.sub.map((c) => ({ name: c.cat_name, level: c.level, sort: c.s_number }))).toEqual([{ name: 'Linux hosts', level: 3, sort: 5 }]);

    // A 4th level is refused by the server: Guide (with its child) under a second-level catalog.
    await catalogDialog('Guide', { parent: 'Reference / Linux hosts' });
    expect(await dialog().getByTestId('catalog-error').textContent()).toBe('This catalog has sub-catalogs; moving it there would nest them deeper than 3 levels');
    // A parent that is its own descendant is refused too.
    await dialog().locator('select[name=parent_cat_id]').selectOption({ label: 'Guide / Setup' });
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().getByTestId('catalog-error').getByText('A catalog cannot be moved under one of its own sub-catalogs').waitFor();
    await owner.screenshot('catalog-refused');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect((await catalogs()).find((c) => c.cat_name === 'Guide')?.level).toBe(2);

    // Delete asks first: Cancel keeps it, OK removes it.
    await row(owner, 'Setup').getByRole('button', { name: 'Delete' }).click();
    const confirm = owner.page.getByRole('alertdialog');
    await confirm.getByText('Confirm to delete the catalog "Setup"?', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await row(owner, 'Setup').count()).toBe(1);
    await row(owner, 'Setup').getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await row(owner, 'Setup').waitFor({ state: 'detached' });
    expect((await catalogs()).find((c) => c.cat_name === 'Guide')?.sub).toEqual([]);

    // Go back to the item.
    await owner.page.getByRole('link', { name: 'Back to the item' }).click();
    await owner.page.waitForURL(`**/${itemId}`);
    await owner.page.getByTestId('page-title').filter({ hasText: 'Welcome' }).waitFor();
  });

  it('edits the base info and stores it (a bad domain is refused beside the field)', async () => {
    await owner.visit(`/item/setting/${itemId}`);
    const form = owner.page.getByTestId('settings-base');
    expect(await form.locator('input[name=item_name]').inputValue()).toBe('Manual');
    await form.locator('input[name=item_domain]').fill('not a domain!');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Personalized domain names can only be a combination of letters or numbers').waitFor();

    await form.locator('input[name=item_name]').fill('Manual & guide');
    await form.locator('textarea[name=item_description]').fill('For <operators>');
    await form.locator('input[name=item_domain]').fill(`manual${suffix}`);
    await form.locator('input[name=password]').fill('visit-secret');
    await owner.screenshot('settings-base');
    await form.getByRole('button', { name: 'Save' }).click();
    await owner.expectToast('Saved');

    const detail = await callApi<ItemRow>(owner, 'item/detail', { item_id: itemId });
    expect(detail).toMatchObject({ item_name: 'Manual &amp; guide', item_description: 'For &lt;operators&gt;', item_domain: `manual${suffix}`, password: 'visit-secret' });
    await owner.page.reload();
    await owner.page.getByTestId('settings-base').waitFor();
    expect(await owner.page.locator('input[name=item_name]').inputValue()).toBe('Manual & guide');
    expect(await owner.page.locator('textarea[name=item_description]').inputValue()).toBe('For <operators>');
    await owner.page.getByRole('heading', { name: 'Item settings · Manual & guide' }).waitFor();
  });

  it("adds a member read-only by autocomplete; in the member's own browser reading works and editing is refused until the right is raised", async () => {
    await member.visit(`/item/setting/${itemId}`);
    expect(await member.page.getByTestId('settings-refused').getByRole('alert').textContent()).toBe('You are not the creator of this item');

    await openTab(owner, itemId, 'Members');
    await owner.page.getByTestId('members-empty').waitFor();
    await owner.page.getByTestId('member-username').pressSequentially(MEMBER.slice(0, 5));
    await owner.page.getByRole('option', { name: MEMBER }).click();
    expect(await owner.page.getByTestId('member-username').inputValue()).toBe(MEMBER);
    await owner.page.getByRole('radio', { name: 'Read-only' }).check();
    await owner.page.getByRole('button', { name: 'Add member' }).click();
    const memberRow = owner.page.getByTestId('member-row').filter({ hasText: MEMBER });
    expect(await memberRow.getByTestId('member-right').textContent()).toBe('Read-only');
    await owner.screenshot('settings-members');
    const [stored] = await callApi<MemberListEntry[]>(owner, 'member/getList', { item_id: itemId });
    expect(stored).toMatchObject({ username: MEMBER, member_group_id: 0 });

    // The member reads the private item without its password, without editing controls…
    await member.visit(`/${itemId}`);
    await member.page.getByTestId('page-title').filter({ hasText: 'Welcome' }).waitFor();
    expect(await member.page.getByRole('link', { name: 'New page' }).count()).toBe(0);
    // …and the server refuses a change, and an export (it needs the edit right), with its message.
    await member.visit(`/item/export/${itemId}`);
    await member.page.getByRole('button', { name: 'Export', exact: true }).click();
    expect(await member.page.getByTestId('export-message').textContent()).toBe('No permissions');
    await member.visit(`/catalog/${itemId}`);
    await member.page.getByRole('button', { name: 'New catalog' }).click();
    const memberDialog = member.page.getByRole('dialog');
    await memberDialog.locator('input[name=cat_name]').fill('From the member');
    await memberDialog.getByRole('button', { name: 'Save' }).click();
    expect(await memberDialog.getByTestId('catalog-error').textContent()).toBe('No permissions');
    await member.screenshot('read-only-refused');

    // The owner raises the right; the member's very next call may edit.
    await memberRow.getByRole('button', { name: 'Allow editing' }).click();
    await owner.page.getByTestId('member-row').filter({ hasText: MEMBER }).getByTestId('member-right').getByText('Edit', { exact: true }).waitFor();
    expect((await callApi<MemberListEntry[]>(owner, 'member/getList', { item_id: itemId })).map((m) => [m.username, m.member_group_id])).toEqual([[MEMBER, 1]]);
    await memberDialog.getByRole('button', { name: 'Save' }).click();
    await memberDialog.waitFor({ state: 'detached' });
    await row(member, 'From the member').waitFor();
  });

  it("assigns one of my teams, sets a member's right on the item, and unassigns it after a confirmation", async () => {
    const mate = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'management-mate');
    mate.context.setDefaultTimeout(STEP_TIMEOUT_MS);
    try {
      await registerThroughApi(mate, quire, TEAMMATE, PASSWORD);
      const team = await callApi<TeamRow>(owner, 'team/save', { team_name: 'Docs team' });
      await callApi(owner, 'teamMember/save', { team_id: team.id, member_username: TEAMMATE });

      await openTab(owner, itemId, 'Members');
      const section = owner.page.getByTestId('team-assignment');
      await section.locator('select[name=team_id]').selectOption({ label: 'Docs team' });
      await section.getByRole('button', { name: 'Assign team' }).click();
      const teamRow = section.getByTestId('team-row').filter({ hasText: 'Docs team' });
      await teamRow.waitFor();
      expect((await callApi<ItemTeamEntry[]>(owner, 'teamItem/getList', { item_id: itemId })).map((t) => t.team_name)).toEqual(['Docs team']);
      // The team's members read the item; they may not edit it yet.
      expect((await envelope(mate, 'catalog/save', { item_id: itemId, cat_name: 'By the team' })).error_code).toBe(10103);

      await teamRow.getByRole('button', { name: 'Member rights' }).click();
      const rights = owner.page.getByRole('dialog');
      const select = rights.getByRole('combobox', { name: `Right of ${TEAMMATE}` });
      expect(await select.inputValue()).toBe('0');
      await select.selectOption({ label: 'Edit' });
      await rights.getByTestId('team-right-saved').getByText('Permission saved').waitFor();
      await owner.screenshot('team-rights');
      const stored = await callApi<TeamItemMemberEntry[]>(owner, 'teamItemMember/getList', { item_id: itemId, team_id: team.id });
      expect(stored.map((r) => [r.member_username, r.member_group_id])).toEqual([[TEAMMATE, 1]]);
      expect((await envelope(mate, 'catalog/save', { item_id: itemId, cat_name: 'By the team' })).error_code).toBe(0);
      await rights.getByRole('button', { name: 'Close' }).click();
      await rights.waitFor({ state: 'detached' });

      await teamRow.getByRole('button', { name: 'Unassign' }).click();
      const confirm = owner.page.getByRole('alertdialog');
      await confirm.getByText('Unassign the team "Docs team" from this item?', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'OK' }).click();
      await teamRow.waitFor({ state: 'detached' });
      expect(await callApi<ItemTeamEntry[]>(owner, 'teamItem/getList', { item_id: itemId })).toEqual([]);
      expect((await envelope(mate, 'catalog/save', { item_id: itemId, cat_name: 'After the team' })).error_code).toBe(10103);
    } finally {
      await mate.close();
    }
  });

  it('shows the open API key and token with a curl example for this site; a reset replaces them', async () => {
    await openTab(owner, itemId, 'Open API');
    const keyField = owner.page.getByTestId('api-key');
    await owner.page.waitForFunction(() => (document.querySelector<HTMLInputElement>('[data-testid="api-key"]')?.value ?? '') !== '');
    const first = await callApi<ItemTokenRow>(owner, 'item/getKey', { item_id: itemId });
    expect(await keyField.inputValue()).toBe(first.api_key);
    expect(await owner.page.getByTestId('api-token').inputValue()).toBe(first.api_token);
    const example = (await owner.page.getByTestId('api-example').textContent()) ?? '';
    expect(example).toContain(`curl -X POST '${quire.baseUrl}/api/item/updateByApi'`);
    expect(example).toContain(`api_key=${first.api_key}`);
    expect(example).toContain(`api_token=${first.api_token}`);
    await owner.screenshot('settings-open-api');

    // The example's call works as shown.
    const used = await owner.page.request.post('/api/item/updateByApi', {
      form: { api_key: first.api_key, api_token: first.api_token, cat_name: 'Guide/Setup', page_title: 'Hello from the API', page_content: '# Hello' },
    });
    expect(((await used.json()) as { error_code: number }).error_code).toBe(0);

    await owner.page.getByRole('button', { name: 'Reset key and token' }).click();
    await owner.page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await owner.page.waitForFunction((old) => (document.querySelector<HTMLInputElement>('[data-testid="api-key"]')?.value ?? old) !== old, first.api_key);
    const second = await callApi<ItemTokenRow>(owner, 'item/getKey', { item_id: itemId });
    expect(second.api_key).not.toBe(first.api_key);
    expect(await keyField.inputValue()).toBe(second.api_key);
    const stale = await owner.page.request.post('/api/item/updateByApi', { form: { api_key: first.api_key, api_token: first.api_token, page_title: 'x', page_content: 'y' } });
    expect(((await stale.json()) as { error_code: number }).error_code).toBe(10306);
  });

  it('asks for the login password before attorn, archive and delete: a wrong one is refused, the right one goes back to the item list after 2 s', async () => {
    const confirmWith = async (id: number, button: string, submit: string, before?: () => Promise<void>) => {
      await openTab(owner, id, 'Advanced');
      await before?.();
      await owner.page.getByRole('button', { name: button, exact: true }).click();
      const ask = owner.page.getByRole('dialog');
      await ask.locator('input[name=login_password]').fill('wrong-password');
      await ask.getByRole('button', { name: submit, exact: true }).click();
      expect(await ask.getByTestId('password-error').textContent()).toBe('The password is incorrect');
      if (button === 'Delete item') await owner.screenshot('advanced-password');
      await ask.locator('input[name=login_password]').fill(PASSWORD);
      await ask.getByRole('button', { name: submit, exact: true }).click();
      await owner.page.getByTestId('advanced-done').waitFor();
      const doneAt = Date.now();
      expect(owner.page.url()).toContain(`/item/setting/${id}`);
      await owner.page.waitForURL('**/item/index');
      expect(Date.now() - doneAt).toBeGreaterThanOrEqual(1500);
    };

    const given = await newItem('To give away');
    await confirmWith(given, 'Transfer', 'Transfer', () => owner.page.locator('input[name=attorn_username]').fill(MEMBER));
    expect((await envelope(owner, 'item/detail', { item_id: given })).error_code).toBe(10303);
    expect((await callApi<ItemListEntry[]>(member, 'item/myList')).find((i) => i.item_id === given)).toMatchObject({ creator: 1 });

    const archived = await newItem('To archive');
    await confirmWith(archived, 'Archive', 'Archive');
    expect((await callApi<ItemListEntry[]>(owner, 'item/myList')).find((i) => i.item_id === archived)).toMatchObject({ is_archived: 1 });

    const deleted = await newItem('To delete');
    await confirmWith(deleted, 'Delete item', 'Delete');
    expect((await callApi<ItemListEntry[]>(owner, 'item/myList')).some((i) => i.item_id === deleted)).toBe(false);
  });

  it('exports to Word with a progress bar reaching 100% and a .docx arriving, a catalog as a Markdown zip, and says so for an empty item', async () => {
    await owner.visit(`/item/export/${itemId}`);
    await owner.page.getByRole('heading', { name: 'Export Manual & guide' }).waitFor();
    const word = owner.page.waitForEvent('download');
    await owner.page.getByRole('button', { name: 'Export', exact: true }).click();
    const docx = await word;
    await owner.page.getByTestId('export-percent').getByText('100%').waitFor();
    expect(await owner.page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await owner.page.getByTestId('export-state').getByText('Done: the file is downloading.').waitFor();
    await owner.screenshot('export-done');
    expect(docx.suggestedFilename()).toBe('Manual & guide.docx');
    const docxBytes = await downloaded(docx);
    expect(docxBytes.length).toBeGreaterThan(0);
    expect(docxBytes.subarray(0, 2).toString('latin1')).toBe('PK');

    await owner.page.getByRole('radio', { name: 'One catalog' }).check();
    await owner.page.locator('select[name=cat_id]').selectOption({ label: 'Guide / Setup' });
    await owner.page.getByRole('radio', { name: 'Markdown (.zip)' }).check();
    const markdown = owner.page.waitForEvent('download');
    await owner.page.getByRole('button', { name: 'Export', exact: true }).click();
    const zip = await markdown;
    await owner.page.getByTestId('export-percent').getByText('100%').waitFor();
    expect(zip.suggestedFilename()).toBe('Manual & guide - Setup.zip');
    const zipBytes = await downloaded(zip);
    expect(zipBytes.length).toBeGreaterThan(0);
    expect(zipBytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zipBytes.includes(Buffer.from('Hello from the API'))).toBe(true);

    // A job that fails shows why: its file cannot be stored (a plain file sits where the exports folder goes).
    const exportsDir = path.join(quire.app.get<string, QuireConfig>(QUIRE_CONFIG).dataDir, 'files', 'blobs', 'exports');
    fs.rmSync(exportsDir, { recursive: true, force: true });
    fs.writeFileSync(exportsDir, 'not a folder');
    try {
      await owner.page.getByRole('button', { name: 'Export', exact: true }).click();
      await owner.page.getByTestId('export-state').getByText('The export failed.').waitFor();
      expect(await owner.page.getByTestId('export-message').textContent()).toBe('The export failed: The exported file could not be stored');
      expect(await owner.page.getByTestId('export-percent').textContent()).not.toBe('100%');
      await owner.screenshot('export-failed');
    } finally {
      fs.rmSync(exportsDir, { force: true });
    }

    // A catalog without pages, then an item without pages: a clear message, no job.
    await owner.page.locator('select[name=cat_id]').selectOption({ label: 'Reference' });
    await owner.page.getByRole('button', { name: 'Export', exact: true }).click();
    expect(await owner.page.getByTestId('export-message').textContent()).toBe('This catalog has no pages to export.');
    const empty = await newItem('Empty shelf');
    await owner.page.goto(`/item/export/${empty}`);
    await owner.page.getByRole('heading', { name: 'Export Empty shelf' }).waitFor();
    await owner.page.getByRole('button', { name: 'Export', exact: true }).click();
    expect(await owner.page.getByTestId('export-message').textContent()).toBe('This item has no pages yet');
    expect(await owner.page.getByTestId('export-progress').count()).toBe(0);
    await owner.screenshot('export-empty');
  });

  it('imports a zip of Markdown files from the new-item screen and opens the new item; a bad zip says why', async () => {
    await owner.visit('/item/add');
    const card = owner.page.getByTestId('import-markdown');
    await card.getByText('Import Markdown zip').waitFor();
    const chooser = card.locator('input[type=file]');
    await chooser.setInputFiles({ name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip at all') });
    await card.getByRole('alert').getByText('The file is not a zip archive (or it is cut short)').waitFor();
    await owner.screenshot('import-markdown-refused');

    const zip = zipSync({ 'Welcome.md': strToU8('Hello from the zip'), 'Runbook/Restart.md': strToU8('# Restart\n\nsystemctl restart quire') });
    await chooser.setInputFiles({ name: 'Ops runbook.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
    await owner.page.waitForURL(/\/\d+$/);
    const imported = Number(new URL(owner.page.url()).pathname.slice(1));
    const info = await callApi<RegularItemInfo>(owner, 'item/info', { item_id: imported });
    expect(info.item_name).toBe('Ops runbook');
    expect(info.menu.pages.map((page) => page.page_title)).toEqual(['Welcome']);
    expect(info.menu.catalogs.map((catalog) => [catalog.cat_name, catalog.pages.map((page) => page.page_title)])).toEqual([['Runbook', ['Restart']]]);
    await owner.page.getByText('Hello from the zip').waitFor();
    await owner.screenshot('import-markdown-done');
  });

  it('keeps a deleted catalog in the recycle bin of the item settings: restored with its page to its old place, or deleted for good', async () => {
    const guide = (await catalogs()).find((c) => c.cat_name === 'Guide');
    const runbooks = (await callApi<{ cat_id: number }>(owner, 'catalog/save', { item_id: itemId, cat_name: 'Runbooks', parent_cat_id: guide?.cat_id ?? 0 })).cat_id;
    await callApi(owner, 'page/save', { page_id: 0, item_id: itemId, cat_id: runbooks, page_title: 'Restart', page_content: '# Restart' });

    // Deleted in the catalog screen, after the question.
    await owner.visit(`/catalog/${itemId}`);
    await row(owner, 'Runbooks').getByRole('button', { name: 'Delete' }).click();
    await owner.page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await row(owner, 'Runbooks').waitFor({ state: 'detached' });

    // The bin lists it with who deleted it, when, what it holds and where a restore puts it.
    await openTab(owner, itemId, 'Recycle bin');
    const bin = owner.page.getByTestId('recycle-bin');
    await bin.getByText('Deleted pages and catalogs stay here for 30 days, then they are deleted for good.').waitFor();
    const entry = owner.page.getByTestId('recycle-catalog-row').filter({ hasText: 'Runbooks' });
    await entry.waitFor();
    expect(await entry.locator('td').allTextContents()).toEqual([
      'Runbooks',
      'Pages: 1, sub-catalogs: 0',
      OWNER,
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      'Its old catalog',
      'RestoreDelete for good',
    ]);
    await owner.screenshot('recycle-bin');

    // Restore: a toast says where it went; the menu shows the catalog and its page again.
    await entry.getByRole('button', { name: 'Restore: Runbooks' }).click();
    await owner.expectToast('Restored to its old place.');
    await entry.waitFor({ state: 'detached' });
    await owner.visit(`/${itemId}`);
    await owner.page.getByTestId('menu-catalog').filter({ hasText: 'Guide' }).click();
    await owner.page.getByTestId('menu-catalog').filter({ hasText: 'Runbooks' }).click();
    await owner.page.getByTestId('menu-page').filter({ hasText: 'Restart' }).waitFor();
    await owner.screenshot('recycle-restored-menu');

    // Deleted for good: one page after a question (Cancel keeps it), then the emptied bin.
    const page = (await callApi<{ page_id: number }>(owner, 'page/save', { page_id: 0, item_id: itemId, page_title: 'Scratch', page_content: 'x' })).page_id;
    await callApi(owner, 'page/delete', { page_id: page, item_id: itemId });
    await openTab(owner, itemId, 'Recycle bin');
    const scratch = owner.page.getByTestId('recycle-page-row').filter({ hasText: 'Scratch' });
    await scratch.getByRole('button', { name: 'Delete for good: Scratch' }).click();
    const confirm = owner.page.getByRole('alertdialog');
    await confirm.getByText('Delete the page "Scratch" for good? This cannot be undone.').waitFor();
    await owner.screenshot('recycle-purge-question');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await scratch.count()).toBe(1);
    await scratch.getByRole('button', { name: 'Delete for good: Scratch' }).click();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await owner.expectToast('Deleted for good.');
    await scratch.waitFor({ state: 'detached' });
    expect(await callApi(owner, 'recycle/getList', { item_id: itemId })).toEqual([]);
    expect((await envelope(owner, 'page/info', { page_id: page })).error_code).not.toBe(0);
  });

  describe.each<[ViewportName, 'light' | 'dark', 'en' | 'zh-cn']>([
    ['desktop', 'light', 'en'],
    ['desktop', 'dark', 'en'],
    ['desktop', 'light', 'zh-cn'],
    ['desktop', 'dark', 'zh-cn'],
    ['mobile', 'light', 'en'],
    ['mobile', 'dark', 'en'],
    ['mobile', 'light', 'zh-cn'],
    ['mobile', 'dark', 'zh-cn'],
  ])('the recycle bin at %s width, %s theme, %s labels', (viewport, theme, language) => {
    it('lists a deleted catalog and page and fits the width', async () => {
      const binItem = await newItem(`Bin ${viewport} ${theme} ${language}`);
      const top = (await callApi<{ cat_id: number }>(owner, 'catalog/save', { item_id: binItem, cat_name: 'Archive notes' })).cat_id;
      await callApi(owner, 'page/save', { page_id: 0, item_id: binItem, cat_id: top, page_title: 'Old plan', page_content: 'x' });
      const loose = (await callApi<{ page_id: number }>(owner, 'page/save', { page_id: 0, item_id: binItem, page_title: 'Draft', page_content: 'x' })).page_id;
      await callApi(owner, 'catalog/delete', { item_id: binItem, cat_id: top });
      await callApi(owner, 'page/delete', { page_id: loose, item_id: binItem });

      const visitor = await BrowserVisitor.open(browser, quire.baseUrl, viewport, `management-recycle-${theme}-${language}`);
      visitor.context.setDefaultTimeout(STEP_TIMEOUT_MS);
      try {
        await logIn(visitor, OWNER);
        await chooseTheme(visitor, theme);
        const zh = language === 'zh-cn';
        if (zh) {
          await serveInChinese(visitor.page);
        }
        await visitor.visit(`/item/setting/${binItem}`);
        await visitor.page.locator(`[data-theme="${theme}"]`).first().waitFor();
        await visitor.page.getByRole('tab', { name: zh ? '回收站' : 'Recycle bin' }).click();
        await visitor.page
          .getByTestId('recycle-catalog-row')
          .filter({ hasText: 'Archive notes' })
          .getByText(zh ? '项目根目录' : 'The item root')
          .waitFor();
        await visitor.page.getByTestId('recycle-page-row').filter({ hasText: 'Draft' }).waitFor();
        expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport === 'mobile' ? 390 : 1280);
        await visitor.screenshot('recycle-bin');
        expect(visitor.consoleErrors).toEqual([]);
        expect(visitor.pageErrors).toEqual([]);
      } finally {
        await visitor.close();
      }
    });
  });

  it('lays the settings and catalog screens out at 390 px', async () => {
    const phone = await BrowserVisitor.open(browser, quire.baseUrl, 'mobile', 'management');
    phone.context.setDefaultTimeout(STEP_TIMEOUT_MS);
    try {
      await logIn(phone, OWNER);
      await phone.visit(`/item/setting/${itemId}`);
      await phone.page.getByTestId('settings-base').waitFor();
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await phone.screenshot('settings-base');
      await phone.page.getByRole('tab', { name: 'Members' }).click();
      await phone.page.getByTestId('member-row').filter({ hasText: MEMBER }).waitFor();
      await phone.screenshot('settings-members');
      await phone.page.getByRole('tab', { name: 'Open API' }).click();
      await phone.page.getByTestId('api-example').waitFor();
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.screenshot('settings-open-api');
      await phone.visit(`/catalog/${itemId}`);
      await phone.page.getByTestId('catalog-name').getByText('Linux hosts').waitFor();
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.screenshot('catalogs');
    } finally {
      await phone.close();
    }
  });
});
