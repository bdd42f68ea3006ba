import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/register-service-worker';
import { applyThemePreference, readThemePreference } from './features/theme/theme.storage';
import './index.css';

// Apply the stored theme before the first paint (no inline script: the server's CSP forbids them).
applyThemePreference(readThemePreference());

// docs/product-spec.md §8: unhandled promise rejections are swallowed; global errors are logged as warnings.
window.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  console.warn('Unhandled promise rejection', event.reason);
});
window.addEventListener('error', (event) => {
  console.warn('Global error', event.error ?? event.message);
});

registerServiceWorker();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root element missing from index.html');

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
