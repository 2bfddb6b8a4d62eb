export { webRoutes } from './routes';
