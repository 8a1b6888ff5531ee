import { z } from 'zod';
import { INPUT_LIMITS, LIMITS } from '../constants.ts';
import { FIELD_LABELS, FORM_MESSAGES } from '../messages.ts';
import {
  optionalDigits,
  optionalEmail,
  optionalTel,
  optionalText,
  requiredText,
} from './fields.ts';
import { decimalCode } from './primitives.ts';

const corporationCode = () =>
  decimalCode(
    FIELD_LABELS.corporationCode,
    INPUT_LIMITS.corporationCodeDigits,
    FORM_MESSAGES.corporationCodeDigits,
  );

/** Corporation switch of system_admin (PUT /v2/members/{id}/corporations). */
export const corporationCodeSchema = z.object({
  corporationCode: corporationCode(),
});
export type CorporationCodeForm = z.infer<typeof corporationCodeSchema>;

/** Corporation edit form; field names are those of PUT /v2/corporations/{code}. */
export const corporationEditSchema = z.object({
  corporation_code: corporationCode(),
  name: requiredText(FIELD_LABELS.corporationName, LIMITS.nameMax),
  zip_code: optionalDigits(FIELD_LABELS.zipCode, LIMITS.zipMax),
  address: optionalText(FIELD_LABELS.address, LIMITS.addressMax),
  building_name: optionalText(FIELD_LABELS.buildingName, LIMITS.buildingMax),
  technical_person_name: optionalText(FIELD_LABELS.technicalPersonName, LIMITS.nameMax),
  technical_person_tel: optionalTel(FIELD_LABELS.technicalPersonTel),
  technical_person_email: optionalEmail(FIELD_LABELS.technicalPersonEmail),
  billing_person_name: optionalText(FIELD_LABELS.billingPersonName, LIMITS.nameMax),
  billing_person_tel: optionalTel(FIELD_LABELS.billingPersonTel),
  billing_person_email: optionalEmail(FIELD_LABELS.billingPersonEmail),
});
export type CorporationEditForm = z.infer<typeof corporationEditSchema>;
