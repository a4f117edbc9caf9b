import type { ErrorCode } from '../errors.js';
import type { Language } from '../enums.js';
import { errorsEn } from './errors/en.js';
import { errorsEs } from './errors/es.js';
import { errorsPt } from './errors/pt.js';
import { uiEn } from './ui/en.js';
import { uiEs } from './ui/es.js';
import { uiPt } from './ui/pt.js';

/** Each error code has a short message and a description/detail pair (SPEC §8). */
export interface ErrorText {
  message: string;
  description: string;
  detail: string;
}
export type ErrorCatalogue = Record<ErrorCode, ErrorText>;

/** Same keys as the pt catalogue, every leaf a string: a missing text does not compile. */
export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
export type UiCatalogue = DeepStrings<typeof uiPt>;

export const errorCatalogues: Record<Language, ErrorCatalogue> = { pt: errorsPt, en: errorsEn, es: errorsEs };
export const uiCatalogues: Record<Language, UiCatalogue> = { pt: uiPt, en: uiEn, es: uiEs };
