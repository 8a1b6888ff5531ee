import { prefectureContracts, type Prefecture } from '@pharmalytics/domain';
import { call } from '../../api/index.ts';

export type { Prefecture };

export const prefectureKeys = {
  all: ['prefectures'] as const,
};

/** Public: the new-account form needs it before an account exists. */
export function fetchPrefectures(): Promise<Prefecture[]> {
  return call(prefectureContracts.list, {});
}
