import { Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  input: { flexGrow: 1, minWidth: 0 },
  image: { height: '32px', minWidth: '88px', cursor: 'pointer', borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke1}`, imageRendering: 'pixelated' },
});

/** The verification code input with its image; clicking the image (or bumping `src`) loads a new code. */
export function CaptchaField(props: { value: string; onChange: (value: string) => void; src: string; onRefresh: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Field label={t('Verification code')} required>
      <div className={styles.row}>
        <Input className={styles.input} name="v_code" value={props.value} autoComplete="off" inputMode="numeric" onChange={(_, data) => props.onChange(data.value)} />
        <img className={styles.image} src={props.src} alt={t('Verification code image')} title={t('Click to refresh')} onClick={props.onRefresh} data-testid="captcha-image" />
      </div>
    </Field>
  );
}
