import { launchChromium } from './support/browser-session';
import { ensureWebBuilt } from './support/ensure-web-build';
import { startQuire } from './support/quire-app';
it('debug', async () => {
  const quire = await startQuire(await ensureWebBuilt());
  const browser = await launchChromium();
  const ctx = await browser.newContext({ baseURL: quire.baseUrl });
  const page = await ctx.newPage();
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  // register via API
  await page.goto('/user/register');
  await page.waitForFunction(() => (document.querySelector('[data-testid="captcha-image"]') as HTMLImageElement | null)?.naturalWidth ?? 0 > 0);
  const client = (await ctx.cookies()).find((c) => c.name === 'quire_client')!.value;
  const code = await quire.captchaCode(client);
  const r = await page.request.post('/api/user/register', { form: { username: 'dbg1', password: 'pass-1234', confirm_password: 'pass-1234', v_code: code } });
  console.log(await r.text());
  const add = await page.request.post('/api/item/add', { form: { item_name: 'M', item_type: 1 } });
  const itemId = (await add.json()).data.item_id;
  await page.request.post('/api/page/save', { form: { item_id: itemId, page_id: 0, page_title: 'P', page_content: 'Inline $E = mc^2$ math.' } });
  await page.goto(`/${itemId}`);
  await page.locator('.katex').first().waitFor();
  console.log(await page.evaluate(() => { const m = document.querySelector('.katex-mathml'); return m ? [getComputedStyle(m).position, getComputedStyle(m).clipPath, m.outerHTML.slice(0, 300), [...document.styleSheets].map((s) => s.href).join(',')] : 'none'; }));
  console.log(await page.evaluate(() => document.querySelector('[data-testid="markdown-body"]')!.innerHTML.slice(0, 1500)));
  await browser.close();
  await quire.close();
}, 60000);
