import { z } from 'zod';

// The template service (spec 3 §7.2, docs/decisions/campaigns.md "Template service"): the platform's
// starter templates, widgets, program emails and categories ('master', offered to every studio), and
// each studio's own saved templates, widgets, web pages and categories.

/** A designer's project (GrapesJS project data): an object, or null. */
export const DesignProject = z
  .record(z.string(), z.unknown(), { error: 'design must be the designer project (an object)' })
  .nullable()
  .refine((value) => value === null || JSON.stringify(value).length <= 2_000_000, 'design must be at most 2 MB');

/** The org id the spec gives the platform's defaults. */
export const MASTER_ORG_ID = 'master';

export const DESIGN_NAME_MAX = 200;
export const DESIGN_CONTENT_MAX = 500_000;

const designType = z
  .string({ error: 'type is required' })
  .trim()
  .regex(/^[a-z][a-z0-9_-]{0,39}$/, 'type must be a short lower-case word, such as email');

/** One template, widget or web page: the spec's fields (3 §3 "Website template") plus the design's MJML. */
export const DesignTemplate = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.string(),
  /** A category's _id, or empty. */
  category: z.string(),
  thumbnail: z.string().nullable(),
  /** The thumbnail image (the spec's s3Url); null when there is none. */
  s3Url: z.string().nullable(),
  unhtml: z.string(),
  unjson: z.record(z.string(), z.unknown()).nullable(),
  mjml: z.string(),
  /** The owner: `master` for the platform's defaults, else the studio's org id. */
  orgId: z.string(),
  /** A platform default (read-only). */
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DesignTemplate = z.infer<typeof DesignTemplate>;

export const DesignTemplateList = z.object({ data: z.array(DesignTemplate), total: z.number().int() });
export type DesignTemplateList = z.infer<typeof DesignTemplateList>;

/** POST and PUT of a template, widget or web page. */
export const DesignTemplateWrite = z
  .object({
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, 'name is required')
      .max(DESIGN_NAME_MAX, `name must be at most ${DESIGN_NAME_MAX} characters`),
    type: designType.default('email'),
    category: z.string().trim().max(100, 'category must be at most 100 characters').default(''),
    thumbnail: z.string().trim().max(2000, 'thumbnail must be at most 2000 characters').nullable().default(null),
    unhtml: z.string().max(DESIGN_CONTENT_MAX, `unhtml must be at most ${DESIGN_CONTENT_MAX} characters`).default(''),
    unjson: DesignProject.default(null),
    mjml: z.string().max(DESIGN_CONTENT_MAX, `mjml must be at most ${DESIGN_CONTENT_MAX} characters`).default(''),
  })
  .strict();
export type DesignTemplateWrite = z.input<typeof DesignTemplateWrite>;

export const DesignCategory = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.string(),
  sequence: z.number().int(),
  orgId: z.string(),
  isDefault: z.boolean(),
});
export type DesignCategory = z.infer<typeof DesignCategory>;
export const DesignCategoryList = z.object({ data: z.array(DesignCategory), total: z.number().int() });
export type DesignCategoryList = z.infer<typeof DesignCategoryList>;

export const DesignCategoryWrite = z
  .object({
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, 'name is required')
      .max(100, 'name must be at most 100 characters'),
    type: designType.default('email'),
    sequence: z.coerce.number().int('sequence must be a whole number').min(0, 'sequence must be 0 or more').default(0),
  })
  .strict();
export type DesignCategoryWrite = z.input<typeof DesignCategoryWrite>;

const flag = z
  .enum(['true', 'false'], { error: 'default must be true or false' })
  .optional()
  .transform((value) => value === 'true');
const orgParam = z.string().trim().max(100, 'orgId must be at most 100 characters').optional();
const pageStart = (name: 'start' | 'offset') =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be 0 or more`)
    .default(0);
const pageMax = z.coerce
  .number({ error: 'max must be a number' })
  .int('max must be a whole number')
  .min(1, 'max must be between 1 and 100')
  .max(100, 'max must be between 1 and 100')
  .default(50);

/**
 * The lists' filters: `orgId` (or the spec's `orgid`) is `master` for the platform's defaults or the
 * studio's own org id; `default=true` asks for the platform's defaults too; `type` filters.
 */
export const DesignListQuery = z.object({
  orgId: orgParam,
  orgid: orgParam,
  default: flag,
  type: designType.optional(),
  /** GET /unlayertemplate/widgets?guid= and /unlayertemplate/webpages?id=: one by its id. */
  guid: z.uuid('guid must be an id').optional(),
  id: z.uuid('id must be an id').optional(),
  start: pageStart('start'),
  max: pageMax,
});
export type DesignListQuery = z.input<typeof DesignListQuery>;

/** GET /stemplate/untemplate: orgId, type, offset, max. */
export const StemplateUntemplateQuery = z.object({
  orgId: orgParam,
  type: designType.optional(),
  offset: pageStart('offset'),
  max: pageMax,
});
export type StemplateUntemplateQuery = z.input<typeof StemplateUntemplateQuery>;

export const DESIGN_MESSAGES = {
  deleted: 'Template deleted.',
  masterReadOnly: "The platform's templates cannot be changed: save a copy as your own.",
} as const;
