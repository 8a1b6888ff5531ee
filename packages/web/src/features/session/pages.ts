export { NoticePage } from './notice/NoticePage.tsx';
