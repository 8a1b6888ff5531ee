export * from './auth.ts';
export * from './signUp.ts';
export * from './profile.ts';
export * from './corporation.ts';
export * from './invite.ts';
export * from './store.ts';
export * from './invitationRegistration.ts';
export * from './analysis.ts';
