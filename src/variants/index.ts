/** The variant registry: every shipped variant by id, and the one resolver of (variant, options). */
export { findVariant, VARIANT_IDS, VARIANTS } from './registry.js';
export { resolveVariant, type VariantOptions, withMarriageMode } from './resolve.js';
export type * from './schema.js';
