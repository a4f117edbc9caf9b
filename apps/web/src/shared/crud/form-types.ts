import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { TKey } from './types';

export interface Option {
  value: string;
  label: string;
}

interface FieldBase<V extends FieldValues> {
  name: Path<V>;
  label: TKey;
  description?: TKey;
  /** Defaults to `${form testId}-${name}`. */
  testId?: string;
  /** Marks the label with an asterisk; the schema still decides. */
  required?: boolean;
  disabled?: boolean;
}

export type FieldSpec<V extends FieldValues> =
  | (FieldBase<V> & {
      kind: 'text' | 'email' | 'password';
      placeholder?: string;
      inputMode?: 'tel' | 'email' | 'numeric' | 'text';
      autoComplete?: string;
    })
  | (FieldBase<V> & { kind: 'textarea'; minRows?: number; maxRows?: number })
  | (FieldBase<V> & {
      kind: 'select';
      options: Option[];
      /** May be left empty (the form holds ''); otherwise a choice cannot be taken back. */
      clearable?: boolean;
    })
  | (FieldBase<V> & {
      kind: 'date';
      /** The earliest day offered, `YYYY-MM-DD`. The form holds `YYYY-MM-DD` or ''. */
      minDate?: string;
      placeholder?: string;
    })
  | (FieldBase<V> & {
      kind: 'multiselect';
      options: Option[];
      /** Shown while nothing is picked. */
      placeholder?: TKey;
      /** The values are ids: numbers in the form, strings in the input. */
      numeric?: boolean;
    })
  | (FieldBase<V> & { kind: 'switch' | 'checkbox' })
  | (FieldBase<V> & { kind: 'color'; swatches?: string[] })
  | (FieldBase<V> & {
      kind: 'number';
      min?: number;
      /** Money: decimals with the pt-BR separators. */
      decimals?: number;
      prefix?: string;
      /** An empty input is null (an optional amount), not an empty string. */
      nullable?: boolean;
    })
  | {
      /** A read-only value to copy (a webhook URL, a token the server made); not a form field. */
      kind: 'copy';
      key: string;
      label: TKey;
      value: string;
      testId: string;
      copy: TKey;
      copied: TKey;
    }
  | {
      kind: 'custom';
      /** The form fields it holds, so server errors on them are shown (not only toasted). */
      names: string[];
      key: string;
      render: (ctx: FieldContext<V>) => ReactNode;
    };

export interface FieldContext<V extends FieldValues> {
  /** The form as if its output were its input: a custom field registers inputs, it never submits. */
  form: UseFormReturn<V>;
  fieldError: (name: string) => string | undefined;
}

/** Fields shown together: in a grid of `cols` columns from a small screen up, under a `title`. */
export interface FormBlock<V extends FieldValues> {
  key: string;
  title?: TKey;
  cols?: 1 | 2 | 3;
  fields: FieldSpec<V>[];
}

/** The form field names a description holds (the first segment of each), for server errors. */
export function fieldNames<V extends FieldValues>(blocks: readonly FormBlock<V>[]): string[] {
  return blocks.flatMap((b) => b.fields.flatMap((f) => (f.kind === 'custom' ? f.names : f.kind === 'copy' ? [] : [String(f.name)])));
}
