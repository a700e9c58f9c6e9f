import { FluentProvider, Spinner, makeStyles, tokens, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { SWRConfig, mutate } from 'swr';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { LoadingOverlay } from '../components/ui/loading-overlay';
import { PromptHost } from '../components/ui/prompt-host';
import { ToastHost } from '../components/ui/toast-host';
import { getHomePageSetting, homePageSettingKey } from '../features/admin/api/get-home-page-setting';
import { swrFetcher } from '../lib/api-client';
import i18n, { applyServerLanguage } from '../lib/i18n';
import { useThemeName } from '../lib/theme';

const useStyles = makeStyles({
  root: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  boot: { display: 'flex', minHeight: '100vh', alignItems: 'center', justifyContent: 'center' },
});

/**
 * Waits for the server's language (SPEC §1) before the first screen renders, so a zh-cn
 * site never flashes English labels; a failure falls back to English.
 */
function LanguageGate({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    getHomePageSetting()
      .then((setting) => {
        applyServerLanguage(setting.language);
        void mutate(homePageSettingKey, setting, { revalidate: false });
      })
      .catch(() => applyServerLanguage('en'))
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
  return (
    <I18nextProvider i18n={i18n}>
      {/* The page background sits on a div of its own: FluentProvider copies its className onto
          every portal (menus, popovers, dialogs), which would then cover the whole screen. */}
      <FluentProvider theme={theme === 'dark' ? webDarkTheme : webLightTheme} data-theme={theme}>
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
          <ToastHost />
          <LoadingOverlay />
        </SWRConfig>
      </FluentProvider>
    </I18nextProvider>
  );
}
