import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { checkServer, type ServerStatus } from './lib/check-server';

function statusText(status: ServerStatus): string {
  switch (status.kind) {
    case 'logged-in':
      return `Logged in as ${status.username}`;
    case 'not-logged-in':
      return 'Not logged in';
    case 'error':
      return `Server error: ${status.message}`;
  }
}

function App() {
  const [result, setResult] = useState<string>('');
  const [busy, setBusy] = useState(false);

  const onCheck = async () => {
    setBusy(true);
    setResult(statusText(await checkServer()));
    setBusy(false);
  };

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Quire</h1>
      <p>The web app is coming in the next release. The HTTP API is served at <code>/api</code>.</p>
      <button type="button" onClick={onCheck} disabled={busy}>
        Check server
      </button>
      <p role="status">{busy ? 'Checking…' : result}</p>
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root element is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
