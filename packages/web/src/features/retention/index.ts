export { RetentionPage } from './RetentionPage.tsx';
export { CsvButton, Downloads, Section } from './RetentionPage.tsx';
