// The documents area (spec §2 documents): a directory tree three levels deep
// and the guides, methodology notes and standards in it, in both languages.
// Every document gets a PDF version as an attachment when seeded.
import type { Locale } from '@/lib/shared/locale';

export type SeedDir = { slug: string; name: Record<Locale, string>; children?: SeedDir[]; docs?: SeedDoc[] };
export type SeedDoc = {
  slug: string;
  texts: Record<Locale, { title: string; summary: string; content: string }>;
  /** Extra attachments beside the document's own PDF. */
  extra?: { name: string; title: Record<Locale, string> }[];
};

const doc = (
  slug: string,
  en: [string, string, string],
  zh: [string, string, string],
  extra?: SeedDoc['extra'],
): SeedDoc => ({
  slug,
  texts: {
    en: { title: en[0], summary: en[1], content: en[2] },
    'zh-CN': { title: zh[0], summary: zh[1], content: zh[2] },
  },
  extra,
});

export const DOC_TREE: SeedDir[] = [
  {
    slug: 'guides',
    name: { en: 'Product guides', 'zh-CN': '产品使用指南' },
    children: [
      {
        slug: 'guides-ledger',
        name: { en: 'Electronic Ledger', 'zh-CN': '电子台账' },
        children: [
          {
            slug: 'ledger-start',
            name: { en: 'Getting started', 'zh-CN': '快速入门' },
            docs: [
              doc(
                'ledger-record-first-batch',
                [
                  'Record your first batch',
                  'Record a purchase in under 20 seconds: supplier, product, weight, price and origin.',
                  '<p>Open the ledger and tap <strong>New purchase</strong>. Choose the supplier from your recent list or scan the delivery note; the app reads supplier, product and weight from the photo.</p><ol><li>Check the product and its specification.</li><li>Enter or confirm the weight and the unit price.</li><li>Photograph the origin or compliance certificate.</li><li>Save: the batch receives its traceability code.</li></ol><p>A batch without a certificate is marked in orange until the certificate is added.</p>',
                ],
                [
                  '记录第一批货',
                  '20秒内完成一次进货记录：供应商、品名、重量、价格和产地。',
                  '<p>打开台账，点击<strong>新增进货</strong>。从常用供应商中选择，或拍摄供货单，App会从照片中识别供应商、品名和重量。</p><ol><li>核对品名和规格。</li><li>输入或确认重量和单价。</li><li>拍摄产地证明或合格证。</li><li>保存后，该批货会生成追溯码。</li></ol><p>缺少合格证的批次会以橙色标记，直到补齐为止。</p>',
                ],
              ),
              doc(
                'ledger-connect-scale',
                [
                  'Connect a networked scale',
                  'Pair a networked scale so weights and prices go straight into the ledger.',
                  '<p>Networked scales approved by the market send each weighing to the ledger. To pair a scale, open <strong>Settings → Devices</strong>, scan the code on the scale’s label and confirm the stall number.</p><p>Once paired, every sale weighed on the scale appears in the sales ledger with weight, unit price and time. If the scale goes offline it keeps up to 5,000 records and sends them when it reconnects.</p>',
                ],
                [
                  '连接联网电子秤',
                  '绑定联网电子秤，重量和价格直接写入台账。',
                  '<p>市场认可的联网电子秤会把每次称重发送到台账。绑定方法：打开<strong>设置 → 设备</strong>，扫描电子秤标签上的二维码并确认摊位号。</p><p>绑定后，电子秤上称过的每笔销售都会出现在销售台账中，包含重量、单价和时间。电子秤离线时最多保存5000条记录，联网后自动补传。</p>',
                ],
              ),
            ],
          },
          {
            slug: 'ledger-report',
            name: { en: 'Reporting to regulators', 'zh-CN': '监管对接' },
            docs: [
              doc(
                'ledger-export-inspection',
                [
                  'Export ledgers for an inspection',
                  'Produce the purchase records an inspector asks for, by date range and product.',
                  '<p>Inspectors usually ask for purchase records of a product over a period. Open <strong>Reports → Inspection export</strong>, choose the period and products, and export as PDF or spreadsheet.</p><p>The export lists each batch with supplier, origin, quantity, date, certificate photo and test result, and carries a verification code the inspector can check on the supervision platform.</p>',
                ],
                [
                  '为检查导出台账',
                  '按日期和品名生成检查人员要求的进货记录。',
                  '<p>检查人员通常要求查看某个品种一段时间内的进货记录。打开<strong>报表 → 检查导出</strong>，选择时段和品种，导出为PDF或表格。</p><p>导出文件逐批列出供应商、产地、数量、日期、合格证照片和检测结果，并附有检查人员可在监管平台核验的校验码。</p>',
                ],
                [
                  {
                    name: 'inspection-export-sample.pdf',
                    title: { en: 'Sample inspection export', 'zh-CN': '检查导出样例' },
                  },
                ],
              ),
              doc(
                'ledger-forward-daily',
                [
                  'Forward daily ledgers to the supervision platform',
                  'How markets switch on automatic daily reporting to the market-supervision bureau.',
                  '<p>Market operators can forward all stalls’ ledgers to the district supervision platform every night. In the market console, open <strong>Integration</strong>, enter the platform address and credentials provided by the bureau, and choose the reporting time.</p><p>The report includes purchases, sales, certificates and test results of the day. Failed transmissions are retried hourly and listed in the console.</p>',
                ],
                [
                  '每日台账推送监管平台',
                  '市场如何开启向市场监管局的每日自动报送。',
                  '<p>市场开办者可以每晚把全部摊位的台账推送到区监管平台。在市场管理后台打开<strong>对接</strong>，填写监管局提供的平台地址和凭证，并选择报送时间。</p><p>报送内容包括当天的进货、销售、合格证和检测结果。推送失败会每小时重试，并在后台列出。</p>',
                ],
              ),
            ],
          },
        ],
      },
      {
        slug: 'guides-farming',
        name: { en: 'Smart Farming', 'zh-CN': '智慧农业' },
        children: [
          {
            slug: 'farming-start',
            name: { en: 'Getting started', 'zh-CN': '快速入门' },
            docs: [
              doc(
                'farming-map-plots',
                [
                  'Map your plots',
                  'Draw plot boundaries on the map or import land-contract maps.',
                  '<p>Walk the boundary with the app open and tap <strong>Start tracing</strong>, or draw on the satellite map. Cooperatives can import land-contract maps in shapefile or KML format.</p><p>Each plot stores its area in mu, soil notes and the crops grown on it season by season. Plots can be shared with the cooperative or kept private.</p>',
                ],
                [
                  '圈定地块',
                  '在地图上绘制地块边界，或导入土地承包图。',
                  '<p>打开App沿地界走一圈并点击<strong>开始描边</strong>，或直接在卫星图上绘制。合作社可以导入shapefile或KML格式的土地承包图。</p><p>每个地块记录面积（亩）、土壤情况以及每季种植的作物，可以与合作社共享，也可以设为私有。</p>',
                ],
              ),
              doc(
                'farming-inputs',
                [
                  'Record inputs and safe-harvest intervals',
                  'Log fertiliser and pesticide applications with batch numbers; the app tracks safe-harvest dates.',
                  '<p>Record each application with product, batch number, dose and date. For pesticides the app looks up the safe-harvest interval and shows the earliest harvest date for the plot.</p><p>The compliance certificate for a batch of produce is printed from these records, so keep them complete.</p>',
                ],
                [
                  '记录投入品与安全间隔期',
                  '记录施肥和用药及批号，App自动计算安全采收日期。',
                  '<p>每次施用都记录产品、批号、用量和日期。对于农药，App会查询安全间隔期并显示该地块最早可采收的日期。</p><p>农产品合格证依据这些记录打印，请保持记录完整。</p>',
                ],
              ),
            ],
          },
          {
            slug: 'farming-outlook',
            name: { en: 'Price outlook', 'zh-CN': '价格展望' },
            docs: [
              doc(
                'farming-read-outlook',
                [
                  'Read the monthly price forecast',
                  'What the midpoint and the shaded bands mean, and when to distrust them.',
                  '<p>The forecast shows the expected monthly average price of a product in a region, 1 to 12 months ahead (6 by default), made from the observed months of its series. The line is the midpoint; the darker band is meant to hold the price 80% of the time and the lighter band 95%, and the methodology page publishes how often they did on past months.</p><p>When the model did not beat a seasonal-naive forecast (last year’s price) on past data, the chart says so: use it as one input among others. A series that ended long ago gets no forecast.</p>',
                ],
                [
                  '解读月度价格预测',
                  '中位线和阴影区间的含义，以及何时不宜依赖。',
                  '<p>预测显示某品种在某地区未来1至12个月（默认6个月）的预计月均价，只用该序列实际观测到的月份建模。线为中位数；深色区间按设计应有80%的时间包含实际价格，浅色区间为95%，方法说明页公布了以往各月的实际命中比例。</p><p>如果模型在历史数据上不如季节性朴素预测（去年同期价格），图上会注明，请仅作为参考之一。早已停止更新的序列不做预测。</p>',
                ],
              ),
            ],
          },
        ],
      },
      {
        slug: 'guides-distribution',
        name: { en: 'Distribution System', 'zh-CN': '配送系统' },
        docs: [
          doc(
            'distribution-price-lists',
            [
              'Set up customer price lists',
              'Price lists per customer group, linked to wholesale prices or fixed for a period.',
              '<p>Create a price list for each customer group — schools, hospitals, restaurants. Prices can be fixed for a period or set as a margin over the morning wholesale price from our data.</p><p>Customers see only their own list when ordering; changes take effect from the next order cut-off.</p>',
            ],
            [
              '设置客户价目表',
              '按客户分组设置价目表，可挂钩批发价或在一段时间内固定。',
              '<p>为每类客户（学校、医院、餐馆）建立价目表。价格可以在一段时间内固定，也可以设为在我们数据中当天早盘批发价基础上加价。</p><p>客户下单时只看到自己的价目表；修改从下一次截单开始生效。</p>',
            ],
          ),
          doc(
            'distribution-routes',
            [
              'Plan delivery routes',
              'Automatic routes by delivery window, truck capacity and cold-chain needs.',
              '<p>After the order cut-off, open <strong>Routes</strong> and choose <strong>Plan</strong>. The planner groups customers by delivery window and area, respects each truck’s capacity and keeps chilled goods on refrigerated trucks.</p><p>Dispatchers can move stops between routes by dragging; drivers receive the final route on their phones.</p>',
            ],
            [
              '规划配送线路',
              '按送货时间窗、车辆载重和冷链要求自动规划线路。',
              '<p>截单后打开<strong>线路</strong>并点击<strong>规划</strong>。系统按送货时间窗和区域分组客户，遵守每辆车的载重，并把冷藏货物安排在冷藏车上。</p><p>调度员可以拖动站点调整线路；司机在手机上收到最终线路。</p>',
            ],
          ),
          doc(
            'distribution-proof-of-delivery',
            [
              'Proof of delivery and credit notes',
              'Signatures, photos and weights at delivery; differences become credit notes.',
              '<p>At each stop the driver records the customer’s signature, a photo of the goods and, where required, the delivered weight. Differences from the order are entered on the spot.</p><p>Each difference becomes a credit note on the customer’s next invoice, so disputes are settled with the evidence attached.</p>',
            ],
            [
              '签收凭证与退款单',
              '送达时签字、拍照、过磅；差异自动生成退款单。',
              '<p>每个站点司机都会记录客户签名、货物照片，以及需要时的实收重量。与订单的差异当场录入。</p><p>每项差异都会在客户下一张账单中生成退款单，争议有据可查。</p>',
            ],
          ),
        ],
      },
      {
        slug: 'guides-enforce',
        name: { en: 'Enforcement System', 'zh-CN': '执法系统' },
        docs: [
          doc(
            'enforce-risk-planning',
            [
              'Plan risk-based inspections',
              'How the inspection list is ranked and how team leaders adjust it.',
              '<p>Each morning the system ranks stalls by risk: missing ledger days, failed tests in the last 90 days, complaints and time since the last inspection. Team leaders see the ranked list and assign stalls to officers.</p><p>A share of visits is always random, so no stall can predict an inspection.</p>',
            ],
            [
              '制定风险导向的检查计划',
              '检查清单如何排序，组长如何调整。',
              '<p>每天早上系统按风险对摊位排序：台账缺失天数、近90天检测不合格、投诉以及距上次检查的时间。组长查看排序后的清单并分派给执法人员。</p><p>一定比例的检查始终是随机的，任何摊位都无法预知检查时间。</p>',
            ],
          ),
          doc(
            'enforce-evidence',
            [
              'Capture tamper-evident evidence',
              'Photos and records are hashed at capture so any later change is visible.',
              '<p>Evidence captured in the app — photos, video, measurements — is stamped with time and location and hashed on the device. The hash is stored with the case on the server.</p><p>If a file is changed later, its hash no longer matches and the case file shows the difference. Exports for hearings include the hashes.</p>',
            ],
            [
              '采集防篡改证据',
              '照片和记录在采集时计算哈希，事后任何修改都可发现。',
              '<p>在App中采集的证据（照片、视频、测量数据）都带有时间和位置，并在设备上计算哈希，哈希值随案件保存在服务器上。</p><p>如果文件后来被修改，哈希将不再匹配，案卷中会显示差异。用于听证的导出文件包含哈希值。</p>',
            ],
          ),
        ],
      },
    ],
  },
  {
    slug: 'data',
    name: { en: 'Data and methodology', 'zh-CN': '数据与方法' },
    children: [
      {
        slug: 'data-indexes',
        name: { en: 'Price indexes', 'zh-CN': '价格指数' },
        children: [
          {
            slug: 'indexes-method',
            name: { en: 'Methodology', 'zh-CN': '编制方法' },
            docs: [
              doc(
                'index-methodology',
                [
                  'How the fixed-base price index is computed',
                  'A Laspeyres-type index: geometric means across markets, weighted arithmetic means across products.',
                  '<p>Our price indexes are fixed-base, Laspeyres-type indexes with the base period set to 100. For each product we first compute the price relative against the base period as the geometric mean of the relatives at each market, which keeps a single market from dominating.</p><p>Category and composite indexes are weighted arithmetic means of the product relatives. Weights come from each product’s share of traded value in the base period; where volumes are unknown, products are weighted equally and the chart says so.</p><p>Each index is published as its level together with day-on-day, month-on-month and year-on-year changes.</p>',
                ],
                [
                  '定基价格指数的计算方法',
                  '拉氏型指数：市场间取几何平均，品种间取加权算术平均。',
                  '<p>我们的价格指数是以基期为100的拉氏型定基指数。每个品种先计算各市场相对基期的价格比，再取几何平均，避免单个市场主导结果。</p><p>类别指数和综合指数是各品种价格比的加权算术平均，权重取自基期各品种的成交额占比；成交量未知时采用等权重，并在图上注明。</p><p>每个指数发布指数水平以及日环比、月环比和同比变化。</p>',
                ],
                [
                  {
                    name: 'index-weights-table.pdf',
                    title: { en: 'Base-period weights table', 'zh-CN': '基期权重表' },
                  },
                ],
              ),
              doc(
                'index-base-period',
                [
                  'Weights and base period',
                  'Why the base period is the first full calendar year, and how it can be changed.',
                  '<p>By default the base period is the first full calendar year for which every product in the index has data. A full year avoids seasonal bias in the base.</p><p>Operators can set another base year in configuration; all index levels are then recomputed, while the published changes stay the same.</p>',
                ],
                [
                  '权重与基期',
                  '为何以第一个完整自然年为基期，以及如何调整。',
                  '<p>默认以指数中所有品种都有数据的第一个完整自然年为基期。完整年度可以避免基期的季节性偏差。</p><p>运营方可以在配置中设置其他基年，届时所有指数水平会重新计算，而已发布的变化率保持不变。</p>',
                ],
              ),
            ],
          },
          {
            slug: 'indexes-release',
            name: { en: 'Releases', 'zh-CN': '指数发布' },
            docs: [
              doc(
                'index-release-calendar',
                [
                  'Index release calendar',
                  'Daily indexes at 10:00, weekly on Mondays, monthly on the third working day.',
                  '<p>Daily indexes are published at 10:00 Beijing time for the previous trading day. Weekly indexes follow on Monday mornings and monthly indexes on the third working day of the month.</p><p>Revisions, for example when a market reports late, are applied within seven days and marked in the series.</p>',
                ],
                [
                  '指数发布日历',
                  '日度指数每天10:00发布，周度指数每周一，月度指数每月第三个工作日。',
                  '<p>日度指数于北京时间10:00发布前一交易日的数据。周度指数在每周一上午发布，月度指数在每月第三个工作日发布。</p><p>如遇市场迟报等情况，修订会在七天内完成并在序列中标注。</p>',
                ],
              ),
            ],
          },
        ],
      },
      {
        slug: 'data-sources',
        name: { en: 'Data sources', 'zh-CN': '数据来源' },
        docs: [
          doc(
            'data-where-prices-come-from',
            [
              'Where our prices come from',
              'Price collectors, networked scales, market reports and public data sets.',
              '<p>Our prices come from four kinds of sources: our own price collectors in wholesale markets, networked scales in connected markets, daily reports from market operators, and public data sets such as the WFP food prices for China.</p><p>Every series names its source and licence. Generated demo series used on this portal are labelled as demo data wherever they appear.</p>',
            ],
            [
              '我们的价格从哪里来',
              '采价员、联网电子秤、市场报送和公开数据集。',
              '<p>我们的价格有四类来源：批发市场中的自有采价员、联网市场的电子秤、市场开办者的每日报送，以及世界粮食计划署中国食品价格等公开数据集。</p><p>每条序列都标明来源和许可。本站使用的生成演示序列在出现的地方均标注为演示数据。</p>',
            ],
          ),
          doc(
            'data-units-conversions',
            [
              'Units and conversions',
              'All prices are converted to yuan per kilogram (or litre for oils).',
              '<p>Prices are reported in many units: jin, packs of 90 kg, cases, pieces. We convert all of them to yuan per kilogram, or yuan per litre for edible oils. Packs are divided by their stated weight; pieces use the specification’s average weight.</p><p>The original unit and quantity are kept with each observation so the conversion can be checked.</p>',
            ],
            [
              '计量单位与换算',
              '所有价格统一换算为元/公斤（食用油为元/升）。',
              '<p>价格的报送单位多种多样：斤、90公斤包、箱、个。我们统一换算为元/公斤，食用油为元/升。包装按标注重量折算，按个计价的按规格平均重量折算。</p><p>每条观测都保留原始单位和数量，便于核对换算。</p>',
            ],
          ),
          doc(
            'data-wfp-licence',
            [
              'WFP food price data: licence and attribution',
              'The WFP VAM food prices for China are used under CC BY-IGO with attribution.',
              '<p>Part of the market data shown on this portal comes from the World Food Programme’s food price data for China, published through the Humanitarian Data Exchange under the Creative Commons Attribution for Intergovernmental Organisations licence (CC BY-IGO).</p><p>Wherever these figures appear we show the attribution: Source: WFP VAM via HDX (CC BY-IGO).</p>',
            ],
            [
              '世界粮食计划署价格数据：许可与署名',
              '世界粮食计划署中国食品价格数据依据CC BY-IGO许可并署名使用。',
              '<p>本站显示的部分市场数据来自世界粮食计划署经人道主义数据交换平台发布的中国食品价格数据，依据知识共享署名-政府间组织许可（CC BY-IGO）使用。</p><p>这些数据出现的地方均标注署名：来源：WFP VAM via HDX (CC BY-IGO)。</p>',
            ],
          ),
        ],
      },
      {
        slug: 'data-forecasts',
        name: { en: 'Forecasts', 'zh-CN': '预测' },
        docs: [
          doc(
            'forecast-models',
            [
              'Forecast models and back-testing',
              'Seasonal exponential smoothing on log prices, checked against a seasonal-naive forecast.',
              '<p>Forecasts use exponential smoothing with a seasonal component on log prices, fitted per product and region. Before a forecast is shown, the model is back-tested on the last two years and compared with a seasonal-naive forecast that repeats last year’s pattern.</p><p>If the model does not beat the seasonal-naive forecast, the chart shows <em>low confidence</em>. The model name, fit date and back-test error are shown beside every forecast.</p>',
            ],
            [
              '预测模型与回测',
              '对数价格的季节性指数平滑，并与季节性朴素预测对比。',
              '<p>预测采用带季节成分的指数平滑模型，对数价格按品种和区域分别拟合。展示前先用最近两年数据回测，并与重复去年规律的季节性朴素预测对比。</p><p>如果模型不优于季节性朴素预测，图上会显示<em>低可信度</em>。每个预测旁都会显示模型名称、拟合日期和回测误差。</p>',
            ],
          ),
          doc(
            'forecast-intervals',
            [
              'Reading forecast intervals',
              'An 80% interval should contain the actual price about four weeks in five.',
              '<p>An 80% interval is expected to contain the actual price about four times out of five; a 95% interval about nineteen times out of twenty. Wide intervals are not a fault: they tell you how uncertain the market is.</p><p>We publish the actual coverage of past intervals in the quarterly methodology note.</p>',
            ],
            [
              '解读预测区间',
              '80%区间大约每五周有四周应包含实际价格。',
              '<p>80%区间预期大约每五次有四次包含实际价格；95%区间大约每二十次有十九次。区间宽并不是缺陷，它说明市场有多不确定。</p><p>我们在季度方法说明中公布历史区间的实际覆盖率。</p>',
            ],
          ),
        ],
      },
    ],
  },
  {
    slug: 'standards',
    name: { en: 'Standards and regulations', 'zh-CN': '标准与规范' },
    children: [
      {
        slug: 'standards-food',
        name: { en: 'Food safety', 'zh-CN': '食品安全' },
        docs: [
          doc(
            'vendor-duties-checklist',
            [
              'Vendor duties in markets: a checklist',
              'Purchase records, certificates and failed-test handling, item by item.',
              '<p>This checklist summarises what a market vendor of edible agricultural products must do, with the ledger screen that covers each item.</p><ul><li>Keep purchase records for at least six months — <em>Purchases</em>.</li><li>Keep the certificate of each batch — <em>Certificates</em>.</li><li>Do not sell batches that failed a test — blocked automatically.</li><li>Cooperate with recalls — <em>Batch → Buyers</em>.</li></ul>',
            ],
            [
              '市场经营户义务清单',
              '进货记录、合格证和不合格处置，逐项说明。',
              '<p>本清单汇总了食用农产品市场经营户应履行的义务，以及台账中对应的页面。</p><ul><li>进货记录保存不少于六个月——<em>进货</em>。</li><li>保存每批货的合格证——<em>合格证</em>。</li><li>不得销售检测不合格的批次——系统自动锁定。</li><li>配合召回——<em>批次 → 买家</em>。</li></ul>',
            ],
            [{ name: 'vendor-checklist-printable.pdf', title: { en: 'Printable checklist', 'zh-CN': '可打印清单' } }],
          ),
          doc(
            'rapid-test-procedure',
            [
              'Rapid test procedure for pesticide residues',
              'Enzyme-inhibition rapid tests: sampling, testing and recording.',
              '<p>Rapid tests by enzyme inhibition screen leafy and other vegetables for organophosphate and carbamate residues. Take samples from several places in the batch, chop and extract as the kit instructs, and read the inhibition rate on the instrument.</p><p>An inhibition rate of 50% or more is a failed screening: the batch is held and a laboratory test is requested. Connected instruments upload results to the batch automatically.</p>',
            ],
            [
              '农药残留快速检测流程',
              '酶抑制法快检：取样、检测与记录。',
              '<p>酶抑制法快检用于筛查叶菜等蔬菜中的有机磷和氨基甲酸酯类农药残留。在批次中多点取样，按试剂盒说明切碎提取，在仪器上读取抑制率。</p><p>抑制率达到或超过50%为初筛不合格：该批次暂扣并送实验室检测。联网仪器会自动把结果上传到批次。</p>',
            ],
          ),
        ],
      },
      {
        slug: 'standards-market',
        name: { en: 'Market management', 'zh-CN': '市场管理' },
        docs: [
          doc(
            'waste-sorting-guide',
            [
              'Waste sorting in markets: an operating guide',
              'Bins, collection rounds, stall scores and monthly reports.',
              '<p>Provide each stall with a coded bin for organic waste and shared bins for recyclables, hazardous and residual waste. Collectors scan and weigh each stall bin on their round and grade the sorting quality with a photo.</p><p>Stall scores are computed monthly. Markets decide how scores translate into fee discounts; reports of tonnage and sorting rate go to the district each month.</p>',
            ],
            [
              '市场垃圾分类操作指南',
              '垃圾桶配置、清运、摊位评分和月度报表。',
              '<p>为每个摊位配置一个赋码的厨余垃圾桶，并设置可回收物、有害垃圾和其他垃圾公共桶。清运员巡回时逐桶扫码称重，并拍照评定分类质量。</p><p>摊位评分按月计算。市场自行决定评分如何折算为管理费优惠；重量和分类率报表每月报送区里。</p>',
            ],
          ),
        ],
      },
    ],
  },
  {
    slug: 'membership',
    name: { en: 'Membership and data products', 'zh-CN': '会员与数据产品' },
    children: [
      {
        slug: 'membership-levels',
        name: { en: 'Membership levels', 'zh-CN': '会员等级' },
        docs: [
          doc(
            'membership-compared',
            [
              'Membership levels compared',
              'Silver, Gold and Platinum: history depth, regions, forecasts and exports.',
              '<p>Silver members see two years of history down to province level and can export what they see. Gold adds market-level series, five years of history and forecasts. Platinum extends history to ten years and gives the largest discount on data products.</p><p>Levels are sold for one, three or twelve months. Logged-in users without a membership see national series for the last twelve months.</p>',
            ],
            [
              '会员等级对比',
              '白银、黄金、铂金：历史深度、区域、预测和导出。',
              '<p>白银会员可查看两年历史、细化到省级，并可导出所见数据。黄金会员增加市场级序列、五年历史和预测。铂金会员历史延长到十年，并享受数据产品的最大折扣。</p><p>会员可按一个月、三个月或十二个月购买。登录但未开通会员的用户可查看近十二个月的全国序列。</p>',
            ],
          ),
          doc(
            'membership-upgrade-pricing',
            [
              'Upgrade pricing explained',
              'An upgrade costs the new level for the days you have left, less the unused value of what you paid.',
              '<p>When you upgrade while a membership is active, the new level runs from the moment you pay until your current end date, which stays the same. You pay the new level’s price for the days left, at the rate of the duration you bought (the one-month price per day of a one-month membership, the twelve-month price per day of a twelve-month one), minus the unused value of what you actually paid for those days. The amount is never below zero.</p><p>Example: you buy Silver for one month (¥39) and upgrade to Platinum (¥159 a month) the same day: the Platinum month costs ¥159, the unused Silver month is worth ¥39, so you pay ¥120. With 21 of 31 days left you would pay ¥107.71 − ¥26.41 = ¥81.30.</p><p>So buying a cheaper level and upgrading never costs less than buying the higher level for the same period. Before you confirm, the quote shows both figures, the formula and the date the upgrade takes effect.</p>',
            ],
            [
              '升级价格说明',
              '升级费用为新等级在剩余天数内的价格，减去已付费用中未使用的部分。',
              '<p>在会员有效期内升级时，新等级自付款时起生效，到期日保持不变。您需支付新等级在剩余天数内的价格（按您所购时长的费率：一个月会员按一个月价格折算到每天，十二个月会员按十二个月价格折算到每天），减去您为这些天实际支付费用中未使用的部分，结果不会低于零。</p><p>例如：您购买一个月白银会员（¥39），当天升级为铂金（一个月 ¥159）：铂金一个月的价格为 ¥159，未使用的白银一个月价值 ¥39，您需支付 ¥120。若 31 天中还剩 21 天，则需支付 ¥107.71 − ¥26.41 = ¥81.30。</p><p>因此，先买低等级再升级，绝不会比直接购买高等级同一时段更便宜。确认前，报价会显示两项金额、计算公式和生效日期。</p>',
            ],
          ),
        ],
      },
      {
        slug: 'membership-products',
        name: { en: 'Data products', 'zh-CN': '数据产品' },
        docs: [
          doc(
            'data-products-included',
            [
              'Regional data products: what they include',
              'Full history for a product group in each region you buy, for twelve months.',
              '<p>A data product gives full price history and forecasts for one product group — for example vegetables or aquatic products — in each region you buy, for twelve months. Buying a region you already hold extends it.</p><p>Members receive their level’s discount. Some products require a minimum membership level, shown on the product page.</p>',
            ],
            [
              '区域数据产品包含什么',
              '所购每个区域内某一品类的完整历史，有效期十二个月。',
              '<p>数据产品提供某一品类（如蔬菜或水产）在所购每个区域内的完整价格历史和预测，有效期十二个月。再次购买已持有的区域会顺延有效期。</p><p>会员享受其等级的折扣。部分产品要求最低会员等级，会在产品页注明。</p>',
            ],
          ),
          doc(
            'invoices-receipts',
            [
              'Invoices and receipts',
              'Every paid order has a printable receipt; VAT invoices on request.',
              '<p>Each paid order has a printable receipt under <strong>Purchase records</strong>. Companies that need a VAT invoice can request one from the order page with their tax number; invoices are issued electronically within three working days.</p>',
            ],
            [
              '发票与收据',
              '每笔已支付订单都有可打印收据；增值税发票可申请开具。',
              '<p>每笔已支付订单都可在<strong>购买记录</strong>中打印收据。需要增值税发票的企业可在订单页填写税号申请，电子发票在三个工作日内开具。</p>',
            ],
          ),
        ],
      },
    ],
  },
];
