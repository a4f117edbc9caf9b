// SECURITY-CRITICAL: white label (issue 16). The operator's routes declare `config: { auth:
// 'operator' }` (an admin of tenant 1); the public ones say `auth: 'public'` and answer only what
// the login page and the installed app show before anyone signs in.
import multipart from '@fastify/multipart';
import {
  BRANDING_IMAGE_TYPES,
  ZAppTitle,
  ZBranding,
  ZBrandingMediaParams,
  ZBrandingMediaQuery,
  ZBrandingUpdate,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import { loadableFromAnySite } from '../../platform/http/security-headers.js';
import { storageOf } from '../../platform/storage/storage.js';
import { manifestOf } from './branding-manifest.js';
import { BRANDING_MULTIPART_LIMITS, readBrandingImage } from './branding-upload.js';
import { readBranding, storedBrandingImage, versionOf } from './branding.queries.js';
import { removeBrandingImage, saveBrandingImage, updateBranding } from './commands/save-branding.js';

const admin = { tags: ['admin'], security: [{ bearer: [] }] };
const operator = { auth: 'operator' } as const;
const tags = ['public'];
const isPublic = { auth: 'public' } as const;

export const brandingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.platform;
  // Scoped to this plugin: only the upload route reads a multipart body.
  await app.register(multipart, { limits: BRANDING_MULTIPART_LIMITS });

  // ------------------------------------------------------------------ the operator's
  app.get(
    '/admin/branding',
    {
      config: operator,
      schema: { operationId: 'getBranding', summary: 'Read the white-label branding', ...admin, response: { 200: ZBranding } },
    },
    () => readBranding(db),
  );
  app.put(
    '/admin/branding',
    {
      config: operator,
      schema: {
        operationId: 'updateBranding',
        summary: "Set the product's name and primary colour ('' puts the default back)",
        ...admin,
        body: ZBrandingUpdate,
        response: { 200: ZBranding },
      },
    },
    (req) => updateBranding(db, req.body),
  );
  app.post(
    '/admin/media-upload',
    {
      config: operator,
      schema: {
        operationId: 'uploadBrandingMedia',
        summary:
          'Upload a logo (481x186 px) or an icon (square, 16 to 512 px): PNG, JPEG or WebP, at most 1 MB, multipart field `file`',
        errors: ['ERR_FILE_TOO_LARGE', 'ERR_FILE_TYPE_NOT_ALLOWED', 'ERR_IMAGE_DIMENSIONS'],
        ...admin,
        consumes: ['multipart/form-data'],
        querystring: ZBrandingMediaQuery,
        response: { 200: ZBranding },
      },
    },
    async (req) => saveBrandingImage(db, req.query.ref, await readBrandingImage(req, req.query.ref)),
  );
  app.delete(
    '/admin/media-upload',
    {
      config: operator,
      schema: {
        operationId: 'removeBrandingMedia',
        summary: "Remove an uploaded logo or icon (Prosa's own is shown again)",
        ...admin,
        querystring: ZBrandingMediaQuery,
        response: { 200: ZBranding },
      },
    },
    (req) => removeBrandingImage(db, req.query.ref),
  );

  // ------------------------------------------------------------------ public
  app.get(
    '/platform/branding',
    {
      config: isPublic,
      schema: { operationId: 'getPublicBranding', summary: "The product's name, colour, logos and icons", tags, response: { 200: ZBranding } },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return readBranding(db);
    },
  );
  app.get(
    '/platform/branding/:ref',
    {
      config: isPublic,
      schema: {
        operationId: 'getBrandingMedia',
        summary: 'A logo or icon the operator uploaded',
        errors: ['ERR_NOT_FOUND'],
        binary: BRANDING_IMAGE_TYPES,
        tags,
        params: ZBrandingMediaParams,
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (req, reply) => {
      const stored = await storedBrandingImage(db, req.params.ref);
      if (!stored) throw new AppError('ERR_NOT_FOUND');
      const file = await storageOf(db)
        .read(stored.key)
        .catch(() => {
          throw new AppError('ERR_NOT_FOUND');
        });
      // The URL the branding answers carries the version: that one never changes and is cached for
      // a year; any other (an old or no version) only briefly.
      const current = req.query.v === versionOf(stored);
      // Mail clients show the logo from another origin.
      loadableFromAnySite(reply);
      return reply
        .header('Content-Type', stored.type)
        .header('Content-Length', file.size)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .send(file.stream);
    },
  );
  app.get(
    '/manifest.json',
    {
      config: isPublic,
      schema: {
        operationId: 'getWebAppManifest',
        summary: "The installed app's web app manifest, from the branding",
        binary: 'application/manifest+json',
        tags,
      },
    },
    async (_req, reply) =>
      reply
        .header('Content-Type', 'application/manifest+json; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(JSON.stringify(manifestOf(await readBranding(db)))),
  );
  app.get(
    '/title',
    {
      config: isPublic,
      schema: { operationId: 'getAppTitle', summary: "The installed app's title (the product's name)", tags, response: { 200: ZAppTitle } },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return { title: (await readBranding(db)).productName };
    },
  );
};
