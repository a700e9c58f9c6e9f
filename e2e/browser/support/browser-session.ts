import * as fs from 'node:fs';
import * as path from 'node:path';
import { findBinary } from '@quire/testing';
import { type APIResponse, type Browser, type BrowserContext, type Locator, type Page, chromium } from 'playwright-core';

/** Debian's chromium (`apt-get install chromium`, see .ci/run): /usr/bin/chromium. */
export const CHROMIUM = findBinary('chromium') ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(__dirname, '..', '..', 'artifacts', 'screenshots');

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** One look of a screen in the browser suites: width, theme and language. */
export type ScreenLook = [ViewportName, 'light' | 'dark', 'en-US' | 'zh-CN'];

/** Four looks that between them show every width, theme and language (and each width in both themes). */
export const EVERY_LOOK: readonly ScreenLook[] = [
  ['desktop', 'light', 'en-US'],
  ['desktop', 'dark', 'zh-CN'],
  ['mobile', 'light', 'zh-CN'],
  ['mobile', 'dark', 'en-US'],
];

/**
 * Debian's chromium, headless. Playwright's `launch` gives every browser a fresh temporary
 * profile (the `--user-data-dir` it passes itself), removed on close.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * Every Content-Security-Policy violation that any visitor's pages reported, as `label: what was refused`.
 * Each test must leave it empty: the app runs under the gateway's CSP (gateway/src/http/security-headers.ts),
 * and a refused script, style, image or request is a screen that does not work.
 */
const cspViolations: string[] = [];

afterEach(() => {
  expect(cspViolations.splice(0)).toEqual([]);
});

afterAll(() => {
  expect(cspViolations.splice(0)).toEqual([]);
});

/** Reports each `securitypolicyviolation` event of the page to the test (runs in the page, before its scripts). */
function listenForCspViolations(): void {
  document.addEventListener('securitypolicyviolation', (event) => {
    const report = (window as unknown as { __quireCspViolation: (text: string) => void }).__quireCspViolation;
    report(`${location.pathname}: ${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
  });
}

/** One visitor: a context with its own cookies, at the given width, recording what the console says. */
export class BrowserVisitor {
  readonly consoleErrors: string[] = [];
  readonly pageErrors: string[] = [];
  private shots = 0;

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly viewport: ViewportName,
    private readonly label: string,
    private readonly baseUrl: string,
  ) {
    page.on('console', (message) => {
      if (message.type() === 'error') this.consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => this.pageErrors.push(error.message));
  }

  /**
   * `locale` is the browser's language (navigator.languages, Accept-Language). By default one the app does
   * not speak, so that the server's LANGUAGE decides as a test sets it; language tests choose `en-US` or `zh-CN`.
   */
  static async open(browser: Browser, baseUrl: string, viewport: ViewportName, label: string, options: { locale?: string } = {}): Promise<BrowserVisitor> {
    // Screenshots of an earlier run with the same label would mix with this run's.
    if (fs.existsSync(SCREENSHOT_DIR)) {
      for (const file of fs.readdirSync(SCREENSHOT_DIR)) if (file.startsWith(`${label}-${viewport}-`)) fs.rmSync(path.join(SCREENSHOT_DIR, file));
    }
    const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORTS[viewport], locale: options.locale ?? 'fr-FR' });
    // Long enough for a loaded CI machine (see test-timeout.ts); a wait that fails still fails, only later.
    context.setDefaultTimeout(30_000);
    // Both ways: the event (with its directive) and chromium's console line, for every page of the context.
    await context.exposeBinding('__quireCspViolation', (_source, text: string) => cspViolations.push(`${label}: ${text}`));
    await context.addInitScript(listenForCspViolations);
    context.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(`${label}: ${message.text()}`);
    });
    return new BrowserVisitor(context, await context.newPage(), viewport, label, baseUrl);
  }

  /**
   * POSTs a form to an app path with the visitor's cookies, as the app's own pages do: Playwright's
   * request API adds no Origin, and the server takes no change carried by the cookie without one.
   */
  post(pathname: string, form: Record<string, string | number>): Promise<APIResponse> {
    return this.page.request.post(pathname, { form, headers: { origin: this.baseUrl } });
  }

  /** Opens an app path and waits for the first screen (the language gate resolves before it). */
  async visit(pathname: string): Promise<void> {
    await this.page.goto(pathname);
    await this.page.locator('header').first().waitFor();
  }

  async cookie(name: string): Promise<string | undefined> {
    return (await this.context.cookies()).find((cookie) => cookie.name === name)?.value;
  }

  /** Writes `e2e/artifacts/screenshots/<label>-<viewport>-<nn>-<name>.png` for a person to look at. */
  async screenshot(name: string): Promise<void> {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    // Fluent's dialogs and drawers move with the Web Animations API: let them settle first.
    await this.page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    this.shots += 1;
    const file = `${this.label}-${this.viewport}-${String(this.shots).padStart(2, '0')}-${name}.png`;
    await this.page.screenshot({ path: path.join(SCREENSHOT_DIR, file), fullPage: false });
  }

  /**
   * A header action by its name: a button or link of the header, or, at 390 px where the header folds its actions
   * into "More actions", the menu item after opening that menu.
   */
  async headerAction(name: string): Promise<Locator> {
    const more = this.page.getByTestId('header-more');
    if (this.viewport === 'mobile' && (await more.count()) > 0) {
      await more.click();
      return this.page.getByRole('menuitem', { name, exact: true });
    }
    // A link for a route, a button for a command.
    const header = this.page.locator('header');
    return header
      .getByRole('link', { name, exact: true })
      .or(header.getByRole('button', { name, exact: true }))
      .first();
  }

  /** Waits until the captcha image has loaded (its code is then in the KeyValueStore). */
  async captchaLoaded(): Promise<void> {
    await this.page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('[data-testid="captcha-image"]');
      return Boolean(image && image.complete && image.naturalWidth > 0);
    });
  }

  /** Waits for the app's alert dialog showing `text`, closes it with OK and returns all its text. */
  async acceptAlert(text: string | RegExp): Promise<string> {
    const dialog = this.page.getByRole('alertdialog').filter({ hasText: text });
    await dialog.waitFor();
    const content = (await dialog.textContent()) ?? '';
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    return content;
  }

  /**
   * Waits for a new success toast showing `text` and checks that no dialog asks for an answer: routine successes
   * are told by a toast that goes by itself. The toast is marked as seen, so a second save waits for its own.
   */
  async expectToast(text: string | RegExp): Promise<void> {
    const toast = this.page.locator('[data-testid="success-toast"]:not([data-seen])').filter({ hasText: text }).first();
    await toast.waitFor();
    await toast.evaluate((element) => element.setAttribute('data-seen', ''));
    // A dialog that answered a question just before closes with its animation; none may stay open.
    await this.page.getByRole('alertdialog').first().waitFor({ state: 'detached' });
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}
