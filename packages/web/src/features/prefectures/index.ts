export { fetchPrefectures, prefectureKeys, type Prefecture } from './api.ts';
