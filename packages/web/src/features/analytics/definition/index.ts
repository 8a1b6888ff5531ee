export { DefinitionHint } from './DefinitionHint.tsx';
