// Runs once when the Next server starts (app.prepare() in scripts/server.mjs). Installs what the
// production server needs from the application (lib/server/fleet/server-hooks.ts). NEXT_RUNTIME
// is Next's own and read literally, so the edge build drops the Node-only branch: the hooks use Node
// APIs (docs/architecture.md, "Configuration").
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { installServerHooks } = await import('./lib/server/fleet/server-hooks');
  installServerHooks();
}
