import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform.ts';
import { registerCategoryRoutes } from './categories.routes.ts';
import { registerItemRoutes } from './items.routes.ts';

/** The catalogue (spec 3 §7.6): categories, items, suppliers and bundles. */
export function registerCatalogueRoutes(app: FastifyInstance, platform: Platform): void {
  registerCategoryRoutes(app, platform);
  registerItemRoutes(app, platform);
}
