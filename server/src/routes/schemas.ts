/** Shared route schemas (TypeBox → JSON Schema → validation and the OpenAPI document). */
import { ErrorBodySchema } from '@admit/form-model/api';
import { Type } from 'typebox';

// The payloads both sides share are declared once, in form-model's API contract.
export { Body, ErrorMapSchema, MessageSchema as Message } from '@admit/form-model/api';

export const errorResponses = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  415: ErrorBodySchema,
  429: ErrorBodySchema,
  500: ErrorBodySchema,
} as const;

const text = (maxLength: number) => Type.String({ maxLength });
export const Username = text(254);
export const Password = text(4096);
