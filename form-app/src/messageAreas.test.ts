import { catalogues } from 'virtual:admit-catalogues';
import { describe, expect, it } from 'vitest';

import {
  AREA_NAMES,
  areaOf,
  MESSAGE_AREAS,
  messagesOfArea,
  messagesWithout,
} from './messageAreas.ts';

const english = catalogues.en ?? {};

describe('message areas', () => {
  it.each(AREA_NAMES)('"%s" names messages the catalogues hold', (area) => {
    for (const prefix of MESSAGE_AREAS[area])
      expect(
        Object.keys(english).some((id) => id.startsWith(prefix)),
        `no message starts with "${prefix}"`,
      ).toBe(true);
  });

  it('gives each id one area at the most, and every language the same split', () => {
    for (const id of Object.keys(english)) {
      const areas = AREA_NAMES.filter((area) =>
        MESSAGE_AREAS[area].some((prefix) => id.startsWith(prefix)),
      );
      expect(areas.length, id).toBeLessThanOrEqual(1);
    }
    for (const messages of Object.values(catalogues))
      expect(Object.keys(messagesOfArea(messages, 'account')).sort()).toEqual(
        Object.keys(messagesOfArea(english, 'account')).sort(),
      );
  });

  it('a page without areas keeps every other message, and the areas put back make the whole', () => {
    const page = messagesWithout(english, AREA_NAMES);
    expect(Object.keys(page).every((id) => areaOf(id) === undefined)).toBe(true);
    const whole = Object.assign(
      {},
      page,
      ...AREA_NAMES.map((area) => messagesOfArea(english, area)),
    ) as typeof english;
    expect(Object.keys(whole).sort()).toEqual(Object.keys(english).sort());
  });

  it("the validation messages are an area; SPEC §8's errors and the group headings are on every page", () => {
    const step = messagesWithout(english, AREA_NAMES);
    expect(Object.keys(step).some((id) => id.startsWith('model.validation.'))).toBe(false);
    expect(Object.keys(step).some((id) => id.startsWith('ds.validationSummary.'))).toBe(false);
    expect(step).toHaveProperty(['model.error.generic']);
    expect(step).toHaveProperty(['model.error.sessionInvalid']);
    expect(step).toHaveProperty(['model.group.heading']);
    expect(Object.keys(messagesOfArea(english, 'validation'))).toContain(
      'model.validation.tooYoung',
    );
  });

  it('an account page keeps its own texts and leaves the others out', () => {
    const page = messagesWithout(
      english,
      AREA_NAMES.filter((area) => area !== 'account'),
    );
    expect(Object.keys(page).some((id) => id.startsWith('app.account.'))).toBe(true);
    expect(Object.keys(page).some((id) => id.startsWith('app.review.'))).toBe(false);
  });
});
