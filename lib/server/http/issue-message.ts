import 'server-only';
import type { z } from 'zod';
import type { Template } from '@/lib/i18n/format';
import { serverEn } from '@/lib/i18n/messages/server.en';
import { msg, type MessageKey, type MessageParams, type MessageRef } from '@/lib/i18n/server-messages';
import { invalidField } from '../errors';
import { escapeRegExp } from '@/lib/shared/format';

type Reader = { key: MessageKey; names: string[]; re: RegExp; literal: number };

/**
 * The request schemas keep plain English reasons (`.max(32, 'must be at most 32 characters')`);
 * each is read back into the `validation.*` message it spells, with its numbers as parameters,
 * so the page can show it in its own language.
 */
const readers: Reader[] = Object.entries(serverEn as Record<string, Template>)
  .filter(([key]) => key.startsWith('validation.') && key !== 'validation.field')
  .flatMap(([key, t]) =>
    (typeof t === 'string' ? [t] : Object.entries(t).flatMap(([k, v]) => (k === 'count' || !v ? [] : [v]))).map(
      (form) => {
        const names = [...form.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
        const re = new RegExp(`^${escapeRegExp(form).replace(/\\\{\w+\\\}/g, '(.+?)')}$`);
        return { key: key as MessageKey, names, re, literal: form.replace(/\{\w+\}/g, '').length };
      },
    ),
  )
  // The most specific form first: `must be at most {max} characters` before `must be at most {max}`.
  .sort((a, b) => b.literal - a.literal);

function readReason(text: string): MessageRef | undefined {
  for (const r of readers) {
    const m = r.re.exec(text);
    if (!m) continue;
    const params: MessageParams = {};
    r.names.forEach((n, i) => {
      const v = m[i + 1] as string;
      params[n] = /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
    });
    return r.names.length ? { key: r.key, params } : { key: r.key };
  }
  return undefined;
}

/** zod's own English (no reason given in the schema) starts like this. */
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized)/;

function reasonOf(issue: z.core.$ZodIssue): MessageRef | string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return msg('validation.required');
  const read = readReason(issue.message);
  if (read) return read;
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'number' || issue.expected === 'int') return msg('validation.number');
      if (issue.expected === 'string') return msg('validation.text');
      return msg('validation.invalid');
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return msg('validation.tooShort', { min });
      if (issue.origin === 'array' || issue.origin === 'set') return msg('validation.tooFewItems', { min });
      return msg('validation.tooSmall', { min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return msg('validation.tooLong', { max });
      if (issue.origin === 'array' || issue.origin === 'set') return msg('validation.tooManyItems', { max });
      return msg('validation.tooBig', { max });
    }
    case 'invalid_value':
      return msg('validation.oneOf', { options: issue.values.map(String).join(', ') });
    default:
      return msg('validation.invalid');
  }
}

/** The first failing field of a request and why, e.g. `phone: must be a mainland mobile number`. */
export function issueMessage(error: z.ZodError, where: 'query' | 'body'): MessageRef | string {
  const issue = error.issues[0];
  if (!issue) return invalidField(where, msg('validation.invalid'));
  const field = issue.path.length ? issue.path.join('.') : where;
  const why = reasonOf(issue);
  return typeof why === 'string' ? `${field}: ${why}` : invalidField(field, why);
}
