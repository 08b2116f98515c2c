'use strict';
// Next's page cache, seen from scripts/server.mjs. revalidatePath expires cache tags in a registry
// that lives in the server process's memory (Next's file-system cache handler keeps it there), so
// a change made through one instance reaches only that instance's pages. When another instance
// changed content (lib/server/fleet/page-versions.ts), the server expires the same tags here as
// revalidatePath would have; Next then renders those pages afresh on their next request, exactly
// as after a local change. Both functions fail loudly, not silently, if a Next upgrade moves them.

const REGISTRY = 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';
const CONSTANTS = 'next/dist/lib/constants.js';

/** Next's tag registry (a Map of tag → {expired, stale}) and its implicit-tag prefix, or null if not found. */
function tagRegistry(requireFromApp) {
  try {
    const { tagsManifest } = requireFromApp(REGISTRY);
    const { NEXT_CACHE_IMPLICIT_TAG_ID } = requireFromApp(CONSTANTS);
    if (!(tagsManifest instanceof Map) || typeof NEXT_CACHE_IMPLICIT_TAG_ID !== 'string') return null;
    return { manifest: tagsManifest, prefix: NEXT_CACHE_IMPLICIT_TAG_ID };
  } catch {
    return null;
  }
}

/** The tag revalidatePath(path, type) expires (our routes are ASCII: no header-safe encoding applies). */
function tagOf(prefix, [path, type]) {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return `${prefix}${trimmed}${trimmed.endsWith('/') ? '' : '/'}${type}`;
}

/** Expires the pages under each [path, type] pattern now, as FileSystemCache.revalidateTag does. */
function expirePages(registry, patterns, now = Date.now()) {
  for (const pattern of patterns) {
    const tag = tagOf(registry.prefix, pattern);
    registry.manifest.set(tag, { ...registry.manifest.get(tag), expired: now });
  }
}

module.exports = { tagRegistry, tagOf, expirePages };
