import { z } from 'zod';
import { GEOCODE_LEVELS, INPUT_LIMITS, LIMITS } from '../constants.ts';
import { FIELD_LABELS, FORM_MESSAGES } from '../messages.ts';
import { boundedText, decimalInteger } from '../schemas/primitives.ts';
import { endpoint } from './endpoint.ts';

/** An address a postal code stands for. */
export const zipAddressSchema = z.object({
  prefectureId: z.number().int(),
  prefecture: z.string(),
  cityCode: z.string(),
  city: z.string(),
  town: z.string(),
});
export type ZipAddress = z.infer<typeof zipAddressSchema>;

/** Coordinates of an address, and how deep it matched. */
export const geocodeResultSchema = z.object({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  level: z.enum(GEOCODE_LEVELS),
  city: z.string().optional(),
  town: z.string().optional(),
});
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;

/** Offline address services for the store form: zip → address, address → coordinates. */
export const geocodingContracts = {
  zipCode: endpoint({
    method: 'GET',
    path: '/v3/geocoding/zip_codes/:zipCode',
    tag: 'geocoding',
    summary: 'The addresses of a postal code',
    params: z.object({ zipCode: boundedText({ label: FIELD_LABELS.zipCode, max: 20 }) }),
    responses: {
      200: z.object({ zipCode: z.string(), addresses: z.array(zipAddressSchema) }),
    },
  }),
  address: endpoint({
    method: 'GET',
    path: '/v3/geocoding/address',
    tag: 'geocoding',
    summary: 'The coordinates of an address',
    query: z.object({
      prefectureId: decimalInteger({
        label: FIELD_LABELS.prefecture,
        min: 1,
        max: INPUT_LIMITS.prefectureCount,
        error: FORM_MESSAGES.storePrefectureRequired,
      }),
      city: boundedText({ label: FIELD_LABELS.city, max: LIMITS.cityMax }).default(''),
      block: boundedText({ label: FIELD_LABELS.block, max: LIMITS.blockMax }).default(''),
    }),
    responses: { 200: geocodeResultSchema },
  }),
};
