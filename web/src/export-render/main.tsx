import { createRoot } from 'react-dom/client';
import { ExportRenderPage } from './export-render-page';

const container = document.getElementById('root');
if (container) createRoot(container).render(<ExportRenderPage />);
