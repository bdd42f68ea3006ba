import type pg from 'pg';
import {
  activateTemplateBodySchema,
  listTemplatesQuerySchema,
  saveTemplateBodySchema,
  templatePreviewQuerySchema,
  type ActivateTemplateResult,
} from '../../../contracts/templates';
import { withTransaction } from '../../../db/transaction';
import { saveFlowAsTemplate } from '../../../db/templates/workspace-templates';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser, publicRouter } from '../../http/routers';
import { parseBody, parseQuery, parseWith } from '../../http/validate';
import { createFlowFromTemplate } from './template-activation';
import { previewTemplate } from './template-preview';
import { listTemplates, validateBuiltInTemplates } from './templates.service';
import { fromSaved } from './to-flow-template';

/**
 * Browsing is public (the Templates page is, docs/product-spec.md §2): the built-ins for everyone,
 * plus the workspace's own when signed in. Mounted at /api/templates before the authed routes.
 */
export function publicTemplatesRoutes(pool: pg.Pool) {
  const router = publicRouter();

  router.get('/', async (req, res) => {
    res.json(await listTemplates(pool, req.user?.workspaceId ?? null, parseQuery(listTemplatesQuerySchema, req)));
  });

  router.get('/validate', (_req, res) => {
    res.json(validateBuiltInTemplates());
  });

  // The graph as activation would create it, filled with the signed-in workspace's facts.
  router.get('/:id/preview', async (req, res) => {
    const { platform } = parseQuery(templatePreviewQuerySchema, req);
    const preview = await previewTemplate(pool, req.user?.workspaceId ?? null, String(req.params.id), platform);
    if (preview === 'not_found') throw new AppError('NOT_FOUND', 'Template not found');
    if (preview === 'platform_not_supported') throw new AppError('BAD_REQUEST', `This template does not run on ${platform}`);
    res.json(preview);
  });

  return router;
}

/** Saving and activating need a user (§6: a 401 shows 'Login Required'). Mounted at /api/templates. */
export function templatesRoutes(pool: pg.Pool) {
  const router = authedRouter('templates:write');

  router.post('/', async (req, res) => {
    const body = parseBody(saveTemplateBodySchema, req);
    const saved = await saveFlowAsTemplate(pool, currentUser(req).workspaceId, body);
    if (!saved) throw new AppError('NOT_FOUND', 'Flow not found');
    res.status(201).json(fromSaved(saved, undefined));
  });

  router.post('/:id/activate', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    // The spec's call sends no body (docs/product-spec.md §7), so a missing body is an empty one.
    const { platform } = parseWith(activateTemplateBodySchema, req.body ?? {}, 'Invalid request body');
    const templateId = String(req.params.id);
    const created = await withTransaction(pool, (client) => createFlowFromTemplate(client, workspaceId, templateId, platform));
    if (created === 'not_found') throw new AppError('NOT_FOUND', 'Template not found');
    if (created === 'platform_not_supported') throw new AppError('BAD_REQUEST', `This template does not run on ${platform}`);
    const body: ActivateTemplateResult = { flowId: created.flowId, message: 'Template Activated' };
    res.status(201).json(body);
  });

  return router;
}
