import { type Static } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, expectTypeOf, it } from 'vitest';

import { type Answers } from '../config/types.ts';
import { type ErrorMap } from '../validation/errors.ts';
import { type WebStatus } from '../status/webStatus.ts';
import {
  type AnswersSchema,
  DocumentAnswerSchema,
  type ErrorMapSchema,
  type Profile,
  ProfileSchema,
  WebStatusBody,
  type WebStatusSchema,
} from './contract.ts';

describe('the API contract', () => {
  it('derives its types from its schemas, and they are the model’s own', () => {
    expectTypeOf<Static<typeof WebStatusSchema>>().toEqualTypeOf<WebStatus>();
    expectTypeOf<Static<typeof AnswersSchema>>().toEqualTypeOf<Answers>();
    expectTypeOf<Static<typeof ErrorMapSchema>>().toEqualTypeOf<ErrorMap>();
    expectTypeOf<Profile['web_status'][number]['web_status']>().toEqualTypeOf<WebStatus>();
  });

  it.each<[string, unknown, boolean]>([
    ['a status SPEC §4 knows', { web_status: 'validating' }, true],
    ['an unknown status', { web_status: 'done' }, false],
    ['a field the body does not take', { web_status: 'started', extra: 1 }, false],
  ])('web-status body: %s → valid %s', (_name, body, valid) => {
    expect(Value.Check(WebStatusBody, body)).toBe(valid);
  });

  it.each<[string, unknown, boolean]>([
    ['name and size', { file_name: 'essay.pdf', file_size: 1200 }, true],
    [
      'without its size (regression: the browser’s copy made file_size optional)',
      { file_name: 'essay.pdf' },
      false,
    ],
    ['a fractional size', { file_name: 'essay.pdf', file_size: 1.5 }, false],
  ])('document answer: %s → valid %s', (_name, document, valid) => {
    expect(Value.Check(DocumentAnswerSchema, document)).toBe(valid);
  });

  it('accepts a profile as the server answers it', () => {
    const profile: Profile = {
      answer: { first_name: 'Ada', certify_checkbox: true },
      document_answer: { essay: { file_name: 'essay.pdf', file_size: 1200 } },
      username: 'ada@example.com',
      last_page: 'about',
      successful_login: [{ logged_in_at: '2026-11-21T10:00:00.000Z' }],
      web_status: [{ web_status: 'started' }],
    };
    expect(Value.Check(ProfileSchema, profile)).toBe(true);
    expect(Value.Check(ProfileSchema, { ...profile, web_status: [{ web_status: 'x' }] })).toBe(
      false,
    );
  });
});
