export { DashboardPage } from './dashboard/index.ts';
