export * from './demo-accounts.ts';
