import { createBrowserRouter } from 'react-router-dom';
import { appRoutes } from './app-routes';

export const appRouter = createBrowserRouter(appRoutes);
