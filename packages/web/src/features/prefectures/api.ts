import { api } from '../../api/index.ts';

export interface Prefecture {
  id: number;
  name: string;
}

export const prefectureKeys = {
  all: ['prefectures'] as const,
};

/** Public: the new-account form needs it before an account exists. */
export function fetchPrefectures(): Promise<Prefecture[]> {
  return api.get<Prefecture[]>('/v2/prefectures');
}
