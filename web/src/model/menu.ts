/** The variants the app offers, in menu order (orthodox chess is not offered). */
export const MENU_VARIANTS = [
  'wildebeest',
  'camel-decimal',
  'shatranj-kamil',
  'shatranj-kamil-2',
  'bachelor-kamil',
  'bachelor-kamil-reflective',
] as const;
