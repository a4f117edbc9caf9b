import type { Language } from '../enums.js';
import { V } from '../schemas/common.js';

/** The validation keys of `V` without their `validation.` prefix: a new key in `V` fails to compile until it has texts. */
type ValidationI18nKey = (typeof V)[keyof typeof V];
export type ValidationKey = ValidationI18nKey extends `validation.${infer K}` ? K : never;

/** Field-level validation texts (SPEC §5), resolved by the web app from the `validation.*` keys. */
export const validationTexts: Record<Language, Record<ValidationKey, string>> = {
  pt: {
    required: 'Campo obrigatório',
    email: 'E-mail inválido',
    min: 'Menor que o mínimo permitido ({{min}})',
    minLength: 'Use pelo menos {{min}} caracteres',
    max: 'Maior que o máximo permitido',
    passwordMismatch: 'As senhas não conferem',
    invalidDate: 'Data inválida!',
    integer: 'Informe um número inteiro',
    number: 'Informe um número válido',
    phone: 'Telefone inválido. Informe o código do país, o DDD e o número',
    color: 'Cor inválida. Use o formato #RRGGBB',
    time: 'Horário inválido. Use o formato HH:mm',
    dueDateBeforeToday: 'A data de vencimento não pode ser anterior a hoje',
    invalidValue: 'Valor inválido',
  },
  en: {
    required: 'Required field',
    email: 'Invalid email',
    min: 'Below the allowed minimum ({{min}})',
    minLength: 'Use at least {{min}} characters',
    max: 'Above the allowed maximum',
    passwordMismatch: 'Passwords do not match',
    invalidDate: 'Invalid date!',
    integer: 'Enter a whole number',
    number: 'Enter a valid number',
    phone: 'Invalid phone number. Enter the country code, area code and number',
    color: 'Invalid color. Use the #RRGGBB format',
    time: 'Invalid time. Use the HH:mm format',
    dueDateBeforeToday: 'The due date cannot be earlier than today',
    invalidValue: 'Invalid value',
  },
  es: {
    required: 'Campo obligatorio',
    email: 'Correo electrónico inválido',
    min: 'Menor que el mínimo permitido ({{min}})',
    minLength: 'Usa al menos {{min}} caracteres',
    max: 'Mayor que el máximo permitido',
    passwordMismatch: 'Las contraseñas no coinciden',
    invalidDate: '¡Fecha inválida!',
    integer: 'Ingresa un número entero',
    number: 'Ingresa un número válido',
    phone: 'Teléfono inválido. Ingresa el código de país, el código de área y el número',
    color: 'Color inválido. Usa el formato #RRGGBB',
    time: 'Hora inválida. Usa el formato HH:mm',
    dueDateBeforeToday: 'La fecha de vencimiento no puede ser anterior a hoy',
    invalidValue: 'Valor inválido',
  },
};
