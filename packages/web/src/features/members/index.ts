export { agreeToTerms, fetchMember, memberKeys, switchCorporation } from './api.ts';
