import type { UiCatalogue } from '../index.js';

/** Help texts (/ajuda and the operator's administration) in English. */
export const uiEnHelp: Pick<UiCatalogue, 'help'> = {
  help: {
    menu: 'Help',
    title: 'Help',
    subtitle: 'Guides and videos on how to use the platform.',
    search: 'Search the help',
    empty: 'No help articles yet.',
    noMatch: 'No article matches this search.',
    video: 'Video: {{title}}',
    manage: 'Manage help',
    adminMenu: 'Help (articles)',
    adminTitle: 'Help articles',
    adminSubtitle: 'What every company sees under Help, in the order set here.',
    add: 'New article',
    createTitle: 'New help article',
    editTitle: 'Edit help article',
    deleteTitle: 'Delete article',
    deleteConfirm: 'Delete the article {{name}}?',
    created: 'Article created.',
    updated: 'Article updated.',
    deleted: 'Article deleted.',
    fields: {
      title: 'Title',
      description: 'Description',
      video: 'YouTube video',
      videoHint: 'The video link (youtube.com or youtu.be) or its id.',
      position: 'Order',
    },
    hasVideo: 'With video',
  },
};
