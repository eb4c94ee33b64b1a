import { Box, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';

export interface FieldsetProps {
  /** What the questions are together, e.g. "Mailing address": the group's accessible name. */
  legend: string;
  /** A line under the legend, e.g. what the address is for; it describes the group. */
  hint?: string;
  /** The questions of the group. */
  children: ReactNode;
}

/**
 * Questions that belong together under one name (an address): a `fieldset` whose `legend`
 * names them, so that a screen reader says "Mailing address, group" on entering and each
 * question's own label ("City") is heard within it, rather than one "City" after another with
 * nothing to tell them apart (WCAG 1.3.1). The legend looks like a small heading; the hint sits
 * under it and describes the group. Children are laid out as a section's are.
 *
 * @example
 * ```tsx
 * <Fieldset legend="Mailing address" hint="Where letters about your application go.">
 *   <TextInput id="mailing_city" label="City" maxLength={45} value={city} onChange={setCity} />
 * </Fieldset>
 * ```
 */
export function Fieldset({ legend, hint, children }: FieldsetProps) {
  const hintId = useId();
  return (
    <Box
      component="fieldset"
      aria-describedby={hint === undefined ? undefined : hintId}
      sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}
    >
      <Typography
        component="legend"
        variant="h6"
        sx={{ p: 0, mb: hint === undefined ? 2 : 0.5, fontWeight: 700 }}
      >
        {legend}
      </Typography>
      {hint !== undefined && (
        <Typography id={hintId} sx={{ color: 'text.secondary', mb: 2 }}>
          {hint}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>{children}</Box>
    </Box>
  );
}
