/**
 * The step renderer's context (RendererContext) made from the UI state and where it is kept:
 * the same rules for the form layout (the server keeps an applicant's choices) and the test
 * harness (local state). Adding a group pushes an empty item onto the block's Final Form array
 * and stores the new length; removing one is final-form-arrays' `remove` (later groups move up),
 * then the new length is stored and the freed last group's keys saved as ""; switching a tab
 * follows `tabSwitch` (rules.ts) through `switchTab`.
 */
import { type AddAnotherBlock, groupCount, type PageConfig, viewAt } from '@admit/form-model';

import { type AnswersForm, changeAnswers, valuesOf } from '../engine/index.ts';
import { pageIntl } from '../pageIntl.ts';
import type { Renderer, UiState } from '../renderer/index.ts';
import { tabSwitch, tabSwitchConfirmation, type TabSwitchConfirmation } from './rules.ts';
import { switchTab } from './switchTab.ts';

export interface RendererStore {
  /** Stores an add-another count. */
  storeCount: (buttonId: string, count: number) => void;
  /** Checks a file question of a tab being left: `false` blocks the switch. */
  leaveFile: (key: string) => Promise<boolean>;
  /** Stores a chosen tab. */
  storeTab: (tabId: string, tab: string) => Promise<void>;
  /** Asks before a switch that would delete answers; without it, the switch goes ahead. */
  confirmLoss?: (confirmation: TabSwitchConfirmation) => Promise<boolean>;
}

export interface RendererFacts {
  form: AnswersForm;
  ui: UiState;
  /** The pages, read when a tab is pressed (the tab group is on the step shown). */
  pages: () => Promise<readonly PageConfig[]>;
  isLoggedIn: boolean;
  validating: boolean;
  save: () => Promise<void>;
  /** Presses a button trigger, or (`false`) takes the press back. */
  pressTrigger: (id: string, pressed?: boolean) => void;
  fail: (title: string, error: unknown) => void;
}

export function createRenderer(facts: RendererFacts, store: RendererStore): Renderer {
  const { form, ui, isLoggedIn, validating, save, pressTrigger, fail } = facts;
  // The count is the length of the block's array in the form's answers.
  const countOf = (block: AddAnotherBlock) => {
    const items = valuesOf(form)[block.buttonId];
    return Array.isArray(items) ? items.length : 0;
  };
  return {
    ui,
    isLoggedIn,
    validating,
    save,
    pressTrigger: (id) => {
      pressTrigger(id);
    },
    releaseTrigger: async (id, names) => {
      changeAnswers(form, Object.fromEntries(names.map((name) => [name, ''])));
      pressTrigger(id, false);
      await save().catch((error: unknown) => {
        fail(pageIntl.formatMessage({ id: 'app.application.removeFailed' }, { id }), error);
      });
    },
    addGroup: (block) => {
      if (countOf(block) >= groupCount(block)) return;
      form.mutators.push?.(block.buttonId, {});
      store.storeCount(block.buttonId, countOf(block));
    },
    removeGroup: async (block, index) => {
      form.mutators.remove?.(block.buttonId, index);
      store.storeCount(block.buttonId, countOf(block));
      await save().catch((error: unknown) => {
        fail(
          pageIntl.formatMessage(
            { id: 'app.application.addAnotherFailed' },
            { id: block.buttonId },
          ),
          error,
        );
      });
    },
    setTab: async (tabId, tab) => {
      try {
        const pages = await facts.pages();
        const plan = tabSwitch(pages, ui, isLoggedIn, tabId, tab);
        const confirmation = tabSwitchConfirmation(
          pages,
          plan,
          tabId,
          tab,
          viewAt(valuesOf(form), []),
        );
        if (confirmation !== undefined && store.confirmLoss !== undefined)
          if (!(await store.confirmLoss(confirmation))) return false;
        return await switchTab(form, plan, {
          leaveFile: store.leaveFile,
          store: () => store.storeTab(tabId, tab),
        });
      } catch (error) {
        fail(pageIntl.formatMessage({ id: 'app.application.tabsFailed' }, { tab: tabId }), error);
        return false;
      }
    },
  };
}
