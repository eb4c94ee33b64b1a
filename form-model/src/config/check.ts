/**
 * Checks a college's pages once, at load, and reports every problem at once (STYLE: a
 * config is validated at load). This replaces SPEC §5's "configuration error on a local
 * development host" with a check that cannot be skipped.
 */
import { conditionKeys } from '../conditions/evaluate.ts';
import { type ConditionExpr } from '../conditions/types.ts';
import { answerKeyRegistry, type KeyKind } from '../keys/registry.ts';
import { type Block, type PageConfig, type Question, type RuleRef } from './types.ts';
import { MAX_ADD_ANOTHER, questionKeys } from './blocks.ts';
import { kindOf as questionKind } from './kinds.ts';

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
    case 'minLength':
      return rule.when === undefined ? [] : conditionKeys(rule.when);
    default:
      return [];
  }
}

interface Found {
  /** Where each stored key sits ("page/section"). */
  placed: Map<string, string[]>;
  /** Keys named by conditions, rules, option sources and lookups, with where. */
  referenced: { key: string; where: string }[];
  problems: string[];
}

function checkQuestion(question: Question, where: string, found: Found): void {
  const keys = questionKeys(question);
  for (const key of keys) {
    const list = found.placed.get(key) ?? [];
    list.push(where);
    found.placed.set(key, list);
  }
  const kindOf = (key: string) => answerKeyRegistry[key];
  const expect = (key: string, kinds: readonly KeyKind[]) => {
    const kind = kindOf(key);
    if (kind === undefined)
      found.problems.push(`${where}: "${key}" is not in the answer-key registry`);
    else if (!kinds.includes(kind)) {
      found.problems.push(
        `${where}: "${key}" is a ${kind} key but the question is a ${question.type}`,
      );
    }
  };
  const kind = questionKind(question);
  for (const [key, kinds] of kind.registered(question)) expect(key, kinds);
  if (question.type === 'month-year' && question.key !== question.monthKey)
    found.problems.push(`${where}: month-year key must equal its monthKey`);
  if (kindOf(question.key) === 'year' && kind.descriptions(question))
    found.problems.push(`${where}: "${question.key}" is a year: set descriptions: false`);
  const add = (key: string) => found.referenced.push({ key, where });
  if ('required' in question && typeof question.required === 'object') {
    conditionKeys(question.required.when).forEach(add);
  }
  const rules =
    question.type === 'month-year' ? (question.yearRules ?? []) : (question.rules ?? []);
  rules.flatMap(ruleKeys).forEach(add);
  kind.referencedKeys(question).forEach(add);
  if (question.label.trim() === '') found.problems.push(`${where}: "${question.key}" has no label`);
}

function checkBlocks(blocks: readonly Block[], where: string, found: Found): void {
  const condition = (expr: ConditionExpr) => {
    for (const key of conditionKeys(expr)) found.referenced.push({ key, where });
  };
  for (const block of blocks) {
    switch (block.type) {
      case 'info':
        break;
      case 'conditional':
        condition(block.hideWhen);
        checkBlocks(block.blocks, where, found);
        break;
      case 'condition-group':
        for (const branch of block.branches) {
          condition(branch.showWhen);
          checkBlocks(branch.blocks, where, found);
        }
        break;
      case 'trigger':
        if (block.mode === 'checkbox') {
          checkQuestion({ type: 'checkbox', key: block.key, label: block.label }, where, found);
          checkBlocks(block.after ?? [], where, found);
          checkBlocks(block.optional ?? [], where, found);
        } else {
          checkBlocks(block.before ?? [], where, found);
          checkBlocks(block.after, where, found);
        }
        break;
      case 'add-another':
        // SPEC §9: add-another shows at most 10 groups.
        if (block.max > MAX_ADD_ANOTHER || block.max < 1) {
          found.problems.push(
            `${where}: add-another "${block.buttonId}" max ${block.max} is outside 1..${MAX_ADD_ANOTHER}`,
          );
        }
        if (block.items.length !== block.max) {
          found.problems.push(
            `${where}: add-another "${block.buttonId}" has ${block.items.length} items for max ${block.max}`,
          );
        }
        block.items.forEach((item, index) => {
          checkBlocks(item, `${where}/${block.buttonId}[${index}]`, found);
        });
        break;
      case 'tabs':
        if (block.tabs.length === 0)
          found.problems.push(`${where}: tabs "${block.tabId}" has no tab`);
        for (const tab of block.tabs)
          checkBlocks(tab.blocks, `${where}/${block.tabId}:${tab.id}`, found);
        break;
      default:
        checkQuestion(block, where, found);
    }
  }
}

/**
 * Every problem of a set of pages: unknown keys, keys of the wrong kind, keys on more than
 * one page or placed twice, conditions and rules naming keys that are not on the pages,
 * add-another over 10, duplicate ids, and anything that is not plain data.
 */
export function checkPages(pages: readonly PageConfig[]): string[] {
  const found: Found = { placed: new Map(), referenced: [], problems: [] };
  const ids = new Set<string>();
  for (const page of pages) {
    if (ids.has(page.id)) found.problems.push(`page "${page.id}" appears twice`);
    ids.add(page.id);
    for (const section of page.sections) {
      checkBlocks(section.blocks, `${page.id}/${section.id}`, found);
    }
  }
  for (const [key, places] of found.placed) {
    if (places.length > 1)
      found.problems.push(`"${key}" is placed more than once: ${places.join(', ')}`);
  }
  for (const { key, where } of found.referenced) {
    if (!found.placed.has(key))
      found.problems.push(`${where}: refers to "${key}", which is on no page`);
  }
  // Configs are plain, serialisable data (STYLE): a JSON round trip must not change them.
  if (
    JSON.stringify(JSON.parse(JSON.stringify(pages))) !== JSON.stringify(pages) ||
    !isPlainData(pages)
  ) {
    found.problems.push('pages hold something that is not plain data (a function, class or regex)');
  }
  return found.problems;
}

function isPlainData(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value === 'object') {
    const proto: unknown = Object.getPrototypeOf(value);
    return (
      (proto === Object.prototype || proto === null) && Object.values(value).every(isPlainData)
    );
  }
  return false;
}
