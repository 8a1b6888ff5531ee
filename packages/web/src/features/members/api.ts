import { memberContracts, type Member } from '@pharmalytics/domain';
import { call } from '../../api/index.ts';

export const memberKeys = {
  detail: (id: number) => ['members', id] as const,
};

export function fetchMember(id: number): Promise<Member> {
  return call(memberContracts.get, { params: { id } });
}

/** Records agreement to the current terms and privacy policy. */
export function agreeToTerms(): Promise<Member> {
  return call(memberContracts.agree, {});
}

/** system_admin: moves the own member row to the corporation with this code. */
export function switchCorporation(memberId: number, corporationCode: string): Promise<Member> {
  return call(memberContracts.moveCorporation, {
    params: { id: memberId },
    body: { corporationCode },
  });
}
