import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { router } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('#root element is missing from index.html');

window.addEventListener('unhandledrejection', (event) => {
  // API failures were already shown (alert) or logged (network); keep them off the console's error list twice.
  if (event.reason instanceof Error && event.reason.name === 'ApiError') event.preventDefault();
});

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
