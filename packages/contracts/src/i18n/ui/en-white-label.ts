import type { UiCatalogue } from '../index.js';

/** The operator's white-label screen (/white-label) in en; spread into uiEn (en.ts). */
export const uiEnWhiteLabel: Pick<UiCatalogue, 'whiteLabel'> = {
  whiteLabel: {
    menu: 'White label',
    title: 'White label',
    subtitle: 'The name, colour, logos and icons companies and customers see the platform with.',
    identitySection: 'Name and colour',
    productName: 'Product name',
    productNameHint: 'On the login page, in the header, in the browser title, in the installed app and in emails. Empty: Prosa.',
    primaryColor: 'Primary colour',
    primaryColorHint: 'Buttons, links and highlights. A light colour is darkened enough for white text to stay readable. Empty: Prosa green.',
    imagesSection: 'Logos and icons',
    imagesHint: 'PNG, JPEG or WebP up to 1 MB. SVG is not accepted (it can carry scripts).',
    refs: {
      logo: { label: 'Logo', hint: 'Exactly 481 x 186 px. On light backgrounds.' },
      logoDark: { label: 'Logo for dark backgrounds', hint: 'Exactly 481 x 186 px. In the dark theme and on the login page side panel; without it, the logo.' },
      favicon: { label: 'Favicon', hint: 'Square, 16 to 512 px (e.g. 32 x 32). In the browser tab.' },
      appIcon: { label: 'App icon', hint: 'Square, 16 to 512 px (best: 512 x 512). For the installed app.' },
    },
    size: '{{width}} x {{height}} px',
    none: "Prosa's default",
    upload: 'Upload image',
    replace: 'Replace',
    remove: 'Remove',
    uploaded: 'Image uploaded.',
    removed: "Image removed; Prosa's default is back.",
    saved: 'Branding saved.',
    previewSection: 'Preview',
    previewButton: 'Button',
  },
};
