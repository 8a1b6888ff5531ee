import { z } from 'zod';
import { INPUT_LIMITS, LIMITS } from '../constants.ts';
import { FIELD_LABELS, FORM_MESSAGES, V } from '../messages.ts';
import { emptyOrMatching, optionalTel, optionalText, requiredText } from './fields.ts';
import { decimalCode, prefectureId, stop, text } from './primitives.ts';

const ZIP_CODE = /^[0-9]{7}$/;
const TEN_DIGITS = /^[0-9]{10}$/;
/** Prefecture number 01–47, point table 1 (medical), 3 (dental) or 4 (pharmacy), 7 digits. */
const INSURANCE_INSTITUTION_CODE = /^(0[1-9]|[1-3][0-9]|4[0-7])[134][0-9]{7}$/;

/** Store registration and edit form (POST /v3/branches, PUT /v3/branches/{storeCode}). */
export const storeFormSchema = z.object({
  name: requiredText(FIELD_LABELS.storeName, LIMITS.storeNameMax),
  prefectureId: prefectureId(FORM_MESSAGES.storePrefectureRequired),
  zipCode: text()
    .max(LIMITS.zipMax, stop(V.maxLength(FIELD_LABELS.zipCode, LIMITS.zipMax)))
    .refine(emptyOrMatching(ZIP_CODE), stop(FORM_MESSAGES.zipFormat))
    .optional(),
  city: optionalText(FIELD_LABELS.city, LIMITS.cityMax),
  block: optionalText(FIELD_LABELS.block, LIMITS.blockMax),
  buildingName: optionalText(FIELD_LABELS.buildingName, LIMITS.buildingMax),
  insuranceInstitutionCode: text()
    .refine(emptyOrMatching(TEN_DIGITS), stop(V.tenDigits))
    .refine(
      emptyOrMatching(INSURANCE_INSTITUTION_CODE),
      stop(FORM_MESSAGES.insuranceInstitutionCodeFormat),
    )
    .optional(),
  managementPharmacistName: optionalText(
    FIELD_LABELS.managementPharmacistName,
    LIMITS.managementPharmacistMax,
  ),
  tel: optionalTel(FIELD_LABELS.tel),
});
export type StoreForm = z.infer<typeof storeFormSchema>;

/** Store delete dialog (DELETE /v3/branches/{storeCode}). */
export const storeDeleteSchema = z.object({
  password: requiredText(FIELD_LABELS.password),
});
export type StoreDeleteForm = z.infer<typeof storeDeleteSchema>;

/** The `:storeCode` of a store's routes. */
export const storeCodeParamsSchema = z.object({
  storeCode: decimalCode(FIELD_LABELS.storeCode, INPUT_LIMITS.storeCodeDigits),
});
