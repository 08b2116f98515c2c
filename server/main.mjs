// The production server's entry (`npm start` runs scripts/start.mjs, which becomes this process).
// Plain JavaScript because Node runs it as it is: it starts Next, whose start (instrumentation.ts)
// builds the server from the TypeScript beside this file, compiled with the app (install.ts,
// http-server.ts), and hands it Next's request handler (docs/decisions/page-cache-and-server.md).
import next from 'next';

// Next's own variables, needed before the application (and its validated settings) is loaded.
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || '0.0.0.0';
// Next builds its internal URLs (the proxy's rewrites) from this name, not from the address listened
// on; it calls every loopback address "localhost", so given 127.0.0.1 it would take its own
// rewrites for another origin's and fetch them over the network.
const app = next({ dev: false, dir: process.cwd(), port, hostname: 'localhost' });
await app.prepare();

const server = globalThis[Symbol.for('portal.server')];
if (!server) {
  console.error('server: the application did not install its server (instrumentation.ts); not starting.');
  process.exit(1);
}
server.start({ handle: app.getRequestHandler(), port, hostname });
