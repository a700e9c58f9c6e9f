import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { freePort } from './free-port';

/** What an account of the test provider says about its user (ID token and userinfo claims). */
export interface OidcAccountClaims {
  preferred_username?: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
}

export interface OidcProviderProcess {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Signs `account` in at the provider for an authorization URL, as a browser would (the provider's own login and
   * consent forms), and returns the URL the provider sends the browser back to (the redirect URI with `code` and
   * `state`, or with `error`).
   */
  signIn(authorizationUrl: string, account: string): Promise<string>;
  stop(): Promise<void>;
}

const SERVER = path.resolve(__dirname, '..', 'oidc-provider', 'server.mjs');

/** Starts a real OpenID provider (`oidc-provider`) on a free loopback port, with one client and these accounts. */
export async function startOidcProvider(options: { redirectUris: string[]; accounts: Record<string, OidcAccountClaims> }): Promise<OidcProviderProcess> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'quire-test';
  const clientSecret = `secret-${port}-${Date.now()}`;
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      OIDC_PORT: String(port),
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_REDIRECT_URIS: options.redirectUris.join(','),
      OIDC_ACCOUNTS: JSON.stringify(options.accounts),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`oidc-provider did not start in 20 s:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`oidc-provider exited (${code}):\n${output}`));
    });
  });

  const signIn = async (authorizationUrl: string, account: string): Promise<string> => {
    const cookies = new Map<string, string>();
    const send = async (url: string, init: RequestInit = {}): Promise<Response> => {
      const headers = new Headers(init.headers);
      if (cookies.size > 0) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
      const response = await fetch(url, { ...init, headers, redirect: 'manual' });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return response;
    };
    let response = await send(authorizationUrl);
    for (let step = 0; step < 12; step++) {
      const location = response.headers.get('location');
      if (location) {
        const next = new URL(location, issuer).toString();
        if (!next.startsWith(issuer)) return next;
        response = await send(next);
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`oidc-provider answered ${response.status} without a form:\n${html.slice(0, 500)}`);
      const form = new URLSearchParams();
      for (const input of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) form.set(input[1], input[2]);
      if (html.includes('name="login"')) {
        form.set('login', account);
        form.set('password', 'any');
      }
      response = await send(new URL(action, issuer).toString(), { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    }
    throw new Error('oidc-provider: no redirect back after 12 steps');
  };

  return {
    issuer,
    clientId,
    clientSecret,
    signIn,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
