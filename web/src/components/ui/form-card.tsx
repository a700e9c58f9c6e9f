import { Card, Title3, makeStyles, tokens } from '@fluentui/react-components';
import type { FormEvent, ReactNode } from 'react';

const useStyles = makeStyles({
  card: { maxWidth: '420px', width: '100%', margin: `${tokens.spacingVerticalXXL} auto`, padding: tokens.spacingHorizontalXL, boxSizing: 'border-box' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  footer: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, justifyContent: 'space-between' },
});

/** The card that holds the account forms (login, register, password screens). */
export function FormCard(props: { title: string; onSubmit: () => void; children: ReactNode; footer?: ReactNode }) {
  const styles = useStyles();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <Card className={styles.card}>
      <Title3 as="h2">{props.title}</Title3>
      <form className={styles.form} onSubmit={submit} noValidate>
        {props.children}
      </form>
      {props.footer && <div className={styles.footer}>{props.footer}</div>}
    </Card>
  );
}
