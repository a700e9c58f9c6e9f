import { Button, Field, Input, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import type { LoggedInUser } from '@quire/proto';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { enableTwoFactor, setupTwoFactor, type TwoFactorSetup } from '../api/two-factor';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  qr: { alignSelf: 'center', width: '200px', height: '200px', imageRendering: 'pixelated', backgroundColor: '#fff', padding: '4px', borderRadius: tokens.borderRadiusMedium },
  secret: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '140px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * Setting a second factor up: the QR code (and the secret, to type in), then a first code turns it on. With a
 * login's `challenge`, the login completes and `onEnabled` gets the user too.
 */
export function TwoFactorEnrolment(props: { challenge?: string; onEnabled: (recoveryCodes: string[], user?: LoggedInUser) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [setup, setSetup] = useState<TwoFactorSetup>();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState('');

  useEffect(() => {
    let current = true;
    setupTwoFactor(props.challenge)
      .then((made) => current && setSetup(made))
      .catch((error: unknown) => current && setFailure(error instanceof ApiError ? error.message : String(error)));
    return () => {
      current = false;
    };
  }, [props.challenge]);

  const confirm = async () => {
    setFailure('');
    try {
      const enabled = await enableTwoFactor(code.trim(), props.challenge);
      props.onEnabled(enabled.recovery_codes, enabled.user);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setFailure(error.message);
      setCode('');
    }
  };

  if (!setup)
    return failure ? (
      <span className={styles.error} role="alert">
        {failure}
      </span>
    ) : (
      <Spinner />
    );
  return (
    <div className={styles.root} data-testid="two-factor-enrolment">
      <span>{t('Scan this QR code with an authenticator app, then type the six-digit code it shows.')}</span>
      <img className={styles.qr} src={setup.qrcode} alt={t('QR code to set up the authenticator app')} />
      <span>
        {t('Or type this key into the app:')}{' '}
        <code className={styles.secret} data-testid="two-factor-secret">
          {setup.secret}
        </code>
      </span>
      <div className={styles.row}>
        <Field className={styles.grow} label={t('Code from the app')}>
          <Input value={code} inputMode="numeric" autoComplete="one-time-code" maxLength={6} onChange={(_, data) => setCode(data.value)} data-testid="two-factor-code" />
        </Field>
        <Button appearance="primary" onClick={() => void confirm()} data-testid="two-factor-confirm">
          {t('Turn on')}
        </Button>
      </div>
      {failure && (
        <span className={styles.error} role="alert">
          {failure}
        </span>
      )}
    </div>
  );
}
