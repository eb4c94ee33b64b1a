/**
 * Checks a college's pages once, at load, and reports every problem at once (STYLE: a
 * config is validated at load). This replaces SPEC §5's "configuration error on a local
 * development host" with a check that cannot be skipped.
 *
 * The college's pages are the catalogue of its answer keys: any key may be asked, once. A
 * problem names where it is (the step's file, the JSON path inside it, the section and the
 * key), because a college's staff read these, not its developers.
 */
import { conditionKeys } from '../conditions/evaluate.ts';
import { type ConditionExpr } from '../conditions/types.ts';
import { descKey } from '../keys/desc.ts';
import { LIST_CODES } from '../options/codes.ts';
import { isQuestion, questionKeys, writtenBlockLists } from './blocks.ts';
import { GROUP_NUMBER, groupItems, MAX_ADD_ANOTHER } from './groups.ts';
import { kindOf } from './kinds.ts';
import {
  type AddAnotherBlock,
  type Block,
  type PageConfig,
  type Question,
  type RuleRef,
} from './types.ts';

/** A problem of a college's pages, with where it is. */
export interface PageProblem {
  /** The step it is on (the college's file `steps/<page>.json`); absent for the whole set. */
  page?: string;
  /** The section's id. */
  section?: string;
  /** Where inside the step's file, as a JSON path: `sections[2].blocks[4]`. */
  path?: string;
  /** The add-another group (2 and up) a key made from a template belongs to. */
  group?: number;
  /** The answer key or id it is about. */
  key?: string;
  /** The key a condition, rule or option source names when no question stores it. */
  names?: string;
  /** What is wrong, as a sentence. */
  message: string;
}

/** Where something sits: a step, a section, a JSON path, and the add-another group. */
interface Place {
  page: string;
  section: string;
  path: string;
  group?: number;
}

/** A step's file in a college's folder. */
const stepFile = (page: string): string => `steps/${page}.json`;

/** `steps/about.json: sections[2].blocks[4] (section "parents", group 2)`. */
function placeText(place: Omit<PageProblem, 'message' | 'key'>): string {
  const context = [
    ...(place.section === undefined ? [] : [`section "${place.section}"`]),
    ...(place.group === undefined ? [] : [`group ${String(place.group)}`]),
  ];
  const inside = [
    ...(place.path === undefined ? [] : [place.path]),
    ...(context.length === 0 ? [] : [`(${context.join(', ')})`]),
  ].join(' ');
  if (place.page === undefined) return inside;
  return inside === '' ? stepFile(place.page) : `${stepFile(place.page)}: ${inside}`;
}

/**
 * One problem as a line a college's staff can act on:
 * `steps/about.json: sections[4].blocks[2] (section "parents") "parent_first_name": has no label`.
 */
export function formatPageProblem(problem: PageProblem): string {
  const where = placeText(problem);
  const subject = problem.key === undefined ? '' : `"${problem.key}"`;
  const head = [where, subject].filter((part) => part !== '').join(' ');
  return head === '' ? problem.message : `${head}: ${problem.message}`;
}

/** Answer keys: letters, digits and underscores (a dot would be a path in the form's values). */
const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Ids kept in the UI state and used as anchors: letters, digits, underscores and dashes. */
const ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

function ruleKeys(rule: RuleRef): string[] {
  switch (rule.rule) {
    case 'homeOrMobile':
      return [
        rule.mobileKey,
        ...(rule.internationalKey === undefined ? [] : [rule.internationalKey]),
      ];
    case 'requiredWhenTrue':
      return [rule.key];
    case 'noneUnlessAny':
      return [...rule.keys];
    case 'notBefore':
      return [rule.monthKey, rule.yearKey];
    case 'minLength':
    case 'usZip':
      return rule.when === undefined ? [] : conditionKeys(rule.when);
    default:
      return [];
  }
}

/** The ids kept in the UI state, each its own namespace. */
type IdKind = 'add-another' | 'tabs' | 'trigger';
const ID_NAMES: Readonly<Record<IdKind, string>> = {
  'add-another': 'add-another buttonId',
  tabs: 'tabs tabId',
  trigger: 'trigger id',
};

/**
 * Groups 2 and up of an add-another block: their keys are recorded (so a key made twice is
 * found) and their references checked, while every other problem is reported once, on the
 * template (group 1). `shared` holds the template's keys and ids that lack the prefix: every
 * group would repeat them, which the template's check reports once.
 */
interface Echo {
  group: number;
  shared: ReadonlySet<string>;
}

interface Found {
  /** Where each stored key sits. */
  placed: Map<string, Place[]>;
  /** `{key}_desc` → the question that stores it there. */
  descs: Map<string, { owner: string; place: Place }>;
  /** Keys named by conditions, rules, option sources and lookups, with where. */
  referenced: { key: string; place: Place; by: string | undefined }[];
  /** Ids by kind → where each sits. */
  ids: Record<IdKind, Map<string, Place[]>>;
  problems: PageProblem[];
}

/** Whether a text from the college's files is missing or blank (JSON may hold anything). */
function isBlank(text: unknown): boolean {
  return typeof text !== 'string' || text.trim() === '';
}

function at(place: Place, path: string): Place {
  return { ...place, path };
}

function problem(
  found: Found,
  place: Place,
  key: string | undefined,
  message: string,
  names?: string,
): void {
  found.problems.push({
    page: place.page,
    section: place.section,
    path: place.path,
    ...(place.group === undefined ? {} : { group: place.group }),
    ...(key === undefined ? {} : { key }),
    ...(names === undefined ? {} : { names }),
    message,
  });
}

function place(found: Found, key: string, where: Place, echo: Echo | undefined): void {
  if (echo?.shared.has(key) === true) return;
  const list = found.placed.get(key) ?? [];
  list.push(where);
  found.placed.set(key, list);
}

function placeId(
  found: Found,
  kind: IdKind,
  id: string,
  where: Place,
  echo: Echo | undefined,
): void {
  if (echo === undefined && !ID_PATTERN.test(id))
    problem(
      found,
      where,
      id,
      `a ${ID_NAMES[kind]} is letters, digits, underscores and dashes, starting with a letter`,
    );
  if (echo?.shared.has(id) === true) return;
  const list = found.ids[kind].get(id) ?? [];
  list.push(where);
  found.ids[kind].set(id, list);
}

function refer(found: Found, keys: readonly string[], where: Place, by: string | undefined): void {
  for (const key of keys) found.referenced.push({ key, place: where, by });
}

function checkQuestion(question: Question, where: Place, found: Found, echo?: Echo): void {
  const kind = kindOf(question);
  const keys = questionKeys(question);
  for (const key of keys) place(found, key, where, echo);
  if (kind.descriptions(question)) {
    const desc = descKey(question.key);
    if (echo?.shared.has(desc) !== true)
      found.descs.set(desc, { owner: question.key, place: where });
  }
  const add = (names: readonly string[]) => {
    refer(found, names, where, question.key);
  };
  if ('required' in question && typeof question.required === 'object')
    add(conditionKeys(question.required.when));
  const rules =
    question.type === 'month-year' ? (question.yearRules ?? []) : (question.rules ?? []);
  add(rules.flatMap(ruleKeys));
  add(kind.referencedKeys(question));
  // Groups 2 and up repeat the template: its problems are reported once, on group 1.
  if (echo !== undefined) return;
  for (const key of keys) {
    if (!KEY_PATTERN.test(key))
      problem(
        found,
        where,
        key,
        'an answer key is letters, digits and underscores, starting with a letter',
      );
  }
  if (question.type === 'month-year' && question.key !== question.monthKey)
    problem(
      found,
      where,
      question.key,
      `a month-year's key must be its monthKey "${question.monthKey}"`,
    );
  if (isBlank(question.label)) problem(found, where, question.key, 'has no label');
  const source = kind.optionSource(question);
  if (source !== undefined && 'list' in source) {
    if (!Object.hasOwn(LIST_CODES, source.list))
      problem(
        found,
        where,
        question.key,
        `names the option list "${source.list}", which does not exist`,
      );
  }
}

/**
 * The keys and ids of a template that every group would keep under the same name (they lack
 * `keys.first`): `named` as the template writes them, with their JSON paths below the
 * template's; `shared` with their `{key}_desc` too.
 */
function sharedNames(block: AddAnotherBlock): {
  named: { name: string; path: string }[];
  shared: Set<string>;
} {
  const named: { name: string; path: string }[] = [];
  const shared = new Set<string>();
  const { first } = block.keys;
  const walk = (blocks: readonly Block[], path: string): void => {
    blocks.forEach((inner, index) => {
      const at = `${path}[${String(index)}]`;
      const names = isQuestion(inner)
        ? questionKeys(inner)
        : inner.type === 'trigger'
          ? [inner.mode === 'checkbox' ? inner.key : inner.id]
          : inner.type === 'tabs'
            ? [inner.tabId]
            : inner.type === 'add-another'
              ? [inner.buttonId]
              : [];
      for (const name of names.filter((candidate) => !candidate.startsWith(first))) {
        named.push({ name, path: at });
        shared.add(name);
      }
      if (isQuestion(inner) && kindOf(inner).descriptions(inner)) {
        const desc = descKey(inner.key);
        if (!desc.startsWith(first)) shared.add(desc);
      }
      if (!isQuestion(inner))
        for (const [field, list] of writtenBlockLists(inner)) walk(list, `${at}.${field}`);
    });
  };
  walk(block.template, '');
  return { named, shared };
}

/** Whether an add-another's `keys` are two strings, `next` holding `{n}`, and say what is not. */
function groupKeysProblems(block: AddAnotherBlock): string[] {
  const keys = block.keys as Partial<AddAnotherBlock['keys']> | undefined;
  if (typeof keys !== 'object' || typeof keys.first !== 'string' || typeof keys.next !== 'string')
    return [
      `add-another needs "keys": { "first": "college_", "next": "college_${GROUP_NUMBER}_" }, how its groups' keys are named`,
    ];
  const problems: string[] = [];
  if (keys.first === '') problems.push('keys.first is empty: it is the prefix of group 1’s keys');
  if (!keys.next.includes(GROUP_NUMBER))
    problems.push(
      `keys.next "${keys.next}" has no ${GROUP_NUMBER}: every group would store the same keys`,
    );
  return problems;
}

function checkAddAnother(
  block: AddAnotherBlock,
  where: Place,
  found: Found,
  echo: Echo | undefined,
  inGroup: boolean,
): void {
  placeId(found, 'add-another', block.buttonId, where, echo);
  const template = at(where, `${where.path}.template`);
  if (echo !== undefined) {
    // A nested add-another is refused on group 1; its own groups are not checked again.
    return;
  }
  const id = block.buttonId;
  // SPEC §9: add-another shows at most 10 groups.
  if (!Number.isInteger(block.max) || block.max < 1 || block.max > MAX_ADD_ANOTHER)
    problem(
      found,
      where,
      id,
      `max ${String(block.max)} is not a whole number from 1 to ${String(MAX_ADD_ANOTHER)}`,
    );
  if (isBlank(block.label)) problem(found, where, id, 'has no label (its button’s text)');
  if (inGroup)
    problem(
      found,
      where,
      id,
      'an add-another inside another add-another’s template is not supported: declare the groups side by side',
    );
  if (!Array.isArray(block.template) || block.template.length === 0) {
    problem(found, where, id, 'has no template: list the blocks of group 1 under "template"');
    return;
  }
  const keysProblems = groupKeysProblems(block);
  for (const message of keysProblems) problem(found, where, id, message);
  if (keysProblems.length > 0) {
    checkBlocks(block.template, template, found, undefined, true);
    return;
  }
  const { named, shared } = sharedNames(block);
  const groups = groupItems(block);
  checkBlocks(groups[0] ?? block.template, template, found, undefined, true);
  for (const { name, path } of named)
    problem(
      found,
      at(template, `${template.path}${path}`),
      name,
      `does not start with keys.first "${block.keys.first}", so every group of "${id}" would store it under this one name: every key and id of a template starts with keys.first`,
    );
  groups.slice(1).forEach((group, index) => {
    const echoOf: Echo = { group: index + 2, shared };
    checkBlocks(group, { ...template, group: index + 2 }, found, echoOf, true);
  });
}

function checkBlocks(
  blocks: readonly Block[],
  list: Place,
  found: Found,
  echo?: Echo,
  inGroup = false,
): void {
  const condition = (expr: ConditionExpr, where: Place) => {
    refer(found, conditionKeys(expr), where, undefined);
  };
  blocks.forEach((block, index) => {
    const where = at(list, `${list.path}[${String(index)}]`);
    switch (block.type) {
      case 'info':
        break;
      case 'fieldset':
        if (echo === undefined && isBlank(block.legend))
          problem(found, where, undefined, 'has no legend (the name of its questions together)');
        checkBlocks(block.blocks, at(where, `${where.path}.blocks`), found, echo, inGroup);
        break;
      case 'conditional':
        condition(block.hideWhen, where);
        checkBlocks(block.blocks, at(where, `${where.path}.blocks`), found, echo, inGroup);
        break;
      case 'condition-group':
        block.branches.forEach((branch, b) => {
          const branchPlace = at(where, `${where.path}.branches[${String(b)}]`);
          condition(branch.showWhen, branchPlace);
          checkBlocks(
            branch.blocks,
            at(branchPlace, `${branchPlace.path}.blocks`),
            found,
            echo,
            inGroup,
          );
        });
        break;
      case 'trigger':
        if (block.mode === 'checkbox') {
          checkQuestion(
            { type: 'checkbox', key: block.key, label: block.label },
            where,
            found,
            echo,
          );
          checkBlocks(block.after ?? [], at(where, `${where.path}.after`), found, echo, inGroup);
          checkBlocks(
            block.optional ?? [],
            at(where, `${where.path}.optional`),
            found,
            echo,
            inGroup,
          );
        } else {
          placeId(found, 'trigger', block.id, where, echo);
          if (echo === undefined && isBlank(block.label))
            problem(found, where, block.id, 'has no label (its button’s text)');
          checkBlocks(block.before ?? [], at(where, `${where.path}.before`), found, echo, inGroup);
          checkBlocks(block.after, at(where, `${where.path}.after`), found, echo, inGroup);
        }
        break;
      case 'add-another':
        checkAddAnother(block, where, found, echo, inGroup);
        break;
      case 'tabs': {
        placeId(found, 'tabs', block.tabId, where, echo);
        if (echo === undefined) {
          if (block.tabs.length === 0) problem(found, where, block.tabId, 'has no tab');
          const tabIds = block.tabs.map((tab) => tab.id);
          const twice = tabIds.filter((id, i) => tabIds.indexOf(id) !== i);
          for (const id of new Set(twice))
            problem(found, where, block.tabId, `has two tabs with the id "${id}"`);
          block.tabs.forEach((tab, t) => {
            if (isBlank(tab.label))
              problem(found, at(where, `${where.path}.tabs[${String(t)}]`), tab.id, 'has no label');
          });
        }
        block.tabs.forEach((tab, t) => {
          checkBlocks(
            tab.blocks,
            at(where, `${where.path}.tabs[${String(t)}].blocks`),
            found,
            echo,
            inGroup,
          );
        });
        break;
      }
      default:
        checkQuestion(block, where, found, echo);
    }
  });
}

/** Places after the first, as text: "also at steps/about.json: sections[0].blocks[3]". */
function alsoAt(places: readonly Place[]): string {
  return places.map((other) => placeText(other)).join('; ');
}

/**
 * Every problem of a college's pages, each with where it is: keys stored twice (on one step or
 * two, or made twice by an add-another's template), conditions, rules, option sources and
 * lookups naming keys no question stores, add-another outside 1..10 or its keys badly named,
 * duplicate ids, missing labels, unknown option lists, and anything that is not plain data.
 */
export function pageProblems(pages: readonly PageConfig[]): PageProblem[] {
  const found: Found = {
    placed: new Map(),
    descs: new Map(),
    referenced: [],
    ids: { 'add-another': new Map(), tabs: new Map(), trigger: new Map() },
    problems: [],
  };
  const pageIds = new Set<string>();
  pages.forEach((page, p) => {
    const id: unknown = page.id;
    if (typeof id !== 'string' || !ID_PATTERN.test(id))
      found.problems.push({
        message:
          typeof id === 'string'
            ? `step ${String(p + 1)} has the id "${id}": a step's id is letters, digits, underscores and dashes, starting with a letter`
            : `step ${String(p + 1)} has no id`,
      });
    if (pageIds.has(page.id))
      found.problems.push({ page: page.id, message: `two steps have the id "${page.id}"` });
    pageIds.add(page.id);
    const sectionIds = new Set<string>();
    page.sections.forEach((section, s) => {
      const path = `sections[${String(s)}]`;
      if (sectionIds.has(section.id))
        found.problems.push({
          page: page.id,
          path,
          message: `two sections of this step have the id "${section.id}"`,
        });
      sectionIds.add(section.id);
      checkBlocks(
        section.blocks,
        { page: page.id, section: section.id, path: `${path}.blocks` },
        found,
      );
    });
  });
  for (const [key, places] of found.placed) {
    const [first, ...others] = places;
    if (first !== undefined && others.length > 0)
      problem(
        found,
        first,
        key,
        `is stored by ${String(places.length)} questions; a key is asked once: also at ${alsoAt(others)}`,
      );
  }
  for (const [desc, { owner, place: where }] of found.descs) {
    const taken = found.placed.get(desc)?.[0];
    if (taken !== undefined)
      problem(
        found,
        taken,
        desc,
        `is where "${owner}" stores its chosen option's label (${placeText(where)}); give this question another key`,
      );
  }
  for (const kind of Object.keys(found.ids) as IdKind[]) {
    for (const [id, places] of found.ids[kind]) {
      const [first, ...others] = places;
      if (first !== undefined && others.length > 0)
        problem(
          found,
          first,
          id,
          `is the ${ID_NAMES[kind]} of ${String(places.length)} blocks: also at ${alsoAt(others)}`,
        );
    }
  }
  for (const { key, place: where, by } of found.referenced) {
    if (!found.placed.has(key))
      problem(found, where, by, `names "${key}", but no question on any step stores it`, key);
  }
  // Configs are plain, serialisable data (STYLE): what JSON cannot hold is refused.
  pages.forEach((page) => {
    const bad = notPlainData(page, '');
    if (bad !== undefined)
      found.problems.push({
        page: page.id,
        path: bad.path === '' ? undefined : bad.path,
        message: `holds ${bad.what}, which is not plain data (JSON)`,
      });
  });
  return found.problems;
}

/**
 * Every problem of a set of pages as lines a college's staff can act on (`pageProblems`, each
 * through `formatPageProblem`); empty when the pages are sound.
 */
export function checkPages(pages: readonly PageConfig[]): string[] {
  return pageProblems(pages).map(formatPageProblem);
}

/** The first value JSON cannot hold, with its path, or undefined. */
function notPlainData(value: unknown, path: string): { path: string; what: string } | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number')
    return Number.isFinite(value) ? undefined : { path, what: String(value) };
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const bad = notPlainData(item, `${path}[${String(index)}]`);
      if (bad !== undefined) return bad;
    }
    return undefined;
  }
  if (typeof value === 'object') {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null)
      return { path, what: `an object of class ${value.constructor.name}` };
    for (const [field, inner] of Object.entries(value)) {
      const bad = notPlainData(inner, path === '' ? field : `${path}.${field}`);
      if (bad !== undefined) return bad;
    }
    return undefined;
  }
  return { path, what: typeof value === 'function' ? 'a function' : `a ${typeof value}` };
}
