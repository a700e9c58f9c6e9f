import { describeWith, hasValidSignature, startWebhookReceiver, type WebhookReceiver } from '@quire/testing';
import type { Browser } from 'playwright-core';
import { axeFindings, describeFindings, isTabsterDummy } from './support/axe';
import { BrowserVisitor, launchChromium, type ScreenLook } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { chooseTheme } from './support/markdown-look';
import { type QuireApp, startQuire } from './support/quire-app';
import { callApi, registerThroughApi } from './support/session-factory';

/**
 * Webhooks in a real browser (issue 20): the owner adds a hook in the item settings (URL, chosen events), copies the
 * secret shown once, sends a test that a receiver started by the test gets with a valid signature, reads the
 * deliveries, sees a real save arrive, turns the hook off and deletes it; the administrator's site-wide screen. At 1280
 * and 390 px, light and dark, English and Chinese. Screenshots go to e2e/artifacts/screenshots/.
 */
const RECEIVER_HOST = '127.0.0.50';
const PASSWORD = 'webhooks-pass-1';
const OWNER = `webhooks${Date.now() % 100000}`;
jest.setTimeout(180_000);

describeWith({ binary: 'chromium' }, 'web app in a real browser: webhooks', () => {
  let quire: QuireApp;
  let browser: Browser;
  let receiver: WebhookReceiver;
  let itemId: number;

  beforeAll(async () => {
    quire = await startQuire(await ensureWebBuilt(), { LANGUAGE: 'en', HTTP_PROXY_ALLOW_HOSTS: RECEIVER_HOST, WEBHOOK_RETRY_MS: '200' });
    browser = await launchChromium();
    receiver = await startWebhookReceiver(RECEIVER_HOST);
    const setup = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'webhooks-setup', { locale: 'en-US' });
    await registerThroughApi(setup, quire, OWNER, PASSWORD);
    itemId = (await callApi<{ item_id: number }>(setup, 'item/add', { item_type: 1, item_name: 'Platform' })).item_id;
    await setup.close();
  }, 240_000);

  afterAll(async () => {
    await receiver?.close();
    await browser?.close();
    await quire?.close();
  });

  const openTab = async (visitor: BrowserVisitor, zh: boolean) => {
    await visitor.visit(`/item/setting/${itemId}`);
    await visitor.page.getByTestId('settings-tab-webhooks').click();
    await visitor.page.getByTestId('webhooks').waitFor();
    return zh;
  };

  it('adds a hook, shows its secret once, sends a test the receiver gets signed, lists deliveries, turns it off and deletes it', async () => {
    const owner = await BrowserVisitor.open(browser, quire.baseUrl, 'desktop', 'webhooks', { locale: 'en-US' });
    try {
      await callApi(owner, 'user/login', { username: OWNER, password: PASSWORD });
      await openTab(owner, false);
      await owner.page.getByText('No webhooks yet.').waitFor();
      await owner.screenshot('empty');

      await owner.page.getByTestId('webhook-add').click();
      const dialog = owner.page.getByRole('dialog');
      await dialog.getByTestId('webhook-url').fill(receiver.url);
      await dialog.getByText('Chosen events').click();
      await dialog.getByTestId('webhook-event-page.create').check();
      await dialog.getByTestId('webhook-event-comment.create').check();
      await owner.screenshot('dialog');
      await dialog.getByRole('button', { name: 'Save' }).click();

      const secret = await owner.page.getByTestId('webhook-secret-value').inputValue();
      expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
      await owner.page.getByText('Copy this secret now: it will not be shown again.').waitFor();
      const row = owner.page.getByTestId('webhook-table-row');
      await row.getByText('Page events: created; Comment events: created').waitFor();
      await owner.screenshot('secret');

      await row.getByTestId('webhook-test').click();
      await owner.page.getByTestId('webhook-test-result').getByText('Test delivered').waitFor();
      const [ping] = await receiver.waitFor(1);
      expect(ping.body.event).toBe('ping');
      expect(hasValidSignature(ping, secret)).toBe(true);
      await owner.page
        .getByTestId('webhook-test-result')
        .getByText(/HTTP 204 in \d+ ms/)
        .waitFor();

      // A real save reaches the receiver too, signed the same way.
      await callApi(owner, 'page/save', { item_id: itemId, page_title: 'Release notes', page_content: 'v1' });
      const [, saved] = await receiver.waitFor(2);
      expect(saved.body).toMatchObject({ event: 'page.create', item_id: itemId, target: { type: 'page', name: 'Release notes' } });
      expect(hasValidSignature(saved, secret)).toBe(true);

      await row.getByTestId('webhook-deliveries').click();
      const log = owner.page.getByTestId('webhook-delivery-log');
      await log.getByText('page.create').waitFor();
      await log.getByText('ping').waitFor();
      await owner.screenshot('deliveries');

      await row.getByTestId('webhook-edit').click();
      await owner.page.getByRole('dialog').getByTestId('webhook-enabled').uncheck();
      await owner.page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await row.getByText('Off', { exact: true }).waitFor();
      // The secret is not shown again by anything on the screen.
      await owner.page.getByTestId('webhook-secret').getByRole('button', { name: 'Done' }).click();
      await owner.visit(`/item/setting/${itemId}`);
      await owner.page.getByTestId('settings-tab-webhooks').click();
      await owner.page.getByTestId('webhook-table-row').waitFor();
      expect(await owner.page.content()).not.toContain(secret);

      await owner.page.getByTestId('webhook-delete').click();
      await owner.page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
      await owner.page.getByText('No webhooks yet.').waitFor();
      expect(owner.pageErrors).toEqual([]);
    } finally {
      await owner.close();
    }
  });

  const cases: ScreenLook[] = [
    ['desktop', 'dark', 'zh-CN'],
    ['mobile', 'light', 'en-US'],
    ['mobile', 'dark', 'zh-CN'],
  ];

  it.each(cases)('at %s, %s, %s: the item tab with a hook and a failed test, and the admin console screen, with no serious axe finding', async (viewport, theme, locale) => {
    const zh = locale === 'zh-CN';
    const owner = await BrowserVisitor.open(browser, quire.baseUrl, viewport, `webhooks-${theme}-${locale}`, { locale });
    const admin = await BrowserVisitor.open(browser, quire.baseUrl, viewport, `webhooks-admin-${theme}-${locale}`, { locale });
    const failing = await startWebhookReceiver(RECEIVER_HOST, () => 500);
    try {
      await chooseTheme(owner, theme);
      await chooseTheme(admin, theme);
      await callApi(owner, 'user/login', { username: OWNER, password: PASSWORD });
      await callApi(owner, 'webhook/create', { item_id: itemId, url: failing.url, events: '' });
      await openTab(owner, zh);
      const row = owner.page.getByTestId('webhook-table-row').first();
      await row.getByText(zh ? '所有事件' : 'Every event').waitFor();
      await row.getByTestId('webhook-test').click();
      await owner.page
        .getByTestId('webhook-test-result')
        .getByText(zh ? '测试推送失败' : 'Test failed')
        .waitFor();
      await owner.screenshot('tab');
      const findings = (await axeFindings(owner.page, `webhooks ${viewport} ${theme} ${locale}`)).filter((finding) => !isTabsterDummy(finding));
      expect(describeFindings(findings)).toEqual([]);

      await callApi(admin, 'user/login', { username: 'showdoc', password: 'admin-pass' });
      await admin.visit('/admin/index?section=webhooks');
      await admin.page.getByTestId('webhooks').waitFor();
      await admin.page
        .getByText(
          zh ? '全站 Webhook 接收所有项目的事件：页面、目录、项目、成员和评论。' : 'Site-wide webhooks receive the events of every item: pages, catalogs, items, members and comments.',
        )
        .waitFor();
      await admin.page.getByTestId('webhook-add').click();
      await admin.page.getByRole('dialog').getByTestId('webhook-url').fill('http://10.0.0.8/hook');
      await admin.page
        .getByRole('dialog')
        .getByRole('button', { name: zh ? '保存' : 'Save' })
        .click();
      // The address guard's refusal, in the dialog.
      await admin.page
        .getByRole('dialog')
        .getByText(/10\.0\.0\.8/)
        .waitFor();
      await admin.screenshot('refused');
      await admin.page
        .getByRole('dialog')
        .getByRole('button', { name: zh ? '取消' : 'Cancel' })
        .click();
      await admin.screenshot('console');
      expect(owner.pageErrors).toEqual([]);
      expect(admin.pageErrors).toEqual([]);
      // Cleanup: the next case starts from one hook of its own.
      for (const hook of await callApi<{ webhook_id: number }[]>(owner, 'webhook/list', { item_id: itemId })) await callApi(owner, 'webhook/delete', { webhook_id: hook.webhook_id });
    } finally {
      await failing.close();
      await owner.close();
      await admin.close();
    }
  });
});
