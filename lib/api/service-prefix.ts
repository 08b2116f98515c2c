import type { Service } from './contract';

// Prefixes default to this app's own handlers; NEXT_PUBLIC_*_API points the
// same front end at external upstream services (docs/architecture.md). Read here, not through
// lib/server/env.ts: this runs in the browser, where Next inlines each literal
// `process.env.NEXT_PUBLIC_…` at build time (docs/architecture.md, "Configuration").
const PREFIX: Record<Service, string> = {
  core: process.env.NEXT_PUBLIC_CORE_API || '/api/core',
  docs: process.env.NEXT_PUBLIC_DOCS_API || '/api/docs',
  feedback: process.env.NEXT_PUBLIC_FEEDBACK_API || '/api/feedback',
  auth: process.env.NEXT_PUBLIC_AUTH_API || '/api/auth',
};

export function servicePrefix(service: Service): string {
  return PREFIX[service].replace(/\/$/, '');
}
