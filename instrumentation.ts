// Runs once when the Next server starts (app.prepare() in server/main.mjs). Makes the production
// server and Next's page cache from the application's parts (server/install.ts). NEXT_RUNTIME is
// Next's own and read literally, so the edge build drops the Node-only branch: the server uses Node
// APIs (docs/architecture.md, "Configuration").
import type { Instrumentation } from 'next';

export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { installServer } = await import('./server/install');
  installServer();
}

// A page or route that failed inside Next: if the database was the cause, the server learns it is
// away and answers the next pages with the friendly page at once (docs/reliability.md).
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { reportRequestError } = await import('./server/install');
  const id = request.headers['x-request-id'];
  reportRequestError(error, typeof id === 'string' ? id : null, request.path, context.routeType === 'render');
};
