import type { UiCatalogue } from '../index.js';

/** The operator's white-label screen (/white-label) in es; spread into uiEs (es.ts). */
export const uiEsWhiteLabel: Pick<UiCatalogue, 'whiteLabel'> = {
  whiteLabel: {
    menu: 'Marca blanca',
    title: 'Marca blanca',
    subtitle: 'El nombre, el color, los logos y los íconos con que las empresas y los clientes ven la plataforma.',
    identitySection: 'Nombre y color',
    productName: 'Nombre del producto',
    productNameHint: 'En la pantalla de inicio de sesión, en el encabezado, en el título del navegador, en la app instalada y en los correos. Vacío: Prosa.',
    primaryColor: 'Color principal',
    primaryColorHint: 'Botones, enlaces y resaltados. Un color claro se oscurece lo necesario para que el texto blanco siga legible. Vacío: el verde de Prosa.',
    imagesSection: 'Logos e íconos',
    imagesHint: 'PNG, JPEG o WebP de hasta 1 MB. No se acepta SVG (puede contener scripts).',
    refs: {
      logo: { label: 'Logo', hint: 'Exactamente 481 x 186 px. Sobre fondos claros.' },
      logoDark: { label: 'Logo para fondo oscuro', hint: 'Exactamente 481 x 186 px. En el tema oscuro y en el panel lateral del inicio de sesión; sin él, el logo.' },
      favicon: { label: 'Favicon', hint: 'Cuadrado, de 16 a 512 px (ej.: 32 x 32). En la pestaña del navegador.' },
      appIcon: { label: 'Ícono de la app', hint: 'Cuadrado, de 16 a 512 px (ideal: 512 x 512). En la app instalada.' },
    },
    size: '{{width}} x {{height}} px',
    none: 'Predeterminado de Prosa',
    upload: 'Subir imagen',
    replace: 'Cambiar',
    remove: 'Quitar',
    uploaded: 'Imagen subida.',
    removed: 'Imagen quitada; vuelve el predeterminado de Prosa.',
    saved: 'Marca guardada.',
    previewSection: 'Vista previa',
    previewButton: 'Botón',
  },
};
