import type { FieldDescriptor, ResourceDescriptor } from '@pult/contract';
import { useMemo, useState } from 'react';
import { type ColumnPrefs, loadColumns, orderColumns, saveColumns } from './table-prefs';

export interface ColumnChoice {
  field: FieldDescriptor;
  visible: boolean;
}

export interface ColumnPrefsState {
  /** The columns to draw, in order. */
  visible: FieldDescriptor[];
  /** Every column the page offers, in order, with whether it is shown (for the picker). */
  choices: ColumnChoice[];
  toggle: (name: string) => void;
  /** Moves a column one place earlier (-1) or later (+1). */
  move: (name: string, delta: -1 | 1) => void;
  reset: () => void;
  customised: boolean;
}

/** Which of `fields` a table shows and in what order, remembered per resource in local storage. */
export function useColumnPrefs(
  descriptor: ResourceDescriptor,
  fields: readonly FieldDescriptor[],
): ColumnPrefsState {
  const [prefs, setPrefs] = useState<ColumnPrefs | null>(() => loadColumns(window.localStorage, descriptor));

  return useMemo(() => {
    const byName = new Map(fields.map((field) => [field.name, field]));
    const order = orderColumns(
      fields.map((field) => field.name),
      prefs,
    );
    const hidden = new Set(prefs?.hidden ?? []);
    const choices = order.map((name) => ({ field: byName.get(name)!, visible: !hidden.has(name) }));
    const update = (next: ColumnPrefs | null) => {
      setPrefs(next);
      saveColumns(window.localStorage, descriptor, next);
    };
    return {
      visible: choices.filter((choice) => choice.visible).map((choice) => choice.field),
      choices,
      customised: prefs !== null,
      toggle: (name) => {
        const nextHidden = hidden.has(name) ? [...hidden].filter((item) => item !== name) : [...hidden, name];
        // The last visible column stays: a table of no columns shows nothing to bring the others back by.
        if (nextHidden.length >= order.length) return;
        update({ order, hidden: nextHidden });
      },
      move: (name, delta) => {
        const from = order.indexOf(name);
        const to = from + delta;
        if (from < 0 || to < 0 || to >= order.length) return;
        const next = [...order];
        next.splice(to, 0, ...next.splice(from, 1));
        update({ order: next, hidden: [...hidden] });
      },
      reset: () => update(null),
    };
  }, [descriptor, fields, prefs]);
}
