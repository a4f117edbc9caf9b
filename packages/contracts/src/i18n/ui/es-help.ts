import type { UiCatalogue } from '../index.js';

/** Help texts (/ajuda and the operator's administration) in Spanish. */
export const uiEsHelp: Pick<UiCatalogue, 'help'> = {
  help: {
    menu: 'Ayuda',
    title: 'Ayuda',
    subtitle: 'Guías y videos sobre cómo usar la plataforma.',
    search: 'Buscar en la ayuda',
    empty: 'Aún no hay artículos de ayuda.',
    noMatch: 'Ningún artículo coincide con esta búsqueda.',
    video: 'Video: {{title}}',
    manage: 'Administrar la ayuda',
    adminMenu: 'Ayuda (artículos)',
    adminTitle: 'Artículos de ayuda',
    adminSubtitle: 'Lo que todas las empresas ven en Ayuda, en el orden definido aquí.',
    add: 'Nuevo artículo',
    createTitle: 'Nuevo artículo de ayuda',
    editTitle: 'Editar artículo de ayuda',
    deleteTitle: 'Eliminar artículo',
    deleteConfirm: '¿Eliminar el artículo {{name}}?',
    created: 'Artículo creado.',
    updated: 'Artículo actualizado.',
    deleted: 'Artículo eliminado.',
    fields: {
      title: 'Título',
      description: 'Descripción',
      video: 'Video de YouTube',
      videoHint: 'El enlace del video (youtube.com o youtu.be) o su código.',
      position: 'Orden',
    },
    hasVideo: 'Con video',
  },
};
