/**
 * "Check your answers" (GOV.UK's pattern) on /review: every answered question of form-model's
 * print model (the one the PDF, the service view and the server print), by step and section,
 * each with a Change link to its field. Pure: the model in, the answered rows out; the page
 * lays them out (CheckAnswers.tsx). What the list says is here, in one place.
 */
import { type PrintAnswer, type PrintBlock, type PrintModel } from '@admit/form-model';

/** One answered question: its answer key (the field's id), question and answer. */
export interface AnsweredRow {
  key: string;
  label: string;
  /** One text, or each chosen option of a question with several. */
  value: string | readonly string[];
}

/** The rows of a section, or of one group of an add-another ("College 2"). */
export interface AnsweredPart {
  heading?: string;
  rows: AnsweredRow[];
}

export interface AnsweredSection {
  title: string;
  parts: AnsweredPart[];
}

export interface AnsweredStep {
  title: string;
  /** Empty when nothing on the step is answered yet. */
  sections: AnsweredSection[];
}

/** A question's answer as the list shows it, or nothing when it is not answered. */
function answerValue(answer: PrintAnswer): AnsweredRow['value'] | undefined {
  switch (answer.kind) {
    case 'text':
      return answer.text;
    case 'document':
      return answer.fileName;
    case 'choices': {
      const chosen = answer.choices.filter((choice) => choice.checked).map((c) => c.label);
      if (chosen.length === 0) return undefined;
      return chosen.length === 1 ? chosen[0] : chosen;
    }
    case 'blank':
      return undefined;
  }
}

/**
 * The answered row of a block, or nothing (unanswered, information, a group's heading). A
 * ticked single checkbox ("I certify that…") reads `ticked` ("Yes" in the page's language).
 */
export function answeredRow(block: PrintBlock, ticked: string): AnsweredRow | undefined {
  if (block.kind === 'checkbox')
    return block.checked ? { key: block.key, label: block.label, value: ticked } : undefined;
  if (block.kind !== 'question') return undefined;
  const value = answerValue(block.answer);
  return value === undefined ? undefined : { key: block.key, label: block.label, value };
}

/**
 * The answered questions of the model, by step, section and add-another group, in page order.
 * Every step stays (a step with nothing answered says so); sections and groups without an
 * answer go.
 */
export function answeredSteps(model: PrintModel, ticked: string): AnsweredStep[] {
  return model.steps.map((step) => ({
    title: step.title,
    sections: step.sections
      .map((section) => {
        const parts: AnsweredPart[] = [{ rows: [] }];
        for (const block of section.blocks) {
          if (block.kind === 'group') {
            parts.push({ heading: block.heading, rows: [] });
            continue;
          }
          const row = answeredRow(block, ticked);
          if (row !== undefined) parts[parts.length - 1]?.rows.push(row);
        }
        return { title: section.title, parts: parts.filter((part) => part.rows.length > 0) };
      })
      .filter((section) => section.parts.length > 0),
  }));
}
