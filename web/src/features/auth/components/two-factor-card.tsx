import { Badge, Button, Card, Field, Input, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { showSuccess } from '../../../lib/toast';
import { disableTwoFactor, regenerateRecoveryCodes, useTwoFactorStatus } from '../api/two-factor';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorEnrolment } from './two-factor-enrolment';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXL },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  hint: { margin: 0, color: tokens.colorNeutralForeground3 },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '140px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** Issue 21, in personal settings: turn two-factor sign-in on (QR code, first code, recovery codes) or off. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: status, isLoading } = useTwoFactorStatus();
  const [enrolling, setEnrolling] = useState(false);
  const [codes, setCodes] = useState<string[]>([]);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState('');

  const withCode = async (work: (code: string) => Promise<void>) => {
    setFailure('');
    try {
      await work(code.trim());
      setCode('');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setFailure(error.message);
    }
  };

  if (isLoading || !status) return <Spinner />;
  return (
    <Card className={styles.card} data-testid="two-factor">
      <h2 className={styles.heading}>
        {t('Two-factor sign-in')}
        {status.enabled ? <Badge color="success">{t('On')}</Badge> : <Badge color="informative">{t('Not set up')}</Badge>}
        {status.required && <Badge color="warning">{t('Required by this site')}</Badge>}
      </h2>
      <p className={styles.hint}>{t('After your password, sign-in asks for a code from an authenticator app on your phone.')}</p>
      {codes.length > 0 && <RecoveryCodes codes={codes} />}
      {!status.enabled && !enrolling && (
        <Button appearance="primary" onClick={() => setEnrolling(true)} data-testid="two-factor-start">
          {t('Set up two-factor sign-in')}
        </Button>
      )}
      {!status.enabled && enrolling && (
        <TwoFactorEnrolment
          onEnabled={(recoveryCodes) => {
            setEnrolling(false);
            setCodes(recoveryCodes);
            showSuccess(t('Two-factor sign-in is on'));
          }}
        />
      )}
      {status.enabled && (
        <>
          <span>{t('{{count}} recovery codes left', { count: status.recovery_codes_left })}</span>
          <div className={styles.row}>
            <Field className={styles.grow} label={t('Code from the app or a recovery code')}>
              <Input value={code} autoComplete="one-time-code" onChange={(_, data) => setCode(data.value)} data-testid="two-factor-manage-code" />
            </Field>
            <Button
              onClick={() =>
                void withCode(async (typed) => {
                  setCodes((await regenerateRecoveryCodes(typed)).recovery_codes);
                  showSuccess(t('New recovery codes made'));
                })
              }
            >
              {t('New recovery codes')}
            </Button>
            {!status.required && (
              <Button
                onClick={() =>
                  void withCode(async (typed) => {
                    await disableTwoFactor(typed);
                    setCodes([]);
                    showSuccess(t('Two-factor sign-in is off'));
                  })
                }
                data-testid="two-factor-disable"
              >
                {t('Turn off')}
              </Button>
            )}
          </div>
        </>
      )}
      {failure && (
        <span className={styles.error} role="alert">
          {failure}
        </span>
      )}
    </Card>
  );
}
