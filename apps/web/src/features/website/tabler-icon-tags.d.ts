// Tabler's own tags for each icon, made at build time from @tabler/icons' icons.json (build/tabler-icon-tags.ts).
declare module 'virtual:tabler-icon-tags' {
  /** A line per icon with tags: its component's name without 'Icon' ('MapPin'), a space, its tag words. */
  const text: string;
  export default text;
}
