import { CATEGORY_NAME_TAKEN, TAG_MAX_LENGTH, TAG_NAME_TAKEN, type TagEntry, type TagType } from '@atrium/contracts';

/**
 * What a tag box offers: the registry's tag names, plus the values already chosen (a contact may
 * carry a tag another casing of which is registered), each once in any case, by name.
 */
export function tagOptions(registry: readonly TagEntry[] | undefined, chosen: readonly string[] = []): string[] {
  const seen = new Set(chosen.map((tag) => tag.toLowerCase()));
  const options: string[] = [];
  for (const entry of registry ?? []) {
    const key = entry.name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    options.push(entry.name);
  }
  return [...chosen, ...options];
}

/** The server's name rule (POST /rest/tag) checked before sending: trimmed, 1..40, unique in any case. */
export function tagNameError(name: string, type: TagType, existing: readonly TagEntry[] | undefined): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'name is required';
  if (trimmed.length > TAG_MAX_LENGTH) return `name must be at most ${TAG_MAX_LENGTH} characters`;
  const taken = (existing ?? []).some((entry) => entry.name.toLowerCase() === trimmed.toLowerCase());
  if (taken) return type === 'tag' ? TAG_NAME_TAKEN : CATEGORY_NAME_TAKEN;
  return null;
}
