export {
  AnalysisPanels,
  type AnalysisPanelsProps,
  type AnalysisPanelsState,
} from './AnalysisPanels.tsx';
