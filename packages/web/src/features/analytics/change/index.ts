export { ChangeBadge } from './ChangeBadge.tsx';
export { changeStyle, type ChangeStyle } from './changeStyle.ts';
