// Hand-written articles: company news, industry news and policy notes.
import type { SeedArticle } from './types';

const cover = (cat: string, n: number) => `/content/news/${cat}-${n}.png`;
const COMPANY_SRC = {
  en: { source: 'Yoonop Agri-Data', author: 'Communications team' },
  zh: { source: '优农数据', author: '品牌传播部' },
};
const RESEARCH_SRC = {
  en: { source: 'Yoonop Research', author: 'Industry desk' },
  zh: { source: '优农研究院', author: '产业研究组' },
};
const POLICY_SRC = {
  en: { source: 'Yoonop Research', author: 'Policy desk' },
  zh: { source: '优农研究院', author: '政策研究组' },
};

type Draft = {
  slug: string;
  hoursAgo: number;
  n: number;
  alt: [string, string];
  en: [string, string, string];
  zh: [string, string, string];
};

function make(category: SeedArticle['category'], src: typeof COMPANY_SRC, drafts: Draft[]): SeedArticle[] {
  return drafts.map((d) => ({
    slug: d.slug,
    category,
    hoursAgo: d.hoursAgo,
    cover: cover(category, d.n),
    coverAlt: { en: d.alt[0], 'zh-CN': d.alt[1] },
    texts: {
      en: { title: d.en[0], summary: d.en[1], body: d.en[2], ...src.en },
      'zh-CN': { title: d.zh[0], summary: d.zh[1], body: d.zh[2], ...src.zh },
    },
  }));
}

const company = make('company', COMPANY_SRC, [
  {
    slug: 'wfp-open-prices-join-our-series',
    hoursAgo: 3,
    n: 3,
    alt: ['Dots marking covered markets across the country', '标注覆盖市场的全国分布图'],
    en: [
      'Open market prices from the World Food Programme join our series',
      'WFP’s published retail prices now sit beside our own series, each labelled with its source and licence.',
      '<p>The World Food Programme publishes monthly market prices for staple foods under an open licence (CC BY-IGO). From this month they appear on the market-data page next to our own daily series, for the markets and products they cover.</p><p>Every series shows where it comes from, its unit and the date of its latest price; a series whose last price is more than two months old says so instead of passing for today’s. The About page lists, from the data itself, how many markets each province has.</p>',
    ],
    zh: [
      '世界粮食计划署开放市场价格并入我们的序列',
      '世界粮食计划署发布的零售价格现与我们自己的序列并列显示，每条都标明来源和许可。',
      '<p>世界粮食计划署以开放许可（CC BY-IGO）按月发布主要食品的市场价格。本月起，这些价格按其覆盖的市场和品种，与我们自己的日度序列一起显示在市场数据页面上。</p><p>每条序列都标明来源、单位和最新价格的日期；最新价格超过两个月的序列会如实标注，而不会混同为当天的数据。“关于我们”页面根据数据本身列出各省的市场数量。</p>',
    ],
  },
  {
    slug: 'forecasts-with-intervals-launch',
    hoursAgo: 52,
    n: 2,
    alt: ['A forecast chart with shaded intervals', '带区间阴影的预测图'],
    en: [
      'Price forecasts now show 80% and 95% intervals',
      'Gold and Platinum members see monthly forecasts up to twelve months ahead with intervals, the model used and its back-test error.',
      '<p>Our forecast charts now show a midpoint with 80% and 95% intervals instead of a single line. Next to each chart we name the model, the date it was made and its back-test error (MASE) beside that of a seasonal-naive forecast.</p><p>Where the model does not beat the seasonal-naive forecast on that back-test, the chart says <em>low confidence</em>. We would rather say so than draw a confident line.</p><ul><li>Horizon: 1 to 12 months ahead (6 by default), monthly steps</li><li>Products: every product with at least six months of price history</li><li>Regions: the nation, provinces and markets your membership covers</li></ul>',
    ],
    zh: [
      '价格预测新增80%和95%区间',
      '黄金和铂金会员可查看未来最多十二个月、带区间的月度预测，以及所用模型和回测误差。',
      '<p>预测图现在显示中位线以及80%和95%区间，而不再只是一条线。每张图旁边标明模型名称、预测日期，以及回测误差（MASE）与季节性朴素预测误差的对比。</p><p>如果模型在回测中不如季节性朴素预测，图上会标注<em>低可信度</em>。与其画一条看似确定的线，我们更愿意如实说明。</p><ul><li>预测期：未来 1 至 12 个月（默认 6 个月），按月</li><li>品种：有至少六个月价格历史的所有品种</li><li>区域：您的会员所覆盖的全国、省级和市场</li></ul>',
    ],
  },
  {
    slug: 'shouguang-ledger-rollout',
    hoursAgo: 150,
    n: 1,
    alt: ['Team members at a market', '市场里的团队成员'],
    en: [
      'Electronic Ledger goes live in 1,300 stalls in Shouguang',
      'The country’s largest vegetable market now records every batch digitally.',
      '<p>After a six-week rollout, all 1,300 stalls of the Shouguang agricultural products logistics park record purchases and sales in the Electronic Ledger. Networked scales at the gates send weight and origin directly, and each batch receives a traceability code.</p><p>The market office sees which stalls record every day, and forwards the ledgers to the city’s market-supervision platform automatically.</p>',
    ],
    zh: [
      '电子台账在寿光1300个摊位上线',
      '全国最大的蔬菜市场实现每批货数字化记录。',
      '<p>经过六周推广，寿光农产品物流园全部1300个摊位已使用电子台账记录进销。大门处的联网电子秤直接上传重量和产地，每批货都有追溯码。</p><p>市场办公室可以看到哪些摊位每天记账，台账也会自动推送到市里的市场监管平台。</p>',
    ],
  },
  {
    slug: 'iso-27001-recertified',
    hoursAgo: 420,
    n: 2,
    alt: ['Security dashboard', '安全管理大屏'],
    en: [
      'ISO/IEC 27001 certification renewed for a further three years',
      'The audit covered the price database, the member platform and the supervision deployments.',
      '<p>Our information-security management system has been recertified to ISO/IEC 27001 after a five-day audit. The scope covers the price database, this portal with its member and payment functions, and the supervision platforms we run for authorities.</p><p>Customers who need the certificate for their own procurement can request it from their account manager.</p>',
    ],
    zh: [
      'ISO/IEC 27001认证复审通过，有效期再延三年',
      '审核范围覆盖价格数据库、会员平台和监管平台部署。',
      '<p>经过为期五天的审核，我们的信息安全管理体系再次通过ISO/IEC 27001认证。范围覆盖价格数据库、本门户的会员与支付功能，以及我们为监管部门运营的平台。</p><p>如采购需要证书，可向您的客户经理索取。</p>',
    ],
  },
  {
    slug: 'distribution-cold-chain-module',
    hoursAgo: 700,
    n: 1,
    alt: ['Delivery team at work', '配送团队在工作'],
    en: [
      'Distribution System adds cold-chain temperature records',
      'Truck sensors now log temperatures per delivery, and customers see them at sign-off.',
      '<p>Distributors delivering meat, aquatic products and dairy can now connect truck temperature sensors to the Distribution System. Readings are stored with each delivery, and a customer signing for the goods sees the temperature curve of the trip.</p><p>Deliveries outside the agreed range are flagged before the truck arrives, so the customer can decide to accept or refuse with the data in hand.</p>',
    ],
    zh: [
      '配送系统新增冷链温度记录',
      '车载传感器按单记录温度，客户签收时即可查看。',
      '<p>配送肉类、水产和奶制品的企业现在可以把车载温度传感器接入配送系统。读数随每张配送单保存，客户签收时可以看到整趟运输的温度曲线。</p><p>超出约定范围的配送会在到达前被标记，客户可以凭数据决定是否接收。</p>',
    ],
  },
  {
    slug: 'free-data-for-cooperatives',
    hoursAgo: 1100,
    n: 3,
    alt: ['Farmland seen from above', '俯瞰农田'],
    en: [
      'Free province-level data for registered cooperatives',
      'Farmers’ cooperatives get a year of province-level price history at no charge.',
      '<p>Registered farmers’ cooperatives can apply for a free year of province-level price history and forecasts for the crops they grow. The offer covers up to five products per cooperative and is renewed each year the cooperative uses Smart Farming.</p><p>Applications take a copy of the cooperative’s registration certificate and are usually approved within three working days.</p>',
    ],
    zh: [
      '为注册合作社免费开放省级数据',
      '农民专业合作社可免费获得一年的省级价格历史数据。',
      '<p>已注册的农民专业合作社可申请免费使用一年所种作物的省级价格历史和预测。每个合作社最多五个品种，使用智慧农业期间每年续期。</p><p>申请需提供合作社登记证书复印件，通常三个工作日内审核完成。</p>',
    ],
  },
  {
    slug: 'open-day-hangzhou',
    hoursAgo: 1900,
    n: 1,
    alt: ['Visitors at an open day', '开放日的访客'],
    en: [
      'Open day in Hangzhou: how a price gets from the stall to the chart',
      'Eighty visitors followed a price from a scale in Jiangnan market to the index on this portal.',
      '<p>At our first open day, eighty growers, traders and students followed one price — a kilogram of pak choi — from the scale at a stall to the national vegetable index. Our data team showed how outliers are caught, how units are converted and how the index weights are set.</p><p>The slides are available in the documents section under data methodology.</p>',
    ],
    zh: [
      '杭州开放日：一个价格如何从摊位走到图表',
      '80位访客跟随一个价格，从市场电子秤一路走到本站的指数。',
      '<p>在首次开放日上，80位种植户、贸易商和学生跟随一个价格——一公斤青菜——从摊位的电子秤走到全国蔬菜指数。数据团队讲解了异常值如何识别、单位如何换算、指数权重如何确定。</p><p>演示材料可在文档中心的数据方法栏目下载。</p>',
    ],
  },
]);

const industry = make('industry', RESEARCH_SRC, [
  {
    slug: 'spring-vegetable-supply-outlook',
    hoursAgo: 9,
    n: 2,
    alt: ['Vegetable fields in spring', '春季的菜地'],
    en: [
      'Spring vegetable supply: larger plantings in the south, later harvests in the north',
      'Our survey of 140 cooperatives points to ample leafy-vegetable supply from late March.',
      '<p>Cooperatives in Yunnan, Guangxi and Fujian report leafy-vegetable plantings 6–9% above last year, while a cold February has pushed northern greenhouse harvests back by about ten days.</p><p>Together this suggests tight supply in northern markets until mid-March, followed by ample supply and easing prices. Traders buying for northern markets may want to lock in southern supply early.</p>',
    ],
    zh: [
      '春季蔬菜供应：南方种植面积扩大，北方采收推迟',
      '对140家合作社的调查显示，3月下旬起叶菜供应将较为充足。',
      '<p>云南、广西、福建的合作社报告叶菜种植面积比去年增加6%–9%，而2月气温偏低使北方大棚采收推迟约十天。</p><p>综合来看，北方市场到3月中旬前供应偏紧，之后供应充足、价格回落。为北方市场采购的贸易商可以提前锁定南方货源。</p>',
    ],
  },
  {
    slug: 'wholesale-markets-go-cashless',
    hoursAgo: 75,
    n: 3,
    alt: ['A busy wholesale market', '繁忙的批发市场'],
    en: [
      'Nine in ten wholesale trades are now paid by phone',
      'Cashless payment changes how prices are recorded — and how quickly they reach the data.',
      '<p>In the markets we cover, 91% of wholesale trades were paid by mobile payment last year, up from 64% five years ago. Where the payment is linked to a networked scale, the trade’s price, weight and time are recorded automatically.</p><p>For market data this means larger samples and faster publication: prices from connected markets reach our series within an hour of the trade.</p>',
    ],
    zh: [
      '九成批发交易已用手机支付',
      '无现金支付改变了价格的记录方式，也让数据更快到达。',
      '<p>在我们覆盖的市场中，去年91%的批发交易通过移动支付完成，五年前这一比例为64%。支付与联网电子秤关联后，每笔交易的价格、重量和时间都会自动记录。</p><p>对市场数据而言，这意味着样本更大、发布更快：联网市场的价格在成交后一小时内就能进入我们的序列。</p>',
    ],
  },
  {
    slug: 'pig-cycle-2025',
    hoursAgo: 240,
    n: 1,
    alt: ['A delivery truck on its route', '行驶中的运输车'],
    en: [
      'Where the pig cycle stands: sow herd stable, carcass prices range-bound',
      'Breeding-sow numbers have held near the normal level for six months.',
      '<p>The national breeding-sow herd has stayed within the normal-level band for six consecutive months, and wholesale pork carcass prices have moved in a narrow range of about 20 to 24 yuan per kilogram.</p><p>Feed costs have eased with lower corn and soybean-meal prices, which supports producer margins. Barring disease outbreaks, we expect the seasonal rise in the autumn to be moderate.</p>',
    ],
    zh: [
      '猪周期走到哪里了：能繁母猪存栏稳定，白条价格区间震荡',
      '能繁母猪存栏已连续六个月保持在正常保有量附近。',
      '<p>全国能繁母猪存栏连续六个月处于正常保有量区间，白条猪批发价格在每公斤20至24元左右的窄幅区间内波动。</p><p>玉米和豆粕价格回落使饲料成本下降，养殖利润得到支撑。如无疫病冲击，预计秋季的季节性上涨将较为温和。</p>',
    ],
  },
  {
    slug: 'community-group-buying-and-prices',
    hoursAgo: 510,
    n: 3,
    alt: ['Market stalls with produce', '摆满农产品的摊位'],
    en: [
      'Community group buying and wholesale prices: what the data shows',
      'Platforms buy large volumes early in the morning, which moves opening prices.',
      '<p>Comparing hourly prices at three markets, we find that opening prices of leafy vegetables rise on days when community group-buying platforms place large orders, while closing prices are little affected.</p><p>For growers and traders this makes the time of the trade matter: a daily average hides a spread that can exceed 10% between 3 a.m. and 7 a.m.</p>',
    ],
    zh: [
      '社区团购与批发价格：数据怎么说',
      '平台在清晨集中大量采购，推高了开盘价格。',
      '<p>对比三个市场的小时级价格，我们发现社区团购平台大量下单的日子里，叶菜开盘价会上涨，而收盘价受影响不大。</p><p>对种植户和贸易商来说，成交时间因此很重要：日均价掩盖了凌晨3点到7点之间可能超过10%的价差。</p>',
    ],
  },
  {
    slug: 'cold-chain-investment',
    hoursAgo: 830,
    n: 1,
    alt: ['A refrigerated truck route', '冷藏车配送线路'],
    en: [
      'Cold-chain capacity grows fastest in origin areas',
      'New cold stores near farms let growers sell over weeks instead of days.',
      '<p>Most new cold-storage capacity last year was built in origin areas rather than near cities. For apples, potatoes and garlic, storage lets growers spread sales over months, which flattens the harvest-time price dip.</p><p>Our price series show the effect: the harvest dip for Fuji apples in Shaanxi has narrowed from 18% to 11% over five years.</p>',
    ],
    zh: [
      '冷链产能在产地增长最快',
      '田头冷库让种植户可以在数周而非数天内卖货。',
      '<p>去年新增的冷库容量大多建在产地而非城市周边。对苹果、土豆和大蒜来说，储存让种植户可以把销售分散到几个月，缓和了采收期的价格下跌。</p><p>我们的价格序列显示了这种效果：五年来，陕西富士苹果采收期的价格降幅从18%收窄到11%。</p>',
    ],
  },
  {
    slug: 'rapid-testing-adoption',
    hoursAgo: 1300,
    n: 2,
    alt: ['Fields ready for harvest', '待收获的农田'],
    en: [
      'Rapid pesticide tests: more markets, more batches, fewer failures',
      'The share of failed rapid tests has fallen below 0.5% in the markets we connect.',
      '<p>In markets connected to our food-safety platform, the number of rapid pesticide-residue tests per week has doubled in two years, while the share of failed tests fell from 1.2% to 0.4%.</p><p>Most failures concern leafy vegetables and are traced to a small number of suppliers, which makes targeted supplier checks more effective than blanket testing.</p>',
    ],
    zh: [
      '农残快检：市场更多、批次更多、不合格更少',
      '在接入我们平台的市场中，快检不合格率已降至0.5%以下。',
      '<p>在接入我们食品安全平台的市场中，每周农残快检次数两年内翻了一番，不合格率从1.2%降至0.4%。</p><p>不合格大多出现在叶菜上，并集中在少数供应商，因此有针对性地抽查供应商比全面检测更有效。</p>',
    ],
  },
  {
    slug: 'apple-export-season',
    hoursAgo: 2100,
    n: 3,
    alt: ['Orchard rows', '果园'],
    en: [
      'Apple exports start strong as Southeast Asian demand grows',
      'Shipments of fresh apples to Southeast Asia rose by a fifth in the first two months of the season.',
      '<p>Fresh apple exports rose about 20% in the first two months of the season, led by demand in Vietnam, Thailand and Indonesia. Larger fruit of grade one and above was in short supply, supporting prices for top grades.</p><p>Smaller fruit remains plentiful, so the price gap between grades has widened to its largest in four seasons.</p>',
    ],
    zh: [
      '东南亚需求增长，苹果出口开局强劲',
      '本产季前两个月，对东南亚的鲜苹果出口增长约两成。',
      '<p>本产季前两个月鲜苹果出口增长约20%，越南、泰国和印度尼西亚需求领涨。一级及以上大果供应偏紧，支撑了高等级果的价格。</p><p>小果依然充足，因此不同等级之间的价差扩大到四个产季以来的最大。</p>',
    ],
  },
]);

const policy = make('policy', POLICY_SRC, [
  {
    slug: 'edible-farm-products-market-rules',
    hoursAgo: 28,
    n: 1,
    alt: ['A shield and an inspection checklist', '盾牌和检查清单'],
    en: [
      'What the rules on edible agricultural products in markets require of vendors',
      'A summary of the record-keeping, certificate and testing duties of market vendors.',
      '<p>The supervision measures for the quality and safety of edible agricultural products in markets set out what vendors and market operators must do. For vendors, three duties matter most:</p><ul><li>keep purchase records with supplier, product, quantity, date and origin for at least six months;</li><li>keep the origin or compliance certificate that comes with each batch;</li><li>not sell batches that failed a test, and cooperate with recalls.</li></ul><p>Market operators must check vendors’ records and arrange sampling. The Electronic Ledger covers the record-keeping duty; our guide in the documents section lists each requirement with the screen that meets it.</p>',
    ],
    zh: [
      '食用农产品市场销售规定对经营户有哪些要求',
      '梳理市场经营户在进货查验记录、合格证明和检测方面的义务。',
      '<p>食用农产品市场销售质量安全监督管理办法规定了经营户和市场开办者的义务。对经营户而言，最重要的有三项：</p><ul><li>建立进货查验记录，记录供货者、品名、数量、日期和产地，保存不少于六个月；</li><li>保存每批货随附的产地证明或合格证明；</li><li>不得销售检测不合格的批次，并配合召回。</li></ul><p>市场开办者应检查经营户的记录并组织抽检。电子台账可满足记录义务；文档中心的指南逐条列出了每项要求对应的功能页面。</p>',
    ],
  },
  {
    slug: 'vegetable-basket-responsibility',
    hoursAgo: 190,
    n: 2,
    alt: ['A dashboard for city officials', '城市管理大屏'],
    en: [
      'The “vegetable basket” mayor responsibility system, explained',
      'How cities are assessed on supply, prices and quality — and which data they use.',
      '<p>Under the vegetable-basket mayor responsibility system, city governments are assessed on production capacity, market supply, price stability and quality of vegetables and other non-staple foods.</p><p>Price stability is measured with local market prices, which is why many cities now publish daily prices from their main wholesale markets. Our supervision platform produces the monthly tables the assessment asks for.</p>',
    ],
    zh: [
      '一文读懂“菜篮子”市长负责制',
      '城市如何在供应、价格和质量上接受考核，又用哪些数据。',
      '<p>在“菜篮子”市长负责制下，城市政府要在蔬菜等副食品的生产能力、市场供应、价格稳定和质量安全方面接受考核。</p><p>价格稳定依据本地市场价格衡量，因此许多城市开始每天发布主要批发市场的价格。我们的监管平台可生成考核所需的月度报表。</p>',
    ],
  },
  {
    slug: 'compliance-certificate-system',
    hoursAgo: 600,
    n: 3,
    alt: ['Cards for a compliance checklist', '合规检查清单'],
    en: [
      'Commitment-based compliance certificates: what growers and traders should know',
      'The certificate accompanies each batch from the farm; markets must check it.',
      '<p>Under the commitment-based compliance certificate system, producers issue a certificate for each batch they sell, committing that pesticide and drug-residue limits are met. Markets and buyers check the certificate at intake.</p><p>Smart Farming prints the certificate from the input records of the plot, and the Electronic Ledger stores a photo of it with the batch.</p>',
    ],
    zh: [
      '承诺达标合格证：种植户和贸易商需要知道什么',
      '合格证随每批货从产地出发，市场必须查验。',
      '<p>在承诺达标合格证制度下，生产者为每批销售的农产品开具合格证，承诺农药和兽药残留不超标。市场和采购方在进货时查验。</p><p>智慧农业可根据地块的投入品记录打印合格证，电子台账会把合格证照片随批次保存。</p>',
    ],
  },
  {
    slug: 'price-monitoring-standards',
    hoursAgo: 980,
    n: 2,
    alt: ['A price monitoring dashboard', '价格监测大屏'],
    en: [
      'National price-monitoring standards and how our series follow them',
      'Collection times, specifications and units follow the agricultural price-survey standards.',
      '<p>Agricultural price surveys in China follow standards for collection times, product specifications and units. We follow them where they apply: wholesale prices are collected between 4 and 8 a.m., products are recorded by specification, and all prices are converted to yuan per kilogram.</p><p>The methodology document in our documents section lists each product’s specification and the conversion of packs and pieces to kilograms.</p>',
    ],
    zh: [
      '国家价格监测规范以及我们的序列如何遵循',
      '采集时间、规格和计量单位遵循农产品价格调查规范。',
      '<p>我国农产品价格调查对采集时间、规格和计量单位都有规范。在适用范围内我们均予遵循：批发价格在凌晨4点到8点采集，品种按规格记录，所有价格换算为元/公斤。</p><p>文档中心的方法说明列出了每个品种的规格以及箱、件等换算为公斤的方法。</p>',
    ],
  },
  {
    slug: 'personal-information-in-markets',
    hoursAgo: 1500,
    n: 1,
    alt: ['Protection shield', '保护盾牌'],
    en: [
      'Personal information in market systems: what operators must protect',
      'Vendor phone numbers and IDs in ledgers are personal information and need protection.',
      '<p>Ledger and supervision systems hold vendors’ names, phone numbers and licence numbers, which are personal information under the Personal Information Protection Law. Operators must tell vendors what is collected and why, limit access, and keep it no longer than needed.</p><p>Our platforms show identity data only to roles that need it, log every access, and delete ledgers after the retention period set by the market.</p>',
    ],
    zh: [
      '市场系统中的个人信息：运营方必须保护什么',
      '台账中的经营户手机号和证件号属于个人信息，需要依法保护。',
      '<p>台账和监管系统中保存着经营户的姓名、手机号和证照号码，这些属于个人信息保护法所称的个人信息。运营方应告知经营户收集了什么、用于何处，限制访问，并且不超期保存。</p><p>我们的平台只向需要的角色显示身份信息，记录每一次访问，并在市场设定的保存期满后删除台账。</p>',
    ],
  },
  {
    slug: 'waste-sorting-regulations-markets',
    hoursAgo: 2400,
    n: 3,
    alt: ['Colour-coded waste bins', '分色垃圾桶'],
    en: [
      'Waste-sorting regulations and farmers’ markets',
      'City regulations make markets responsible for sorting at the source.',
      '<p>Most large cities now have waste-sorting regulations that make the managers of public places, including markets, responsible for sorting at the source. Markets must provide sorted bins, guide vendors and hand sorted waste to licensed collectors.</p><p>Measuring sorting quality per stall is the hardest part; our waste-sorting solution describes how markets do it with coded bins and collector checks.</p>',
    ],
    zh: [
      '垃圾分类条例与农贸市场',
      '城市条例要求市场承担源头分类的管理责任。',
      '<p>大多数大城市已出台生活垃圾分类条例，要求包括市场在内的公共场所管理者承担源头分类责任。市场应配置分类容器、指导经营户，并把分好类的垃圾交给有资质的收运单位。</p><p>最难的是按摊位衡量分类质量；我们的垃圾分类方案介绍了市场如何借助赋码垃圾桶和清运员检查来做到这一点。</p>',
    ],
  },
  {
    slug: 'data-products-and-the-data-security-law',
    hoursAgo: 3000,
    n: 2,
    alt: ['Data dashboard', '数据大屏'],
    en: [
      'Selling market data under the Data Security Law',
      'Why our regional data products contain prices, not trades or traders.',
      '<p>The Data Security Law asks data handlers to classify their data and protect it accordingly. Market prices aggregated by product, market and day are public-interest information; individual trades and the identities of traders are not.</p><p>Our regional data products therefore contain aggregated series only. Raw trades stay in the markets’ own systems, and we publish how each aggregate is computed.</p>',
    ],
    zh: [
      '数据安全法下如何提供市场数据',
      '为什么我们的区域数据产品只含价格，不含交易和交易人。',
      '<p>数据安全法要求数据处理者对数据分类分级并相应保护。按品种、市场和日期汇总的价格属于公共利益信息，而单笔交易和交易人身份则不是。</p><p>因此，我们的区域数据产品只包含汇总序列。原始交易留在市场自己的系统中，我们会公开每个汇总值的计算方法。</p>',
    ],
  },
]);

export const ARTICLES: SeedArticle[] = [...company, ...industry, ...policy];
