/** Shared route schemas (TypeBox → JSON Schema → validation and the OpenAPI document). */
import { type TProperties, Type } from 'typebox';

/** `{message}`: every answer and every error (SPEC §7, §8). */
export const Message = Type.Object({ message: Type.String() }, { $id: 'Message' });

/** An error map: field → its messages (SPEC §3). */
export const ErrorMapSchema = Type.Record(
  Type.String({ maxLength: 100 }),
  Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 20 }),
);

/** An error body: the message, and per-field messages when a form was refused. */
export const ErrorBody = Type.Object({
  message: Type.String(),
  errors: Type.Optional(ErrorMapSchema),
  code: Type.Optional(Type.String()),
});

export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  415: ErrorBody,
  429: ErrorBody,
  500: ErrorBody,
} as const;

const text = (maxLength: number) => Type.String({ maxLength });
export const Username = text(254);
export const Password = text(4096);

/**
 * A JSON request body with exactly these fields: any other key is refused (400, naming it),
 * so a misspelt or forged field never passes unnoticed. Every fixed-shape body uses it.
 */
export function Body<Properties extends TProperties>(properties: Properties) {
  return Type.Object(properties, { additionalProperties: false });
}
