import { ZQueueInput, ZTagInput, type Queue, type Tag } from '@prosa/contracts';

/**
 * Queues and tags are the same kind of thing on screen (name, colour, active), so one page serves
 * both; this names what differs: the API path, the texts and the test ids.
 */
export interface ColorItemResource {
  ns: 'queues' | 'tags';
  path: '/queue' | '/tags';
  queryKey: readonly [string];
  schema: typeof ZQueueInput | typeof ZTagInput;
  testId: 'queue' | 'tag';
}
export type ColorItem = Queue | Tag;

export const QUEUES_RESOURCE: ColorItemResource = {
  ns: 'queues',
  path: '/queue',
  queryKey: ['queues'],
  schema: ZQueueInput,
  testId: 'queue',
};

export const TAGS_RESOURCE: ColorItemResource = {
  ns: 'tags',
  path: '/tags',
  queryKey: ['tags'],
  schema: ZTagInput,
  testId: 'tag',
};

/** A pleasant first colour for a new item. */
export const SWATCHES = [
  '#0ca678',
  '#1c7ed6',
  '#7048e8',
  '#e64980',
  '#f76707',
  '#f59f00',
  '#37b24d',
  '#15aabf',
  '#868e96',
  '#c92a2a',
];
