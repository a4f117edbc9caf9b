import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { i18n } from '../i18n/i18n';

/**
 * Renders to HTML in Node, as the browser first draws it, in Portuguese (the journeys' language).
 * The unit tests read the markup: texts, labels, aria and test ids.
 */
export async function render(node: ReactNode): Promise<string> {
  await i18n.changeLanguage('pt');
  return renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>);
}

/** How many times `needle` occurs in `html`. */
export const count = (html: string, needle: string) => html.split(needle).length - 1;

/** The body rows of a table's markup, one string each. */
export const bodyRows = (html: string) => (html.split('<tbody')[1] ?? '').split('<tr').slice(1);
