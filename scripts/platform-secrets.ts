// Prints `export PLATFORM_SECRET_<KEY>=…` for every platform secret the environment
// lacks, with the development value (derived from APP_SECRET). `npm run demo` evals
// it: the demo serves in production mode, which requires the variables, and
// `npm run platform:token` on the same machine then signs with the same secrets.
// It reads process.env, not lib/server/env.ts: in production env() refuses to start while these
// variables are missing, and this script runs to supply them (docs/architecture.md, "Configuration").
import { PLATFORMS } from '@/lib/server/platforms/catalogue';
import { platformSecretVar } from '@/lib/server/platforms/env-vars';
import { devPlatformSecret } from '@/lib/server/platforms/secrets';

for (const p of PLATFORMS) {
  const v = platformSecretVar(p);
  if (!process.env[v]) console.log(`export ${v}='${devPlatformSecret(p)}'`);
}
