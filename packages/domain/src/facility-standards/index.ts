export * from './measures.ts';
export * from './rule-schemas.ts';
export * from './evaluate-rules.ts';
export * from './revision-on-date.ts';
export * from './measure-basis.ts';
export * from './measure-api.ts';
export * from './projection.ts';
