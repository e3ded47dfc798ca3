/** The variants the app offers, in menu order: the registry's (orthodox chess is not offered). */
export { MENU_VARIANT_IDS as MENU_VARIANTS } from '../../../src/variants/index.js';
