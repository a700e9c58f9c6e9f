import { Button, Field, Input, MessageBar, MessageBarBody, MessageBarTitle, Select, Spinner, Switch, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, SendRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { HttpTestPrefill } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { sendThroughServer, type HttpProxyMethod, type HttpTestRequest } from '../api/send-through-server';
import { BROWSER_TIMEOUT_MS, BrowserFetchError, sendFromBrowser, type HttpTestResponse } from '../lib/send-from-browser';
import { HttpResponseView } from './http-response-view';
import { Tooltip } from '../../../components/ui/tooltip';

const METHODS: HttpProxyMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 440px), 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    padding: tokens.spacingHorizontalM,
  },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    minWidth: 0,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    // Below the sticky header (two rows on a phone) when scrolled into view.
    scrollMarginTop: '112px',
  },
  line: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  method: { width: '120px' },
  url: { flexGrow: 1, minWidth: 'min(100%, 220px)' },
  heading: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, margin: 0 },
  hint: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200, margin: 0 },
  headerRow: { display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr) auto', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  body: { '& textarea': { fontFamily: tokens.fontFamilyMonospace, minHeight: '160px' } },
  placeholder: { color: tokens.colorNeutralForeground3 },
});

interface HeaderRow {
  id: number;
  name: string;
  value: string;
}

type Outcome = { response: HttpTestResponse } | { failure: { title: string; message: string } };

/**
 * The HTTP API test tool: method, URL, header rows and body; the answer with status, time, headers
 * and body. Requests go from the browser (CORS applies) or, when the administrator allows it, from the
 * server (`/api/http-proxy`), which refuses internal addresses.
 */
export function HttpTestTool({ proxyOpen, initial }: { proxyOpen: boolean; initial?: HttpTestPrefill | null }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const nextId = useRef(Math.max(1, (initial?.headers.length ?? 0) + 1));
  const [method, setMethod] = useState<HttpProxyMethod>(() => METHODS.find((candidate) => candidate === initial?.method.toUpperCase()) ?? 'GET');
  const [url, setUrl] = useState(initial?.url ?? '');
  const [headers, setHeaders] = useState<HeaderRow[]>(() =>
    initial && initial.headers.length > 0 ? initial.headers.map(([name, value], index) => ({ id: index, name, value })) : [{ id: 0, name: '', value: '' }],
  );
  const [body, setBody] = useState(initial?.body ?? '');
  const [viaServer, setViaServer] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const responsePanel = useRef<HTMLElement>(null);
  const mobile = useIsMobile();
  const throughServer = proxyOpen && viaServer;
  // On a phone the answer is below the form: bring it into view when it arrives.
  useEffect(() => {
    if (outcome && mobile) responsePanel.current?.scrollIntoView?.({ block: 'start' });
  }, [outcome, mobile]);
  const bodyAllowed = method !== 'GET' && method !== 'HEAD';

  const setHeader = (id: number, change: Partial<HeaderRow>) => setHeaders((rows) => rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const addHeader = () => setHeaders((rows) => [...rows, { id: nextId.current++, name: '', value: '' }]);
  const removeHeader = (id: number) => setHeaders((rows) => rows.filter((row) => row.id !== id));

  const browserFailure = (error: BrowserFetchError): { title: string; message: string } => {
    if (error.reason === 'timeout') return { title: t('No answer'), message: t('The target did not answer within {{seconds}} seconds.', { seconds: BROWSER_TIMEOUT_MS / 1000 }) };
    if (error.reason === 'invalid') return { title: t('The request could not be sent'), message: error.message };
    return {
      title: t('The browser could not complete the request'),
      message: proxyOpen
        ? t('The target may be unreachable, or it does not allow requests from this site (CORS). Try sending it through the server.')
        : t('The target may be unreachable, or it does not allow requests from this site (CORS). An administrator can allow sending requests through the server.'),
    };
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const target = url.trim();
    if (!target) {
      setOutcome({ failure: { title: t('The request could not be sent'), message: t('Enter the URL to send the request to.') } });
      return;
    }
    const request: HttpTestRequest = {
      method,
      url: target,
      headers: headers.filter((row) => row.name.trim() !== '').map((row): [string, string] => [row.name.trim(), row.value]),
      body: bodyAllowed ? body : '',
    };
    setSending(true);
    setOutcome(null);
    try {
      if (throughServer) {
        const reply = await sendThroughServer(request);
        setOutcome({
          response: {
            status: reply.status,
            statusText: reply.status_text,
            headers: reply.headers,
            body: reply.body,
            size: reply.size,
            timeMs: reply.time_ms,
            via: 'server',
          },
        });
      } else {
        setOutcome({ response: await sendFromBrowser(request) });
      }
    } catch (error) {
      if (error instanceof BrowserFetchError) setOutcome({ failure: browserFailure(error) });
      else if (error instanceof ApiError) setOutcome({ failure: { title: t('The server refused the request'), message: error.message } });
      else setOutcome({ failure: { title: t('The request could not be sent'), message: (error as Error).message } });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={styles.layout}>
      <form className={styles.panel} onSubmit={(event) => void send(event)} aria-label={t('Request')} data-testid="http-request-form">
        <h2 className={styles.heading}>{t('Request')}</h2>
        <div className={styles.line}>
          <Field label={t('Method')} className={styles.method}>
            <Select name="method" value={method} onChange={(_, data) => setMethod(data.value as HttpProxyMethod)}>
              {METHODS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('URL')} className={styles.url}>
            <Input name="url" type="url" value={url} placeholder="https://api.example.com/v1/items" onChange={(_, data) => setUrl(data.value)} />
          </Field>
          <Button type="submit" appearance="primary" icon={sending ? <Spinner size="tiny" /> : <SendRegular />} disabled={sending}>
            {t('Send request')}
          </Button>
        </div>
        {proxyOpen ? (
          <div>
            <Switch checked={viaServer} label={t('Send through the server')} onChange={(_, data) => setViaServer(data.checked)} />
            <p className={styles.hint}>
              {throughServer
                ? t(
                    'The server sends the request without your cookies. Internal addresses (localhost, private networks) are refused; requests and responses are limited to 4 MB and 20 seconds.',
                  )
                : t('Your browser sends the request; the target must allow it (CORS).')}
            </p>
          </div>
        ) : (
          <p className={styles.hint}>{t('Your browser sends the request; the target must allow it (CORS).')}</p>
        )}

        <h3 className={styles.heading}>{t('Request headers')}</h3>
        {headers.map((row, index) => (
          <div key={row.id} className={styles.headerRow} data-testid="http-header-row">
            <Input aria-label={t('Header name {{n}}', { n: index + 1 })} placeholder={t('Name')} value={row.name} onChange={(_, data) => setHeader(row.id, { name: data.value })} />
            <Input aria-label={t('Header value {{n}}', { n: index + 1 })} placeholder={t('Value')} value={row.value} onChange={(_, data) => setHeader(row.id, { value: data.value })} />
            <Tooltip content={t('Remove this header')} relationship="label">
              <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => removeHeader(row.id)} />
            </Tooltip>
          </div>
        ))}
        <div>
          <Button icon={<AddRegular />} onClick={addHeader}>
            {t('Add header')}
          </Button>
        </div>

        <Field label={t('Request body')} hint={bodyAllowed ? undefined : t('GET and HEAD requests have no body.')}>
          <Textarea className={styles.body} name="body" value={body} disabled={!bodyAllowed} resize="vertical" onChange={(_, data) => setBody(data.value)} />
        </Field>
      </form>

      <section ref={responsePanel} className={styles.panel} aria-label={t('Response')} data-testid="http-response-panel">
        <h2 className={styles.heading}>{t('Response')}</h2>
        {sending && <Spinner label={t('Waiting for the answer…')} />}
        {!sending && !outcome && <p className={styles.placeholder}>{t('Send a request to see the answer here.')}</p>}
        {outcome && 'failure' in outcome && (
          <MessageBar intent="error" data-testid="http-failure">
            <MessageBarBody>
              <MessageBarTitle>{outcome.failure.title}</MessageBarTitle>
              {outcome.failure.message}
            </MessageBarBody>
          </MessageBar>
        )}
        {outcome && 'response' in outcome && <HttpResponseView response={outcome.response} />}
      </section>
    </div>
  );
}
