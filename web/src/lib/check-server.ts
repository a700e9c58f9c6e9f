/** The API's envelope: every `/api/*` reply has this shape. */
interface Envelope<T> {
  error_code: number;
  error_message?: string;
  data?: T;
}

interface UserInfo {
  uid: number;
  username: string;
}

/** Error code the API returns when no session is attached to the request. */
const NOT_LOGGED_IN = 10102;

export type ServerStatus =
  | { kind: 'logged-in'; username: string }
  | { kind: 'not-logged-in' }
  | { kind: 'error'; message: string };

/** Asks the gateway who we are; `redirect_login=false` keeps it from answering with a redirect. */
export async function checkServer(): Promise<ServerStatus> {
  try {
    const response = await fetch('/api/user/info', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ redirect_login: 'false' }),
      credentials: 'same-origin',
    });
    if (!response.ok) return { kind: 'error', message: `HTTP ${response.status}` };
    const envelope = (await response.json()) as Envelope<UserInfo>;
    if (envelope.error_code === 0 && envelope.data) return { kind: 'logged-in', username: envelope.data.username };
    if (envelope.error_code === NOT_LOGGED_IN) return { kind: 'not-logged-in' };
    return { kind: 'error', message: `${envelope.error_code} ${envelope.error_message ?? ''}`.trim() };
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}
