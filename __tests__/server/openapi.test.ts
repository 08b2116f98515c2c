import { describe, expect, it } from '@jest/globals';
import { contract, specCallNames } from '@/lib/api/contract';
import { buildOpenApi } from '@/lib/api/openapi';

describe('OpenAPI document', () => {
  const doc = buildOpenApi('Test');
  type Op = { operationId: string; parameters: { name: string; required: boolean }[]; security?: unknown };
  const ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({ path, method, ...(op as Op) })),
  );

  it('lists every spec call at its exact path and method', () => {
    for (const name of specCallNames) {
      const op = ops.find((o) => o.operationId === name);
      expect(op).toBeDefined();
      expect(op?.method.toUpperCase()).toBe(contract[name].method);
      expect(op?.path.endsWith(contract[name].path)).toBe(true);
    }
    expect(ops.find((o) => o.operationId === 'GetDirListToWebByName')?.method).toBe('get');
  });

  it('documents query parameters and which calls need a login', () => {
    const send = ops.find((o) => o.operationId === 'SendValidateCode');
    expect(send?.parameters).toEqual([expect.objectContaining({ name: 'phone', required: true })]);
    expect(ops.find((o) => o.operationId === 'GetCurrentUser')?.security).toBeDefined();
    expect(ops.find((o) => o.operationId === 'UserLoginAPP')?.security).toBeUndefined();
  });

  it('documents the data API: every endpoint, its key, its parameters and its error statuses', () => {
    const v1 = ops.filter((o) => o.path.startsWith('/api/v1/'));
    expect(v1.map((o) => o.path).sort()).toEqual(
      ['anomalies', 'countries', 'forecast', 'index', 'latest', 'products', 'regions', 'series'].map(
        (e) => `/api/v1/${e}`,
      ),
    );
    const series = v1.find((o) => o.path === '/api/v1/series') as unknown as Op & {
      responses: Record<string, unknown>;
    };
    expect(series.security).toEqual([{ apiKey: [] }]);
    expect(series.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'product', required: true }),
        expect.objectContaining({ name: 'format', required: false }),
      ]),
    );
    expect(Object.keys(series.responses)).toEqual(
      expect.arrayContaining(['200', '304', '400', '401', '403', '404', '429']),
    );
  });
});
