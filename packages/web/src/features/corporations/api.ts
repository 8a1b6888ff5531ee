import {
  corporationContracts,
  type Corporation,
  type CorporationEditForm,
} from '@pharmalytics/domain';
import { call } from '../../api/index.ts';

export type { Corporation };

export const corporationKeys = {
  detail: (code: string) => ['corporations', code] as const,
};

export function fetchCorporation(code: string): Promise<Corporation> {
  return call(corporationContracts.get, { params: { code } });
}

export function updateCorporation(form: CorporationEditForm): Promise<Corporation> {
  return call(corporationContracts.update, {
    params: { code: form.corporation_code },
    body: form,
  });
}

/** The edit form's values: every field a string, '' for not entered. */
export function corporationFormValues(corporation: Corporation): Required<CorporationEditForm> {
  return {
    corporation_code: corporation.corporation_code,
    name: corporation.name,
    zip_code: corporation.zip_code ?? '',
    address: corporation.address ?? '',
    building_name: corporation.building_name ?? '',
    technical_person_name: corporation.technical_person_name ?? '',
    technical_person_tel: corporation.technical_person_tel ?? '',
    technical_person_email: corporation.technical_person_email ?? '',
    billing_person_name: corporation.billing_person_name ?? '',
    billing_person_tel: corporation.billing_person_tel ?? '',
    billing_person_email: corporation.billing_person_email ?? '',
  };
}

/** 〒 and a hyphen for a 7-digit postal code; anything else as it is. */
export function formatZipCode(zip: string | null | undefined): string | null {
  if (!zip) return null;
  return /^\d{7}$/.test(zip) ? `〒${zip.slice(0, 3)}-${zip.slice(3)}` : zip;
}
