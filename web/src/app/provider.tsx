import { FluentProvider, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { SWRConfig, mutate } from 'swr';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { LoadingOverlay } from '../components/ui/loading-overlay';
import { PromptHost } from '../components/ui/prompt-host';
import { DeferredToastHost } from '../components/ui/deferred-toast-host';
import { getHomePageSetting, homePageSettingKey } from '../features/admin/api/get-home-page-setting';
import { swrFetcher } from '../lib/api-client';
import { getUserInfo, userInfoKey } from '../features/auth/api/get-user-info';
import i18n from '../lib/i18n';
import { noteServerLanguage, noteUser, startWithoutServer } from '../lib/language';
import { useThemeName } from '../lib/theme';
import { useFluentTheme } from '../lib/themes';

const useStyles = makeStyles({
  root: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  boot: { display: 'flex', minHeight: '100vh', alignItems: 'center', justifyContent: 'center' },
  // The dark theme's page background (colorNeutralBackground2) while its tokens download: no white flash.
  darkWait: { minHeight: '100vh', backgroundColor: '#1f1f1f' },
});

/**
 * Shows the first screen in the reader's language (lib/language.ts), never flashing another: at once
 * when a choice or the browser's language tells it, else after the server's default (SPEC §1). The
 * signed-in user's setting arrives beside the first screen (user/info) and switches it if it differs;
 * a failure falls back to English.
 */
function LanguageGate({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    // Both answers go into SWR's cache (not `preload`, whose promise would outlive a logout).
    const setting = getHomePageSetting().then(
      (loaded) => {
        void mutate(homePageSettingKey, loaded, { revalidate: false });
        return noteServerLanguage(loaded.language);
      },
      () => noteServerLanguage('en'),
    );
    getUserInfo(false).then(
      (user) => void mutate(userInfoKey(false), user, { revalidate: false }),
      () => void noteUser(null),
    );
    void startWithoutServer()
      .then((started) => (started ? undefined : setting))
      .finally(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  if (!ready) {
    return (
      <div className={styles.boot}>
        <Spinner />
      </div>
    );
  }
  return <>{children}</>;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const theme = useThemeName();
  const fluentTheme = useFluentTheme(theme);
  // The dark theme's tokens are still downloading (a few KB, alongside the first API call).
  if (!fluentTheme) return <div className={styles.darkWait} />;
  return (
    <I18nextProvider i18n={i18n}>
      {/* The page background sits on a div of its own: FluentProvider copies its className onto
          every portal (menus, popovers, dialogs), which would then cover the whole screen. */}
      <FluentProvider theme={fluentTheme} data-theme={theme}>
        <SWRConfig
          value={{
            fetcher: swrFetcher,
            // The client alerts on every failed call: retries and focus refetches would repeat the alert.
            shouldRetryOnError: false,
            revalidateOnFocus: false,
          }}
        >
          <div className={styles.root}>
            <ErrorBoundary>
              <LanguageGate>{children}</LanguageGate>
            </ErrorBoundary>
          </div>
          <PromptHost />
          <DeferredToastHost />
          <LoadingOverlay />
        </SWRConfig>
      </FluentProvider>
    </I18nextProvider>
  );
}
