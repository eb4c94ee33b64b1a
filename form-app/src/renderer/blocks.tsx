/**
 * Renders a page config's blocks. Each structural block watches only what decides it (a
 * condition's result, a group's first true branch, an array's length), so typing elsewhere
 * re-renders nothing here. Visibility is form-model's (isHidden, shownBranch, chosenTab,
 * triggerPressed), read with the UI state; an add-another block shows one group per item of
 * its Final Form array (its `buttonId` in the form's answers), each group its template's blocks
 * in the item's scope (AnswerScope.tsx). Hidden
 * blocks render nothing, and their answers are cleared by the one clearing function (see
 * clearing.ts).
 */
import {
  type Block,
  blockKeys,
  chosenTab,
  groupCount,
  groupTemplate,
  isHidden,
  type SectionConfig,
  shownBranch,
  triggerPressed,
} from '@admit/form-model';
import {
  AddAnotherButton,
  Fieldset,
  FormSection,
  Notice,
  RevealButton,
  TabGroup,
} from '@admit/design-system';
import { useState } from 'react';
import { FieldArray } from 'react-final-form-arrays';
import { useIntl } from 'react-intl';

import { groupHeading } from '../pageIntl.ts';
import { QuestionField } from './fields.tsx';
import { GroupScope, useFieldScope, useScopedWatch } from './AnswerScope.tsx';
import { LaterPart } from './LaterPart.tsx';
import { RemoveGroup, RemoveWithConfirmation } from './RemoveGroup.tsx';
import { useRenderer } from './RendererContext.tsx';

function Blocks({ blocks }: { blocks: readonly Block[] }) {
  return (
    <>
      {blocks.map((block, index) => (
        <BlockView key={index} block={block} />
      ))}
    </>
  );
}

function ConditionalView({ block }: { block: Extract<Block, { type: 'conditional' }> }) {
  // SPEC §4: hidden while its condition is true.
  const hidden = useScopedWatch((values) => isHidden(block, values));
  return hidden ? null : <Blocks blocks={block.blocks} />;
}

function ConditionGroupView({ block }: { block: Extract<Block, { type: 'condition-group' }> }) {
  // SPEC §4: the first true branch shows (form-model's rule, which clearing and the PDF use).
  const shown = useScopedWatch((values) => shownBranch(block, values));
  const branch = block.branches[shown];
  return branch === undefined ? null : <Blocks blocks={branch.blocks} />;
}

function ButtonTriggerView({
  block,
}: {
  block: Extract<Block, { type: 'trigger'; mode: 'button' }>;
}) {
  const { ui, pressTrigger, releaseTrigger } = useRenderer();
  const intl = useIntl();
  const { name, flatKey } = useFieldScope();
  const pressed = useScopedWatch((values) => triggerPressed(block, values, ui));
  return (
    <>
      <Blocks blocks={block.before ?? []} />
      {pressed ? (
        <>
          <Blocks blocks={block.after} />
          {/* What was revealed can be taken back, as a group can (its answers are cleared). */}
          <RemoveWithConfirmation
            id={`remove-${flatKey(block.id)}`}
            name={`“${block.label}”`}
            consequence={intl.formatMessage({ id: 'app.renderer.removeConsequence' })}
            focusAfter={flatKey(block.id)}
            removesItself
            onConfirm={() => releaseTrigger(block.id, blockKeys(block.after).map(name))}
          />
        </>
      ) : (
        <RevealButton
          id={flatKey(block.id)}
          label={block.label}
          onClick={() => {
            pressTrigger(block.id);
          }}
        />
      )}
    </>
  );
}

function CheckboxTriggerView({
  block,
}: {
  block: Extract<Block, { type: 'trigger'; mode: 'checkbox' }>;
}) {
  const ticked = useScopedWatch((values) => values[block.key] === true);
  return (
    <>
      <QuestionField question={{ type: 'checkbox', key: block.key, label: block.label }} />
      {/* SPEC §4: after-content while ticked; optional content only while unticked. */}
      {ticked ? <Blocks blocks={block.after ?? []} /> : <Blocks blocks={block.optional ?? []} />}
    </>
  );
}

/** The groups of a block, one per item of its array: re-renders when the length changes only. */
function AddAnotherView({ block }: { block: Extract<Block, { type: 'add-another' }> }) {
  const { addGroup } = useRenderer();
  const { name } = useFieldScope();
  // "College 2", in the page's language: the block's itemLabel, else its Add button's label
  // less its Add words, numbered as the review and the PDF number it (form-model's groupHeading).
  const heading = (index: number) => groupHeading(block.itemLabel ?? block.label, index + 1);
  return (
    <FieldArray name={name(block.buttonId)} subscription={{ length: true }}>
      {({ fields }) => {
        const count = Math.min(fields.length, groupCount(block));
        return (
          <>
            {Array.from({ length: count }, (_, index) => (
              <FormSection key={index} title={heading(index)} level={3}>
                <GroupScope block={block} index={index}>
                  <Blocks blocks={groupTemplate(block, index)} />
                </GroupScope>
                {index === 0 ? null : (
                  <RemoveGroup block={block} index={index} count={count} name={heading(index)} />
                )}
              </FormSection>
            ))}
            <AddAnotherButton
              id={`add-another-${block.buttonId}`}
              label={block.label}
              count={count}
              max={block.max}
              onClick={() => {
                addGroup(block);
              }}
            />
          </>
        );
      }}
    </FieldArray>
  );
}

function TabsView({ block }: { block: Extract<Block, { type: 'tabs' }> }) {
  const { ui, setTab, isLoggedIn } = useRenderer();
  // SPEC §4/§6: a visitor's choice of tab is never stored and clears nothing (the answers keep
  // the default tab's), but pressing another tab shows it, so that a visitor finds its upload
  // question and reads why it waits for an account (FileField: "This question can be finished
  // once you have created an account.").
  const [previewed, setPreviewed] = useState<string | undefined>(undefined);
  const chosen = (isLoggedIn ? undefined : previewed) ?? chosenTab(block, ui);
  const tab = block.tabs.find((t) => t.id === chosen);
  return (
    <TabGroup
      // Not the answer key: the essay's own field carries that id (SPEC §2 anchors).
      id={`tabs-${block.tabId}`}
      label={block.label}
      tabs={block.tabs.map((t) => ({ id: t.id, label: t.label }))}
      value={chosen}
      onChange={isLoggedIn ? () => undefined : setPreviewed}
      beforeChange={isLoggedIn ? (id) => setTab(block.tabId, id) : undefined}
    >
      {tab === undefined ? null : <Blocks blocks={tab.blocks} />}
    </TabGroup>
  );
}

export function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case 'info':
      return (
        <Notice tone={block.tone ?? 'note'} title={block.title}>
          {block.text}
        </Notice>
      );
    case 'conditional':
      return <ConditionalView block={block} />;
    case 'condition-group':
      return <ConditionGroupView block={block} />;
    case 'trigger':
      return block.mode === 'button' ? (
        <ButtonTriggerView block={block} />
      ) : (
        <CheckboxTriggerView block={block} />
      );
    case 'add-another':
      return <AddAnotherView block={block} />;
    case 'tabs':
      return <TabsView block={block} />;
    case 'fieldset':
      return (
        <Fieldset legend={block.legend} hint={block.hint}>
          <Blocks blocks={block.blocks} />
        </Fieldset>
      );
    default:
      return <QuestionField question={block} />;
  }
}

/** A page section: its title, description and blocks. */
export function SectionView({ section }: { section: SectionConfig }) {
  return (
    <FormSection
      title={section.title}
      description={section.description}
      level={2}
      id={`section-${section.id}`}
    >
      {section.blocks.map((block, index) =>
        index === 0 ? (
          <BlockView key={index} block={block} />
        ) : (
          <LaterPart key={index}>
            <BlockView block={block} />
          </LaterPart>
        ),
      )}
    </FormSection>
  );
}
