import { Badge, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { prettyBody, type HttpTestResponse } from '../lib/send-from-browser';

const useStyles = makeStyles({
  status: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM },
  figure: { color: tokens.colorNeutralForeground2 },
  heading: { fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold, margin: `${tokens.spacingVerticalM} 0 ${tokens.spacingVerticalXS}` },
  headers: { tableLayout: 'fixed', width: '100%' },
  name: { width: '35%', fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  value: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  body: {
    margin: 0,
    padding: tokens.spacingHorizontalM,
    maxHeight: '60vh',
    overflow: 'auto',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  empty: { color: tokens.colorNeutralForeground3 },
});

const statusColor = (status: number) => (status >= 500 ? 'danger' : status >= 400 ? 'warning' : status >= 300 ? 'informative' : 'success');

/** The answer: status, time, size, headers and body (indented when it is JSON). */
export function HttpResponseView({ response }: { response: HttpTestResponse }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const body = useMemo(() => prettyBody(response.body, response.headers), [response]);
  return (
    <div data-testid="http-response">
      <div className={styles.status}>
        <Badge size="large" appearance="filled" color={statusColor(response.status)} data-testid="http-status">
          {`${response.status} ${response.statusText}`.trim()}
        </Badge>
        <span className={styles.figure} data-testid="http-time">
          {t('{{ms}} ms', { ms: response.timeMs })}
        </span>
        <span className={styles.figure}>{t('{{bytes}} bytes', { bytes: response.size })}</span>
        <span className={styles.figure}>{response.via === 'server' ? t('Sent by the server') : t('Sent by your browser')}</span>
      </div>
      {response.via === 'server' && response.status >= 300 && response.status < 400 && <p className={styles.figure}>{t('Redirects are shown as they came; they are not followed.')}</p>}
      <h3 className={styles.heading}>{t('Response headers')}</h3>
      {response.headers.length === 0 ? (
        <p className={styles.empty}>{t('No headers')}</p>
      ) : (
        <Table size="extra-small" className={styles.headers} aria-label={t('Response headers')} data-testid="http-response-headers">
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.name}>{t('Header')}</TableHeaderCell>
              <TableHeaderCell>{t('Value')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {response.headers.map(([name, value], index) => (
              <TableRow key={`${name}-${index}`}>
                <TableCell className={styles.name}>{name}</TableCell>
                <TableCell className={styles.value}>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <h3 className={styles.heading}>{body.json ? t('Response body (JSON, formatted)') : t('Response body')}</h3>
      {response.body === '' ? (
        <p className={styles.empty}>{t('Empty body')}</p>
      ) : (
        <pre className={styles.body} data-testid="http-response-body">
          {body.text}
        </pre>
      )}
    </div>
  );
}
