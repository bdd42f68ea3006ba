import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app-providers';
import { appRouter } from './app-router';
import { ErrorBoundary } from './error-boundary';

export function App() {
  return (
    <ErrorBoundary>
      <AppProviders>
        <RouterProvider router={appRouter} />
      </AppProviders>
    </ErrorBoundary>
  );
}
