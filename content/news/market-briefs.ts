// The weekly market briefs our research desk publishes every Monday: a lead
// story, a price table and an outlook. Figures come from a fixed, seeded
// series so the seed is repeatable; they are labelled as demo figures.
import type { SeedArticle } from './types';

type Product = { zh: string; en: string; base: number; unit: 'kg' };
const PRODUCTS: Product[] = [
  { zh: '大白菜', en: 'Chinese cabbage', base: 1.6, unit: 'kg' },
  { zh: '土豆', en: 'potato', base: 2.4, unit: 'kg' },
  { zh: '西红柿', en: 'tomato', base: 4.8, unit: 'kg' },
  { zh: '黄瓜', en: 'cucumber', base: 3.9, unit: 'kg' },
  { zh: '大蒜', en: 'garlic', base: 7.2, unit: 'kg' },
  { zh: '生姜', en: 'ginger', base: 8.5, unit: 'kg' },
  { zh: '富士苹果', en: 'Fuji apple', base: 7.9, unit: 'kg' },
  { zh: '香蕉', en: 'banana', base: 5.6, unit: 'kg' },
  { zh: '白条猪肉', en: 'pork carcass', base: 22.5, unit: 'kg' },
  { zh: '鸡蛋', en: 'egg', base: 8.9, unit: 'kg' },
  { zh: '粳米', en: 'japonica rice', base: 4.1, unit: 'kg' },
  { zh: '草鱼', en: 'grass carp', base: 13.8, unit: 'kg' },
  { zh: '白萝卜', en: 'white radish', base: 1.5, unit: 'kg' },
  { zh: '芹菜', en: 'celery', base: 3.2, unit: 'kg' },
  { zh: '猕猴桃', en: 'kiwifruit', base: 10.5, unit: 'kg' },
];

const MARKETS = [
  { zh: '北京新发地', en: 'Beijing Xinfadi' },
  { zh: '山东寿光', en: 'Shouguang, Shandong' },
  { zh: '上海江桥', en: 'Shanghai Jiangqiao' },
  { zh: '广州江南', en: 'Guangzhou Jiangnan' },
  { zh: '成都农产品中心', en: 'Chengdu Agricultural Products Centre' },
];

const UP = [
  { zh: '北方降温影响采收', en: 'cold weather in the north slows harvests' },
  { zh: '节前备货需求增加', en: 'buyers stock up ahead of the holiday' },
  { zh: '主产区连续降雨', en: 'days of rain in the main growing areas' },
  { zh: '冷库出库量减少', en: 'cold-store releases slow down' },
];
const DOWN = [
  { zh: '春季新货集中上市', en: 'spring supply arrives in volume' },
  { zh: '南方产区天气转好', en: 'weather improves in southern growing areas' },
  { zh: '餐饮采购放缓', en: 'restaurant buying slows' },
  { zh: '进口货源补充', en: 'imports add to supply' },
];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const pct = (x: number) => `${x > 0 ? '+' : ''}${x.toFixed(1)}%`;

/** `count` weekly briefs, the newest published `firstHoursAgo` hours before seeding. */
export function marketBriefs(count: number, firstHoursAgo: number): SeedArticle[] {
  const out: SeedArticle[] = [];
  for (let k = 0; k < count; k++) {
    const r = rng(1000 + k * 37);
    const lead = PRODUCTS[(k * 4) % PRODUCTS.length]!;
    const up = r() > 0.5;
    const change = (up ? 1 : -1) * (2 + r() * 9);
    const driver = (up ? UP : DOWN)[Math.floor(r() * 4)]!;
    const index = 100 + (r() - 0.4) * 18;
    const rows = [0, 1, 2, 3, 4].map((i) => {
      const p = i === 0 ? lead : PRODUCTS[(k * 4 + i * 3 + 1) % PRODUCTS.length]!;
      const m = MARKETS[(k + i) % MARKETS.length]!;
      const ch = i === 0 ? change : (r() - 0.5) * 12;
      const price = p.base * (1 + (r() - 0.5) * 0.3);
      return { p, m, price, ch };
    });
    const week = count - k;
    const catNo = (k % 3) + 1;
    const tableEn = `<table><caption>Average wholesale prices, week ${week} (demo figures)</caption><thead><tr><th scope="col">Product</th><th scope="col">Market</th><th scope="col">Price (yuan/kg)</th><th scope="col">Week on week</th></tr></thead><tbody>${rows
      .map(
        (x) => `<tr><td>${cap(x.p.en)}</td><td>${x.m.en}</td><td>${x.price.toFixed(2)}</td><td>${pct(x.ch)}</td></tr>`,
      )
      .join('')}</tbody></table>`;
    const tableZh = `<table><caption>第${week}周批发均价（演示数据）</caption><thead><tr><th scope="col">品种</th><th scope="col">市场</th><th scope="col">价格（元/公斤）</th><th scope="col">周环比</th></tr></thead><tbody>${rows
      .map((x) => `<tr><td>${x.p.zh}</td><td>${x.m.zh}</td><td>${x.price.toFixed(2)}</td><td>${pct(x.ch)}</td></tr>`)
      .join('')}</tbody></table>`;
    const verbEn = up ? 'rise' : 'fall';
    const verbZh = up ? '上涨' : '下跌';
    out.push({
      slug: `market-brief-week-${String(week).padStart(2, '0')}`,
      category: 'market',
      hoursAgo: firstHoursAgo + k * 168,
      cover: `/content/news/market-${catNo}.png`,
      coverAlt: { en: 'Wholesale price chart of the week', 'zh-CN': '本周批发价格走势图' },
      texts: {
        en: {
          title: `Week ${week} market review: ${lead.en} prices ${verbEn} ${Math.abs(change).toFixed(1)}% as ${driver.en}`,
          summary: `Our composite vegetable and fruit wholesale index stood at ${index.toFixed(1)} (base period = 100). ${cap(lead.en)} prices led the week's moves at the five benchmark markets.`,
          body: `<p>Wholesale ${lead.en} prices ${up ? 'rose' : 'fell'} ${Math.abs(change).toFixed(1)}% week on week at the five benchmark markets we track, as ${driver.en}. Our composite vegetable and fruit wholesale index closed the week at <strong>${index.toFixed(1)}</strong> against a base period of 100.</p>${tableEn}<h2>Outlook</h2><p>${
            up
              ? 'We expect prices to stay firm for one to two weeks until arrivals recover; buyers with flexible schedules may wait for the second half of the month.'
              : 'With supply still building, we expect prices to ease further before stabilising; growers with storage may hold back part of their harvest.'
          } Members can follow the daily series and the monthly forecast (up to twelve months ahead) for each product on the market-data page.</p><p><small>Figures in this brief are demo data generated for this portal.</small></p>`,
          source: 'Yoonop Research',
          author: 'Market desk',
        },
        'zh-CN': {
          title: `第${week}周行情回顾：${lead.zh}${verbZh}${Math.abs(change).toFixed(1)}%，${driver.zh}`,
          summary: `本周蔬菜水果批发综合指数为${index.toFixed(1)}（基期=100）。五个基准市场中，${lead.zh}波动最大。`,
          body: `<p>受${driver.zh}影响，在我们跟踪的五个基准市场中，${lead.zh}批发价格周环比${verbZh}${Math.abs(change).toFixed(1)}%。蔬菜水果批发综合指数本周收于<strong>${index.toFixed(1)}</strong>（基期=100）。</p>${tableZh}<h2>后市展望</h2><p>${
            up
              ? '预计到货恢复前价格将在一到两周内保持坚挺，采购时间灵活的买家可等到下半月。'
              : '随着供应继续增加，预计价格将进一步回落后企稳，有储存条件的种植户可分批出货。'
          }会员可在市场数据页面查看每个品种的日度序列和月度预测（最长未来十二个月）。</p><p><small>本文数据为本站生成的演示数据。</small></p>`,
          source: '优农研究院',
          author: '市场分析组',
        },
      },
    });
  }
  return out;
}
