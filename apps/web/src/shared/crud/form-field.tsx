import { Checkbox, ColorInput, MultiSelect, NumberInput, PasswordInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { ReactNode } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../ui/copy-field';
import type { FieldContext, FieldSpec } from './form-types';

/**
 * One described field, bound to react-hook-form. Text inputs register (react-hook-form focuses
 * them on error); the others are controlled. Every input has its label, and its error text is
 * wired to it by Mantine (aria-invalid, aria-describedby).
 */
export function FormField<V extends FieldValues>({
  spec,
  ctx,
  testIdPrefix,
  autoFocus,
}: {
  spec: FieldSpec<V>;
  ctx: FieldContext<V>;
  testIdPrefix: string;
  autoFocus?: boolean;
}): ReactNode {
  const { t } = useTranslation();
  if (spec.kind === 'custom') return spec.render(ctx);
  if (spec.kind === 'copy')
    return <CopyField label={t(spec.label)} value={spec.value} testId={spec.testId} copyText={t(spec.copy)} copiedText={t(spec.copied)} />;
  const { form, fieldError } = ctx;
  const name = spec.name;
  const common = {
    label: t(spec.label),
    description: spec.description ? t(spec.description) : undefined,
    withAsterisk: spec.required,
    disabled: spec.disabled,
    error: fieldError(name),
    'data-testid': spec.testId ?? `${testIdPrefix}-${name}`,
    // Mantine's modal focuses the element marked data-autofocus when it opens.
    ...(autoFocus ? { 'data-autofocus': true } : {}),
  };

  switch (spec.kind) {
    case 'text':
    case 'email':
      return (
        <TextInput
          {...common}
          type={spec.kind === 'email' ? 'email' : undefined}
          inputMode={spec.inputMode}
          placeholder={spec.placeholder}
          autoComplete={spec.autoComplete}
          {...form.register(name)}
        />
      );
    case 'password':
      return <PasswordInput {...common} autoComplete={spec.autoComplete ?? 'new-password'} {...form.register(name)} />;
    case 'textarea':
      return <Textarea {...common} autosize minRows={spec.minRows ?? 2} maxRows={spec.maxRows ?? 6} {...form.register(name)} />;
  }

  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => {
        switch (spec.kind) {
          case 'select':
            return (
              <Select
                {...common}
                data={spec.options}
                value={(field.value as string) || null}
                onChange={(v) => (spec.clearable ? field.onChange(v ?? '') : v && field.onChange(v))}
                onBlur={field.onBlur}
                allowDeselect={!!spec.clearable}
              />
            );
          case 'date':
            return (
              <DateInput
                {...common}
                valueFormat="DD/MM/YYYY"
                placeholder={spec.placeholder}
                minDate={spec.minDate}
                value={(field.value as string) || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
              />
            );
          case 'multiselect': {
            const value = ((field.value ?? []) as (string | number)[]).map(String);
            return (
              <MultiSelect
                {...common}
                placeholder={spec.placeholder && value.length === 0 ? t(spec.placeholder) : undefined}
                data={spec.options}
                value={value}
                onChange={(v) => field.onChange(spec.numeric ? v.map(Number) : v)}
                onBlur={field.onBlur}
                searchable
                clearable
              />
            );
          }
          case 'switch':
          case 'checkbox': {
            const Input = spec.kind === 'switch' ? Switch : Checkbox;
            return (
              <Input
                {...common}
                checked={!!field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            );
          }
          case 'color':
            return (
              <ColorInput
                {...common}
                format="hex"
                // A colour typed as text stays as typed and the schema says what is wrong with it;
                // fixing it on blur would silently put back the previous colour.
                fixOnBlur={false}
                swatches={spec.swatches}
                swatchesPerRow={10}
                // Focusing it opens the picker over its error text, and the picker's sliders have
                // no names (ColorInput passes no labels to them): after a failed save it is only
                // scrolled to (reveal-first-error.ts).
                data-reveal-no-focus
                value={field.value as string}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            );
          case 'number': {
            const money = (spec.decimals ?? 0) > 0;
            return (
              <NumberInput
                {...common}
                prefix={spec.prefix}
                min={spec.min}
                allowNegative={spec.min === undefined || spec.min < 0}
                allowDecimal={money}
                decimalScale={spec.decimals ?? 0}
                decimalSeparator={money ? ',' : undefined}
                thousandSeparator={money ? '.' : undefined}
                value={(field.value ?? '') as number | string}
                onChange={(v) => field.onChange(spec.nullable && v === '' ? null : spec.nullable ? Number(v) : v)}
                onBlur={field.onBlur}
              />
            );
          }
        }
      }}
    />
  );
}
