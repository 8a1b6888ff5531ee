export { RetentionPage } from './RetentionPage.tsx';
export { CsvButton, Section } from './RetentionPage.tsx';
