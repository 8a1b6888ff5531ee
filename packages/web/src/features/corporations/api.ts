import type { CorporationEditForm, PlanCode } from '@pharmalytics/domain';
import { api } from '../../api/index.ts';

/** GET /v2/corporations/{code}: snake_case, null for empty values (spec 01 §7). */
export interface Corporation {
  corporation_code: string;
  name: string;
  plan: PlanCode;
  zip_code: string | null;
  address: string | null;
  building_name: string | null;
  technical_person_name: string | null;
  technical_person_tel: string | null;
  technical_person_email: string | null;
  billing_person_name: string | null;
  billing_person_tel: string | null;
  billing_person_email: string | null;
}

export const corporationKeys = {
  detail: (code: string) => ['corporations', code] as const,
};

export function fetchCorporation(code: string): Promise<Corporation> {
  return api.get<Corporation>(`/v2/corporations/${encodeURIComponent(code)}`);
}

export function updateCorporation(form: CorporationEditForm): Promise<Corporation> {
  return api.put<Corporation>(
    `/v2/corporations/${encodeURIComponent(form.corporation_code)}`,
    form,
  );
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
