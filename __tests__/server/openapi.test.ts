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
});
