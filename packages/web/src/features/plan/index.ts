export { PlanChangePage } from './PlanChangePage.tsx';
