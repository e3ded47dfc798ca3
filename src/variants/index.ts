/** The variant registry: every shipped variant, its names, and the one resolver of (variant, options). */
export { findVariantByName, isNameOf } from './names.js';
export {
  DEFAULT_VARIANT,
  DEFAULT_VARIANT_ID,
  findVariant,
  MENU_VARIANT_IDS,
  MENU_VARIANTS,
  VARIANT_IDS,
  VARIANTS,
} from './registry.js';
export { resolveVariant, type VariantOptions, withMarriageMode } from './resolve.js';
export type * from './schema.js';
