import { useEffect } from 'react';
import { getNotices } from '../api/get-notices';

/**
 * SPEC §2 item list: the newest unread notice, polled once with `notice_type=unread, count=1`.
 * The caller shows it (a toast for 10 s). Failures are silent: the toast is a courtesy.
 */
export function useUnreadNotice(onUnread: (title: string) => void): void {
  useEffect(() => {
    let live = true;
    getNotices('unread', 1, { alert: false })
      .then((notices) => {
        if (live && notices.length > 0) onUnread(notices[0].notice_title);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- polled once when the list opens, not again for each new `onUnread` of a render
  }, []);
}
