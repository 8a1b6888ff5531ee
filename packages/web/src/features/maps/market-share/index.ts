export { MarketSharePage } from './MarketSharePage.tsx';
