import 'server-only';
import { memo } from './memo';

export interface Province {
  /** Slug used in market codes, e.g. `hebei`. */
  code: string;
  /** GB/T 2260 administrative division code. */
  adcode: number;
  en: string;
  zh: string;
  /** Extra spellings seen in sources (romanised official names without the suffix). */
  aliases?: string[];
}

/** The 31 mainland provincial-level divisions. */
export const PROVINCES: readonly Province[] = [
  { code: 'beijing', adcode: 110000, en: 'Beijing', zh: '北京' },
  { code: 'tianjin', adcode: 120000, en: 'Tianjin', zh: '天津' },
  { code: 'hebei', adcode: 130000, en: 'Hebei', zh: '河北' },
  { code: 'shanxi', adcode: 140000, en: 'Shanxi', zh: '山西' },
  { code: 'inner-mongolia', adcode: 150000, en: 'Inner Mongolia', zh: '内蒙古', aliases: ['Nei Mongol', 'Neimenggu'] },
  { code: 'liaoning', adcode: 210000, en: 'Liaoning', zh: '辽宁' },
  { code: 'jilin', adcode: 220000, en: 'Jilin', zh: '吉林' },
  { code: 'heilongjiang', adcode: 230000, en: 'Heilongjiang', zh: '黑龙江' },
  { code: 'shanghai', adcode: 310000, en: 'Shanghai', zh: '上海' },
  { code: 'jiangsu', adcode: 320000, en: 'Jiangsu', zh: '江苏' },
  { code: 'zhejiang', adcode: 330000, en: 'Zhejiang', zh: '浙江' },
  { code: 'anhui', adcode: 340000, en: 'Anhui', zh: '安徽' },
  { code: 'fujian', adcode: 350000, en: 'Fujian', zh: '福建' },
  { code: 'jiangxi', adcode: 360000, en: 'Jiangxi', zh: '江西' },
  { code: 'shandong', adcode: 370000, en: 'Shandong', zh: '山东' },
  { code: 'henan', adcode: 410000, en: 'Henan', zh: '河南' },
  { code: 'hubei', adcode: 420000, en: 'Hubei', zh: '湖北' },
  { code: 'hunan', adcode: 430000, en: 'Hunan', zh: '湖南' },
  { code: 'guangdong', adcode: 440000, en: 'Guangdong', zh: '广东' },
  { code: 'guangxi', adcode: 450000, en: 'Guangxi', zh: '广西' },
  { code: 'hainan', adcode: 460000, en: 'Hainan', zh: '海南' },
  { code: 'chongqing', adcode: 500000, en: 'Chongqing', zh: '重庆' },
  { code: 'sichuan', adcode: 510000, en: 'Sichuan', zh: '四川' },
  { code: 'guizhou', adcode: 520000, en: 'Guizhou', zh: '贵州' },
  { code: 'yunnan', adcode: 530000, en: 'Yunnan', zh: '云南' },
  { code: 'tibet', adcode: 540000, en: 'Tibet', zh: '西藏', aliases: ['Xizang'] },
  { code: 'shaanxi', adcode: 610000, en: 'Shaanxi', zh: '陕西' },
  { code: 'gansu', adcode: 620000, en: 'Gansu', zh: '甘肃' },
  { code: 'qinghai', adcode: 630000, en: 'Qinghai', zh: '青海' },
  { code: 'ningxia', adcode: 640000, en: 'Ningxia', zh: '宁夏' },
  { code: 'xinjiang', adcode: 650000, en: 'Xinjiang', zh: '新疆' },
];

/** Longest first, so "Zhuangzu Zizhiqu" is stripped before "Zizhiqu". */
const SUFFIXES = [
  ' zhuangzu zizhiqu',
  ' huizu zizhiqu',
  ' uygur zizhiqu',
  ' uyghur autonomous region',
  ' zhuang autonomous region',
  ' hui autonomous region',
  ' autonomous region',
  ' zizhiqu',
  ' sheng',
  ' shi',
  ' province',
  ' municipality',
  '维吾尔自治区',
  '壮族自治区',
  '回族自治区',
  '自治区',
  '省',
  '市',
];

const key = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();

const BY_NAME = new Map<string, Province>();
for (const p of PROVINCES) {
  for (const name of [p.code, p.en, p.zh, String(p.adcode), ...(p.aliases ?? [])]) BY_NAME.set(key(name), p);
}

/** "Hebei Sheng", "河北省", "Guangxi Zhuangzu Zizhiqu", "hebei", "130000" → the province; null if unknown. */
export const findProvince: (raw: string) => Province | null = memo(lookupProvince);

function lookupProvince(raw: string): Province | null {
  let k = key(raw);
  const direct = BY_NAME.get(k);
  if (direct) return direct;
  for (const suffix of SUFFIXES) {
    if (k.endsWith(suffix)) {
      k = k.slice(0, -suffix.length).trim();
      break;
    }
  }
  return BY_NAME.get(k) ?? null;
}

export const PROVINCE_BY_CODE: ReadonlyMap<string, Province> = new Map(PROVINCES.map((p) => [p.code, p]));

/** Lower-case ASCII slug; Chinese names are kept (URL-safe enough for keys, and stable). */
export function slugify(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\u4e00-\u9fff]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
