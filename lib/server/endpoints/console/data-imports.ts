import 'server-only';
import { handlers } from '../../http/handler';
import { actorOf } from '../../services/console/audit';
import { importRejects, importUploadedPrices, listImports } from '../../services/console/data-imports';

export const consoleDataImportHandlers = handlers({
  // The import, its history row, its job record and its audit record: one transaction (the
  // dispatcher's); each country's prices a savepoint in it (docs/console.md "Data").
  ConsoleImportPrices: async ({ db, body, user, meta, audit }) => {
    const { record } = await importUploadedPrices(db, { ...body, actor: actorOf(user), now: meta.now });
    audit({ entity: 'price_import', entityId: record.id, before: null, after: record });
    return record;
  },
  ConsoleImports: ({ db, body }) => listImports(db, body),
  ConsoleImportRejects: ({ db, body }) => importRejects(db, body.id),
});
