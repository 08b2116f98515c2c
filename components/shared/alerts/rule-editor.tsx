'use client';

import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '@/lib/api/hooks';
import type { RuleDTO, WatchItemDTO } from '@/lib/api/schemas/alert-calls';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { money, seriesName } from '@/lib/i18n/alert-text';
import type { AlertChannel } from '@/lib/shared/alert-limits';
import s from './alerts.module.css';

type Kind = RuleDTO['kind'];
const KINDS: Kind[] = ['above', 'below', 'move', 'level', 'new'];
const CHANNELS: AlertChannel[] = ['email', 'sms', 'webhook'];

/**
 * The alerts of one followed series (a native <dialog>): the rules set, and a form for a new one —
 * crosses above / below a price, moves by X % over N days, anomaly level reaches, any new price —
 * with the channels the membership allows (docs/alerts.md, "Rules").
 */
export function RuleEditor({
  item,
  channels,
  onClose,
}: {
  item: WatchItemDTO;
  channels: readonly AlertChannel[];
  onClose: () => void;
}) {
  const t = useT('alerts');
  const ta = useT('anomaly');
  const lang = useLocale();
  const ref = useRef<HTMLDialogElement>(null);
  const qc = useQueryClient();
  const rules = useApiQuery('QueryAlertRules', { query: { watchId: item.id } });
  const settings = useApiQuery('QueryAlertSettings', { query: { lang } });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['QueryAlertRules'] });
    void qc.invalidateQueries({ queryKey: ['QueryWatchlist'] });
  };
  const save = useApiMutation('SaveAlertRule', { onSuccess: refresh });
  const remove = useApiMutation('DeleteAlertRule', { onSuccess: refresh });
  const [kind, setKind] = useState<Kind>('above');
  const [value, setValue] = useState(item.latest ? String(item.latest.price) : '');
  const [days, setDays] = useState('30');
  const [direction, setDirection] = useState<'any' | 'up' | 'down'>('any');
  const [level, setLevel] = useState<'stress' | 'alert' | 'crisis'>('alert');
  const [chosen, setChosen] = useState<AlertChannel[]>([]);

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  const name = seriesName(t, { product: item.product.name, region: item.region.name, priceType: item.priceType });
  const price = (v: number) => `${money(lang, v, item.currency)} ${item.currency}`;
  const summary = (r: RuleDTO) =>
    fmt(t.ruleSummary[r.kind], {
      value: r.kind === 'move' ? String(r.value) : r.value === null ? '' : price(r.value),
      days: r.days ?? '',
      direction: t.directions[r.direction ?? 'any'],
      level: r.level ? ta[r.level] : '',
    });
  const unavailable = (c: AlertChannel): string | null => {
    if (!channels.includes(c)) return fmt(t.channelLocked, { channel: t.channel[c] });
    if (c === 'email' && !settings.data?.emailConfirmed) return t.channelNeedsEmail;
    if (c === 'webhook' && !settings.data?.webhookUrl) return t.channelNeedsWebhook;
    return null;
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const num = Number(value);
    save.mutate(
      {
        body: {
          watchId: item.id,
          kind,
          ...(kind === 'above' || kind === 'below' || kind === 'move' ? { value: num } : {}),
          ...(kind === 'move' ? { days: Number(days), direction } : {}),
          ...(kind === 'level' ? { level } : {}),
          channels: chosen,
        },
        // The refusal is said in the dialog (below), not a second time in the error dialog.
        skipErrorHandler: true,
      },
      { onSuccess: () => setChosen([]) },
    );
  };

  return (
    <dialog ref={ref} className={s.dialog} onClose={onClose} aria-labelledby="rules-title" data-testid="rule-editor">
      <h2 id="rules-title">{fmt(t.rulesTitle, { series: name })}</h2>
      {item.latest && (
        <p className={s.hint}>{fmt(t.latestNow, { price: price(item.latest.price), date: item.latest.date })}</p>
      )}
      <ul className={s.rules} data-testid="rules">
        {(rules.data ?? []).map((r) => (
          <li key={r.id}>
            <span>
              {summary(r)}
              <span className={s.sub}>{[t.channelPortal, ...r.channels.map((c) => t.channel[c])].join(' · ')}</span>
            </span>
            <button type="button" className={s.link} onClick={() => remove.mutate({ body: { id: r.id } })}>
              {t.deleteRule}
            </button>
          </li>
        ))}
        {rules.data?.length === 0 && <li className={s.hint}>{t.noRules}</li>}
      </ul>
      <form className={s.form} onSubmit={submit}>
        <label className={s.field}>
          {t.kind}
          <select
            className={s.control}
            value={kind}
            onChange={(e) => setKind(e.target.value as Kind)}
            data-testid="rule-kind"
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t.kinds[k]}
              </option>
            ))}
          </select>
        </label>
        {(kind === 'above' || kind === 'below' || kind === 'move') && (
          <label className={s.field}>
            {kind === 'move' ? t.pct : `${t.value} (${item.currency})`}
            <input
              className={s.control}
              type="number"
              step="any"
              min="0"
              required
              value={value}
              onChange={(e) => setValue(e.target.value)}
              data-testid="rule-value"
            />
          </label>
        )}
        {kind === 'move' && (
          <div className={s.row}>
            <label className={s.field}>
              {t.days}
              <input
                className={s.control}
                type="number"
                min="1"
                max="365"
                required
                value={days}
                onChange={(e) => setDays(e.target.value)}
              />
            </label>
            <label className={s.field}>
              {t.direction}
              <select
                className={s.control}
                value={direction}
                onChange={(e) => setDirection(e.target.value as typeof direction)}
              >
                {(['any', 'up', 'down'] as const).map((d) => (
                  <option key={d} value={d}>
                    {t.directions[d]}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
        {kind === 'level' && (
          <label className={s.field}>
            {t.level}
            <select className={s.control} value={level} onChange={(e) => setLevel(e.target.value as typeof level)}>
              {(['stress', 'alert', 'crisis'] as const).map((l) => (
                <option key={l} value={l}>
                  {ta[l]}
                </option>
              ))}
            </select>
          </label>
        )}
        <fieldset className={s.field} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>{t.channels}</legend>
          <span className={s.hint}>✓ {t.channelPortal}</span>
          {CHANNELS.map((c) => {
            const why = unavailable(c);
            return (
              <label key={c} title={why ?? undefined}>
                <input
                  type="checkbox"
                  disabled={!!why}
                  checked={chosen.includes(c)}
                  onChange={(e) => setChosen((x) => (e.target.checked ? [...x, c] : x.filter((y) => y !== c)))}
                  data-testid={`channel-${c}`}
                />{' '}
                {t.channel[c]}
                {why && <span className={s.hint}> — {why}</span>}
              </label>
            );
          })}
        </fieldset>
        {save.error && (
          <p className={s.error} role="alert">
            {save.error.text}
          </p>
        )}
        <div className={s.row}>
          <button type="submit" className={s.primary} disabled={save.isPending} data-testid="rule-save">
            {t.saveRule}
          </button>
          <button type="button" className={s.button} onClick={() => ref.current?.close()}>
            {t.cancel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
