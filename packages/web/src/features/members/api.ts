import { api, type Member } from '../../api/index.ts';

export const memberKeys = {
  detail: (id: number) => ['members', id] as const,
};

export function fetchMember(id: number): Promise<Member> {
  return api.get<Member>(`/v2/members/${id}`);
}

/** Records agreement to the current terms and privacy policy. */
export function agreeToTerms(): Promise<Member> {
  return api.patch<Member>('/v2/members/agreement');
}

/** system_admin: moves the own member row to the corporation with this code. */
export function switchCorporation(memberId: number, corporationCode: string): Promise<Member> {
  return api.put<Member>(`/v2/members/${memberId}/corporations`, { corporationCode });
}
