// Runs once when the Next server starts (app.prepare() in server/main.mjs). Makes the production
// server and Next's page cache from the application's parts (server/install.ts). NEXT_RUNTIME is
// Next's own and read literally, so the edge build drops the Node-only branch: the server uses Node
// APIs (docs/architecture.md, "Configuration").
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { installServer } = await import('./server/install');
  installServer();
}
