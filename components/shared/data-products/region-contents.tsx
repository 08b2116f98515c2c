import type { DataProductDTO } from '@/lib/api/schemas/data-product';
import { fmt } from '@/lib/i18n/format';
import type { Messages } from '@/lib/i18n/types';
import type { Locale } from '@/lib/shared/locale';
import { joinNames, pick } from '@/lib/shared/names';
import s from './region-contents.module.css';

type Region = DataProductDTO['regions'][number];
const SHOWN = 6;

/**
 * What a region of a data product holds, before it is bought (docs/commerce.md): current or an
 * archive (and until when), its products, and each source's rhythm and span. Plain markup: the
 * desktop and the phone purchase pages both show it.
 */
export function RegionContents({
  region: r,
  t,
  locale,
}: {
  region: Region;
  t: Messages['saleRegion'];
  locale: Locale;
}) {
  const names = r.products.map((p) => pick(locale, p.nameZh, p.nameEn));
  const shown = joinNames(names.slice(0, SHOWN), locale);
  const whole = r.units > 1;
  return (
    <span className={s.contents} data-testid="region-contents" data-current={r.current}>
      <span>
        {r.current ? (
          <span className={s.current}>{t.current}</span>
        ) : (
          <span className={s.archive}>{fmt(t.archive, { date: r.to })}</span>
        )}
        {whole && r.current && r.archiveUnits > 0 && (
          <span className={s.note}> {fmt(t.archiveCountry, { n: r.archiveUnits }, locale)}</span>
        )}
      </span>
      <span>
        {fmt(t.products, {
          names: names.length > SHOWN ? `${shown} ${fmt(t.more, { n: names.length - SHOWN })}` : shown,
        })}
      </span>
      {r.sources.map((src) => (
        <span key={src.name} className={s.note}>
          {fmt(t.source, {
            // The demo source's name is English: a Chinese page says what it is beside it.
            source: src.demo && locale === 'zh-CN' ? `${src.name}（${t.demo}）` : src.name,
            frequency: t[src.frequency],
            from: src.from,
            to: src.to,
          })}
        </span>
      ))}
    </span>
  );
}
