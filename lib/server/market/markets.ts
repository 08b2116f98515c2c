import 'server-only';
import { slugify } from './provinces';

export interface MarketInfo {
  /** `<provinceCode>/<slug of the English name>`, the same rule as imported markets. */
  code: string;
  provinceCode: string;
  en: string;
  zh: string;
  city: string;
  /** Approximate location (to ~0.05°), enough for a map pin. */
  lat: number;
  lon: number;
}

const m = (provinceCode: string, en: string, zh: string, city: string, lat: number, lon: number): MarketInfo => ({
  code: `${provinceCode}/${slugify(en)}`,
  provinceCode,
  en,
  zh,
  city,
  lat,
  lon,
});

/** Real agricultural wholesale markets, a few per province, used for the generated demo history. */
export const MARKETS: readonly MarketInfo[] = [
  m('beijing', 'Xinfadi Wholesale Market', '北京新发地农产品批发市场', 'Beijing', 39.82, 116.38),
  m('beijing', 'Dayanglu Wholesale Market', '北京大洋路农副产品批发市场', 'Beijing', 39.85, 116.52),
  m('tianjin', 'Hongqi Wholesale Market', '天津红旗农贸批发市场', 'Tianjin', 39.13, 117.17),
  m('tianjin', 'Hezhuangzi Wholesale Market', '天津何庄子农产品批发市场', 'Tianjin', 39.05, 117.23),
  m('hebei', 'Hebei Xinfadi Logistics Park', '河北新发地农副产品物流园', 'Gaobeidian', 39.33, 115.87),
  m('hebei', 'Shijiazhuang Qiaoxi Vegetable Market', '石家庄桥西蔬菜批发市场', 'Shijiazhuang', 38.03, 114.46),
  m('shanxi', 'Taiyuan Hexi Agricultural Market', '太原河西农产品批发市场', 'Taiyuan', 37.86, 112.52),
  m('shanxi', 'Datong Zhenhua Wholesale Market', '大同振华蔬菜批发市场', 'Datong', 40.08, 113.3),
  m('inner-mongolia', 'Hohhot Dongwayao Wholesale Market', '呼和浩特东瓦窑农副产品批发市场', 'Hohhot', 40.84, 111.75),
  m('inner-mongolia', 'Baotou Youyi Market', '包头友谊蔬菜批发市场', 'Baotou', 40.66, 109.84),
  m('liaoning', 'Shenyang Shouguang Agricultural City', '沈阳寿光农产品城', 'Shenyang', 41.85, 123.43),
  m('liaoning', 'Dalian Shuangxing Market', '大连双兴综合批发市场', 'Dalian', 38.95, 121.6),
  m('jilin', 'Changchun Northeast Asia Logistics Park', '长春东北亚物流园', 'Changchun', 43.86, 125.35),
  m('jilin', 'Jilin City Dongshi Market', '吉林市东市商贸城', 'Jilin', 43.85, 126.57),
  m('heilongjiang', 'Harbin Hada Wholesale Market', '哈尔滨哈达农副产品批发市场', 'Harbin', 45.72, 126.62),
  m('heilongjiang', 'Mudanjiang Agricultural Market', '牡丹江农产品批发市场', 'Mudanjiang', 44.58, 129.6),
  m('shanghai', 'Jiangqiao Wholesale Market', '上海江桥批发市场', 'Shanghai', 31.25, 121.33),
  m('shanghai', 'Xijiao International Agricultural Centre', '上海西郊国际农产品交易中心', 'Shanghai', 31.2, 121.3),
  m('jiangsu', 'Nanjing Zhongcai Wholesale Market', '南京众彩农副产品批发市场', 'Nanjing', 31.98, 118.75),
  m('jiangsu', 'Suzhou Nanhuanqiao Market', '苏州南环桥农副产品批发市场', 'Suzhou', 31.28, 120.62),
  m('jiangsu', 'Xuzhou Yurun Market', '徐州雨润农副产品全球采购中心', 'Xuzhou', 34.2, 117.28),
  m('zhejiang', 'Hangzhou Agricultural Logistics Centre', '杭州农副产品物流中心', 'Hangzhou', 30.37, 120.28),
  m('zhejiang', 'Ningbo Vegetable Wholesale Market', '宁波蔬菜副食品批发市场', 'Ningbo', 29.87, 121.55),
  m('anhui', 'Hefei Zhougudui Market', '合肥周谷堆农产品批发市场', 'Hefei', 31.78, 117.36),
  m('anhui', 'Wuhu Agricultural Market', '芜湖农产品批发市场', 'Wuhu', 31.33, 118.38),
  m('fujian', 'Xiamen Xiashang Market', '厦门夏商农产品批发市场', 'Xiamen', 24.5, 118.13),
  m('fujian', 'Fuzhou Haixia Agricultural Centre', '福州海峡农副产品物流中心', 'Fuzhou', 26.02, 119.3),
  m('jiangxi', 'Nanchang Shenzhen Agricultural Centre', '南昌深圳农产品中心批发市场', 'Nanchang', 28.63, 115.86),
  m('jiangxi', 'Ganzhou Agricultural Market', '赣州农产品批发市场', 'Ganzhou', 25.83, 114.93),
  m('shandong', 'Shouguang Agricultural Logistics Park', '寿光农产品物流园', 'Shouguang', 36.86, 118.79),
  m('shandong', 'Jinan Dikou Market', '济南堤口果品批发市场', 'Jinan', 36.69, 116.99),
  m('shandong', 'Qingdao Chengyang Market', '青岛城阳蔬菜水产品批发市场', 'Qingdao', 36.31, 120.4),
  m('henan', 'Zhengzhou Wanbang Logistics City', '郑州万邦国际农产品物流城', 'Zhengzhou', 34.66, 113.95),
  m('henan', 'Luoyang Hongjiang Market', '洛阳宏进农副产品批发市场', 'Luoyang', 34.66, 112.44),
  m('hubei', 'Wuhan Baishazhou Market', '武汉白沙洲农副产品大市场', 'Wuhan', 30.49, 114.29),
  m('hubei', 'Yichang Jinqiao Market', '宜昌金桥蔬菜果品批发市场', 'Yichang', 30.7, 111.29),
  m('hunan', 'Changsha Mawangdui Market', '长沙马王堆蔬菜批发市场', 'Changsha', 28.2, 113.03),
  m('hunan', 'Changsha Hongxing Market', '长沙红星农副产品大市场', 'Changsha', 28.1, 113.0),
  m('guangdong', 'Guangzhou Jiangnan Market', '广州江南果菜批发市场', 'Guangzhou', 23.18, 113.27),
  m('guangdong', 'Shenzhen Buji Market', '深圳布吉农产品批发市场', 'Shenzhen', 22.6, 114.12),
  m('guangdong', 'Shantou Agricultural Market', '汕头农产品批发市场', 'Shantou', 23.37, 116.68),
  m('guangxi', 'Nanning Wuliting Market', '南宁五里亭蔬菜批发市场', 'Nanning', 22.82, 108.34),
  m('guangxi', 'Guilin Agricultural Market', '桂林农产品批发市场', 'Guilin', 25.27, 110.29),
  m('hainan', 'Haikou Cailanzi Market', '海口菜篮子农产品批发市场', 'Haikou', 20.0, 110.33),
  m('chongqing', 'Chongqing Shuangfu Market', '重庆双福国际农贸城', 'Chongqing', 29.42, 106.27),
  m('chongqing', 'Chongqing Panxi Market', '重庆盘溪农产品批发市场', 'Chongqing', 29.6, 106.52),
  m('sichuan', 'Chengdu Agricultural Products Centre', '成都农产品中心批发市场', 'Chengdu', 30.72, 104.1),
  m('sichuan', 'Mianyang Gaoshui Market', '绵阳高水蔬菜批发市场', 'Mianyang', 31.47, 104.68),
  m('guizhou', 'Guiyang Dili Market', '贵阳地利农产品物流园', 'Guiyang', 26.65, 106.64),
  m('yunnan', 'Kunming Jinma Zhengchang Market', '昆明金马正昌农产品批发市场', 'Kunming', 25.05, 102.77),
  m('yunnan', 'Dali Agricultural Market', '大理农产品批发市场', 'Dali', 25.6, 100.27),
  m('tibet', 'Lhasa Chengguan Agricultural Market', '拉萨城关区农产品批发市场', 'Lhasa', 29.65, 91.13),
  m('shaanxi', "Xi'an Xinqiao Market", '西安欣桥农产品批发市场', "Xi'an", 34.33, 108.98),
  m('shaanxi', 'Baoji Agricultural Market', '宝鸡农产品批发市场', 'Baoji', 34.36, 107.24),
  m('gansu', 'Lanzhou Daqingshan Market', '兰州大青山蔬菜瓜果批发市场', 'Lanzhou', 36.05, 103.8),
  m('gansu', 'Tianshui Agricultural Market', '天水农产品批发市场', 'Tianshui', 34.58, 105.72),
  m('qinghai', 'Xining Renjie Market', '西宁仁杰粮油批发市场', 'Xining', 36.62, 101.76),
  m('ningxia', 'Yinchuan Sijixian Market', '银川四季鲜农产品综合批发市场', 'Yinchuan', 38.5, 106.25),
  m('xinjiang', 'Urumqi Beiyuanchun Market', '乌鲁木齐北园春农产品批发市场', 'Urumqi', 43.87, 87.59),
  m('xinjiang', 'Kashgar Agricultural Market', '喀什农产品批发市场', 'Kashgar', 39.47, 75.99),
];
