import { IMAGES as I, COMPANY_FILM } from './images';
import type { MarketingContent } from './types';

const HOTLINE = '400-820-6618';

export const zhCN: MarketingContent = {
  home: {
    swiper: [
      {
        eyebrow: '市场数据',
        title: '{markets}个市场的价格，来源可查',
        body: '粮食、蔬菜、水果、肉禽、水产、蛋奶和食用油的批发与零售价格、定基指数和预测，每个数字都标明单位、来源和日期。',
        image: I.slidePrices('近几周持续上涨的价格走势图与每周成交量柱'),
        cta: { label: '查看市场数据', href: '/functionality' },
      },
      {
        eyebrow: '产品平台',
        title: '服务种植、交易和配送农产品的每一个人',
        body: '种植户用智慧农业，市场商户用电子台账，配送企业用配送系统——一个账号通用所有平台。',
        image: I.slidePlatforms('带遮阳棚的市场摊位和新鲜农产品'),
        cta: { label: '了解我们的产品', href: '/product/farming' },
      },
      {
        eyebrow: '监管部门',
        title: '全区所有市场，一屏掌握',
        body: '为市场监管和农业农村部门汇集价格、经营户、巡查和快检结果。',
        image: I.slideRegulators('包含指标卡片和趋势线的监管大屏'),
        cta: { label: '数字监管方案', href: '/solution/numberSupervise' },
      },
    ],
    numerical: {
      title: '平台概况',
      lead: '以下数字实时统计自我们的数据库。',
      note: '随着价格、资讯和文档的增加而实时更新。',
    },
    product: { title: '产品', lead: '四个平台，一个账号，底层是同一个价格数据库。' },
    solution: { title: '解决方案', lead: '面向市场、区县和食品安全监管部门的整体方案。' },
    journalism: { title: '最新资讯', lead: '市场评论、公司动态和政策解读。', more: '全部资讯' },
  },

  products: {
    farming: {
      title: '智慧农业',
      description: '面向种植户和合作社的地块档案、投入品记录和种植计划，结合本地价格展望，帮助决定种什么、何时卖。',
      swiper: [
        {
          eyebrow: '智慧农业',
          title: '看着行情安排种植',
          body: '在田间记录每块地、每茬作物和每次投入，并查看附近批发市场去年同期的价格。',
          image: I.farming1('阳光下整齐的农田'),
          cta: { label: '使用流程', href: '#solution' },
        },
        {
          eyebrow: '价格展望',
          title: '知道什么时候卖',
          body: '为您的作物给出未来一年内的月度价格预测，并列出以往预测的实际命中情况。',
          image: I.farming2('未来几个月的价格展望图'),
          cta: { label: '常见问题', href: '#problem' },
        },
      ],
      product: {
        title: '智慧农业能做什么',
        lead: '与山东、河南、云南的合作社共同打磨，已覆盖18万余亩农田。',
        features: [
          {
            icon: 'map',
            title: '地块档案',
            body: '在地图上圈定地块，记录作物、品种、播种日期和预计产量，与合作社共享。',
          },
          {
            icon: 'leaf',
            title: '投入品记录',
            body: '种子、化肥、农药的使用记录含批号和安全间隔期，随时应对追溯检查。',
          },
          { icon: 'clock', title: '农事日历', body: '灌溉、喷药、采收提醒，根据本地天气预报自动调整。' },
          {
            icon: 'chart',
            title: '本地价格展望',
            body: '最近三个批发市场的价格、季节规律以及每种作物未来一年内的月度预测。',
          },
        ],
      },
      solution: {
        title: '从地块到销售',
        lead: '一个合作社通常一个下午就能上手。',
        steps: [
          { title: '圈定地块', body: '农技员用App走一遍地界，或直接导入土地承包图。' },
          { title: '规划种植', body: '对比去年价格和今年展望，再决定每块地种什么。' },
          { title: '记录农事', body: '社员随手记录投入和作业，合作社按地块查看进度。' },
          { title: '择机销售', body: '市场价格高于目标价时，价格提醒会通知合作社。' },
        ],
      },
      afterSale: {
        title: '售后服务',
        lead: '整个生产季，我们一直陪伴。',
        items: [
          { icon: 'users', title: '上门培训', body: '每个新合作社两天培训，田间和办公室各一天。' },
          { icon: 'phone', title: '热线与微信群', body: '农艺师和产品人员两个工作小时内答复。' },
          { icon: 'bell', title: '季后复盘', body: '采收后与每个合作社一起复盘产量和收入。' },
        ],
        hotline: HOTLINE,
        hours: '周一至周六 8:00–20:00',
      },
      problem: {
        title: '我们解决的问题',
        lead: '种植户在使用之前告诉我们的难处。',
        items: [
          {
            q: '去年什么好卖今年就种什么，结果价格暴跌。',
            a: '种植计划会显示附近有多少合作社计划种同一种作物，以及价格展望，在买种之前就能看到。',
          },
          { q: '纸质记录在检查前就丢了。', a: '用手机记录投入品，附照片和批号，一键打印追溯报告。' },
          { q: '不知道这周哪个市场价格最好。', a: '附近批发市场的每日价格加上运费测算，告诉您一车货送到哪里最划算。' },
          {
            q: '年轻社员会用手机，年长社员不会。',
            a: '大按钮、普通话和方言语音输入，还有一人可代多人录入的合作社账号。',
          },
        ],
      },
      app: { name: '智慧农业', appLink: 'yoonopfarm://home', fallbackUrl: '/mobileProduct/farming#after-sale' },
    },

    electronicLedger: {
      title: '电子台账',
      description: '面向市场经营户的数字化进销台账：几秒钟记录一批货，一键应对追溯检查。',
      swiper: [
        {
          eyebrow: '电子台账',
          title: '每批货几秒钟入账',
          body: '拍下供货单或从常用供应商中选择，重量、价格和产地自动填好。',
          image: I.ledger1('农贸市场里的经营户摊位'),
          cta: { label: '查看功能', href: '#product' },
        },
        {
          eyebrow: '市场管理方',
          title: '全市场台账一屏可见',
          body: '哪些摊位每天记账、哪些供应商送了什么、每批货去了哪里，一目了然。',
          image: I.ledger2('市场总览大屏'),
          cta: { label: '市场如何推广', href: '#solution' },
        },
      ],
      product: {
        title: '台账记录什么',
        lead: '符合批发市场和农贸市场食用农产品进货查验记录要求。',
        features: [
          { icon: 'scan', title: '拍照入账', body: '供货单、产地证明和检测报告拍照即可识别。' },
          {
            icon: 'ledger',
            title: '进货与销售',
            body: '每次进货记录供应商、品名、重量、价格和批次；向餐馆、食堂的销售与批次关联。',
          },
          { icon: 'link', title: '追溯码', body: '每批货生成追溯码，顾客在摊位扫码即可查看产地和检测结果。' },
          { icon: 'chart', title: '摊位统计', body: '各品类营业额和毛利，并显示全市场均价供对比。' },
        ],
      },
      solution: {
        title: '在市场推广上线',
        lead: '一个200个摊位的市场，通常两周内全面上线。',
        steps: [
          { title: '登记摊位', body: '市场办公室导入摊位号和经营户证照。' },
          { title: '培训经营户', body: '我们的人员逐个摊位讲解，记一批货不超过20秒。' },
          { title: '连接电子秤', body: '联网电子秤把重量和价格直接写入台账。' },
          { title: '上报监管部门', body: '每日台账自动推送到市场监管平台。' },
        ],
      },
      afterSale: {
        title: '售后服务',
        lead: '市场开得早，我们也一样。',
        items: [
          { icon: 'clock', title: '每天5点开始服务', body: '批发交易开始前客服就已在线。' },
          { icon: 'users', title: '摊位回访', body: '每月回访停止记账的摊位。' },
          { icon: 'doc', title: '检查支持', body: '按检查人员要求准备台账导出。' },
        ],
        hotline: HOTLINE,
        hours: '每天 5:00–21:00',
      },
      app: {
        name: '电子台账',
        appLink: 'yoonopledger://home',
        fallbackUrl: '/mobileProduct/electronicLedger#after-sale',
      },
    },

    distributionSystem: {
      title: '配送系统',
      description: '面向为食堂、超市和餐馆供货的农产品配送企业：订单、分拣、线路和签收。',
      swiper: [
        {
          eyebrow: '配送系统',
          title: '午夜前下单，五点前装车',
          body: '客户在小程序下单，夜班开始前仓库就拿到按线路汇总的分拣单。',
          image: I.distribution1('沿线路在各站点之间行驶的配送货车'),
          cta: { label: '查看功能', href: '#product' },
        },
        {
          eyebrow: '线路规划',
          title: '少跑冤枉路，少送迟到货',
          body: '按送货时间窗、车辆载重和冷链要求规划线路。',
          image: I.distribution2('分布在城市地图上的配送点'),
          cta: { label: '使用流程', href: '#solution' },
        },
      ],
      product: {
        title: '配送系统覆盖什么',
        lead: '服务于为学校食堂、医院、超市和连锁餐饮供货的配送企业。',
        features: [
          { icon: 'phone', title: '客户下单', body: '按客户设置价目表和截单时间，上周订单一键再下。' },
          { icon: 'ledger', title: '采购与分拣', body: '订单汇总成采购单；分拣单按线路和客户打印。' },
          { icon: 'truck', title: '线路与跟踪', body: '自动规划线路，客户可查看货物到了哪里。' },
          { icon: 'camera', title: '签收凭证', body: '送达时签字、拍照、过磅；差异自动生成退款单，减少争议。' },
        ],
      },
      solution: {
        title: '仓库的一个夜晚',
        lead: '杭州一家配送企业如何一夜跑40条线路。',
        steps: [
          { title: '22:00 截单', body: '采购单连同最新批发价发给市场采购员。' },
          { title: '01:00 到货', body: '按重量和批次验收入库，附带检测结果。' },
          { title: '03:00 分拣', body: '按线路分拣，标签带批次追溯码。' },
          { title: '05:00 出车', body: '司机按规划线路送货，客户收到预计到达时间。' },
        ],
      },
      afterSale: {
        title: '售后服务',
        lead: '配送在夜里，我们的服务也在夜里。',
        items: [
          { icon: 'clock', title: '夜间值守', body: '21:00至次日6:00有工程师值班。' },
          { icon: 'link', title: '系统对接', body: '对接您的财务软件和客户的采购系统。' },
          { icon: 'users', title: '线路复盘', body: '每季度复盘线路成本和迟到情况。' },
        ],
        hotline: HOTLINE,
        hours: '全天24小时',
      },
      app: {
        name: '配送系统',
        appLink: 'yoonopdist://home',
        fallbackUrl: '/mobileProduct/distributionSystem#after-sale',
      },
    },

    enforceSystem: {
      title: '执法系统',
      description: '面向市场监管执法人员的移动巡查、证据采集和案件办理，关联经营户台账和检测结果。',
      swiper: [
        {
          eyebrow: '执法系统',
          title: '带着证据去检查',
          body: '执法人员到达摊位前，就能看到它的台账、证照和近期检测结果。',
          image: I.enforce1('带对勾的盾牌和检查清单'),
          cta: { label: '查看功能', href: '#product' },
        },
        {
          eyebrow: '案件办理',
          title: '从发现问题到结案，全程留痕',
          body: '照片、测量数据和签名自动加盖时间戳，随案卷保存。',
          image: I.enforce2('显示案件统计的执法大屏'),
          cta: { label: '功能特点', href: '#characteristics' },
        },
      ],
      product: {
        title: '执法系统能做什么',
        lead: '与区县市场监管局共同设计，符合行政执法全过程记录要求。',
        features: [
          { icon: 'search', title: '风险导向排查', body: '根据台账缺失、检测不合格和投诉对检查对象排序。' },
          { icon: 'camera', title: '证据采集', body: '照片、视频和测量数据带时间和位置，防篡改封存。' },
          { icon: 'doc', title: '执法文书', body: '按模板生成通知书和决定书，在设备上签名。' },
          { icon: 'chart', title: '统计分析', body: '按市场、执法人员和时段统计检查、问题和结案情况。' },
        ],
      },
      solution: {
        title: '一次检查如何进行',
        lead: '从计划到结案，一条流程走到底。',
        steps: [
          { title: '计划', body: '系统按风险推荐当天的检查摊位，由组长分派。' },
          { title: '检查', body: '按品类使用检查表，问题连同证据一并记录。' },
          { title: '处置', body: '现场开具整改通知或立案。' },
          { title: '跟进', body: '自动安排复查，直至结案。' },
        ],
      },
      afterSale: {
        title: '售后服务',
        lead: '政务部署需要的不只是一条热线。',
        items: [
          { icon: 'shield', title: '安全保障', body: '支持政务云部署和等保三级。' },
          { icon: 'users', title: '执法人员培训', body: '每个执法队都有培训，法规变化时再做复训。' },
          { icon: 'doc', title: '文书模板更新', body: '法规调整后及时更新文书模板。' },
        ],
        hotline: HOTLINE,
        hours: '周一至周五 8:30–18:00，紧急情况24小时',
      },
      functionalCharacteristics: {
        title: '功能特点',
        lead: '执法人员和监管部门最看重的几点。',
        items: [
          { icon: 'link', title: '关联台账', body: '检查时直接打开摊位的台账、证照和检测结果。' },
          { icon: 'shield', title: '证据防篡改', body: '每张照片和每条记录在采集时计算哈希，任何修改都可发现。' },
          { icon: 'phone', title: '离线可用', body: '地下室和冷库里也能继续检查，联网后自动同步。' },
          { icon: 'bell', title: '期限提醒', body: '自动计算每个案件的法定期限并提醒。' },
        ],
      },
      app: {
        name: '执法系统',
        appLink: 'yoonopenforce://home',
        fallbackUrl: '/mobileProduct/enforceSystem#after-sale',
      },
    },
  },

  solutions: {
    garbage: {
      title: '农贸市场垃圾分类',
      description: '面向批发市场和农贸市场的垃圾分类、称重和清运管理，按摊位统计。',
      tagline: '批发市场每天产生数吨有机垃圾。在摊位端分好类，垃圾就从成本变成资源。',
      hero: I.garbage('四个分色分类桶：厨余、可回收、有害和其他垃圾'),
      challenges: {
        title: '面临的问题',
        items: [
          { icon: 'recycle', title: '混合垃圾', body: '菜叶和包装混在一起无法堆肥，处理费用更高。' },
          { icon: 'users', title: '摊位众多', body: '市场管理人员无法盯住每个摊位的垃圾桶。' },
          { icon: 'doc', title: '上报困难', body: '区里要分类准确率，市场却无从统计。' },
        ],
      },
      approach: {
        title: '我们的做法',
        lead: '源头计量，奖励分得好的摊位。',
        layers: [
          { title: '摊位桶赋码', body: '每个摊位的垃圾桶带码，清运员扫码称重。' },
          { title: '分类质量检查', body: '清运员在App中给每桶打分并拍照。' },
          { title: '摊位评分', body: '每月按摊位评分，与市场设定的管理费优惠挂钩。' },
          { title: '统计报表', body: '按类别统计重量和分类率，导出上报区里。' },
        ],
      },
      outcomes: {
        title: '服务市场的成效',
        items: [
          { value: '92%', label: '六个月后的平均分类准确率' },
          { value: '31%', label: '垃圾处理费用下降' },
          { value: '2.6吨', label: '每个市场每天堆肥的有机垃圾' },
        ],
      },
      cases: {
        title: '应用案例',
        items: [
          { name: '某蔬菜批发市场', region: '浙江嘉兴', body: '420个摊位，2023年上线；有机垃圾送往附近堆肥厂。' },
          { name: '八个农贸市场', region: '上海闵行', body: '全区推广，每月向绿化市容部门报送报表。' },
        ],
      },
      products: ['electronicLedger', 'enforceSystem'],
    },
    numberSupervise: {
      title: '数字监管',
      description: '为监管部门打造的一张大屏：全区所有市场的价格、经营户、巡查和食品安全检测。',
      tagline: '数据已经在那里，监管才最有效：每个市场的台账、价格和检测汇于一处。',
      hero: I.numberSupervise('包含指标卡片、趋势线和仪表盘的监管大屏'),
      challenges: {
        title: '面临的问题',
        items: [
          { icon: 'ledger', title: '数据分散', body: '台账、检测结果和价格分散在不同系统或纸面上。' },
          { icon: 'search', title: '预警滞后', body: '价格异动和检测不合格往往几天后才被发现。' },
          { icon: 'users', title: '人手有限', body: '区执法队无法每周走遍每个市场。' },
        ],
      },
      approach: {
        title: '我们的做法',
        lead: '把市场已经记录的数据连起来，让数据决定检查重点。',
        layers: [
          { title: '数据采集', body: '汇集每个市场的台账、电子秤、快检和价格报送。' },
          { title: '数据平台', body: '清洗并按摊位和批次关联，以我们的全国价格序列为参照。' },
          { title: '预警', body: '价格异常、台账缺失、检测不合格的预警规则，每日汇总推送。' },
          { title: '处置', body: '预警自动转为执法系统中的检查任务。' },
        ],
      },
      outcomes: {
        title: '成效',
        items: [
          { value: '48个', label: '最大辖区一屏接入的市场' },
          { value: '< 1小时', label: '从检测不合格到发出预警' },
          { value: '3倍', label: '每名执法人员的精准检查次数' },
        ],
      },
      cases: {
        title: '应用案例',
        items: [
          { name: '某区市场监督管理局', region: '四川成都', body: '2022年起接入48个市场、9000个摊位。' },
          { name: '某市农业农村局', region: '山东寿光', body: '全国最大蔬菜市场的价格与产地证明。' },
        ],
      },
      products: ['electronicLedger', 'enforceSystem'],
    },
    shopExplore: {
      title: '门店巡查',
      description: '定期与随机门店巡查，配合检查表、照片和整改跟踪。',
      tagline: '连锁企业和市场运营方要巡查成百上千家门店，检查结果不该躺在没人看的表格里。',
      hero: I.shopExplore('市场街道上带遮阳棚的摊位'),
      challenges: {
        title: '面临的问题',
        items: [
          { icon: 'doc', title: '纸质检查表', body: '不同门店、不同检查人员的结果难以比较。' },
          { icon: 'clock', title: '整改跟进慢', body: '答应的整改常常不了了之。' },
          { icon: 'search', title: '检查可预期', body: '门店知道检查人员什么时候来。' },
        ],
      },
      approach: {
        title: '我们的做法',
        lead: '结构化检查表、随机排期和整改闭环。',
        layers: [
          { title: '检查表', body: '按门店类型设置检查项，不合格项必须拍照。' },
          { title: '排期', body: '定期与随机检查相结合，分散在一周之内。' },
          { title: '整改', body: '不合格项转为门店的整改任务，限期并以照片为证。' },
          { title: '评分', body: '为区域经理提供门店评分和趋势。' },
        ],
      },
      outcomes: {
        title: '成效',
        items: [
          { value: '87%', label: '整改按期完成' },
          { value: '40%', label: '单次检查用时减少' },
          { value: '1200+', label: '每月巡查门店' },
        ],
      },
      cases: {
        title: '应用案例',
        items: [
          { name: '某生鲜超市连锁', region: '江苏、安徽', body: '18名区域经理每周巡查260家门店。' },
          { name: '某市场运营企业', region: '广东广州', body: '35个农贸市场每月随机检查。' },
        ],
      },
      products: ['enforceSystem', 'electronicLedger'],
    },
    securitySolution: {
      title: '食品安全',
      description: '汇集快检结果、供应商证明和批次追溯，让不安全的农产品在售出前被拦下。',
      tagline: '农残快检不合格，只有当天上午就找到并拦下那批货，才有意义。',
      hero: I.securitySolution('检查表和检测结果之间带对勾的盾牌'),
      challenges: {
        title: '面临的问题',
        items: [
          { icon: 'scan', title: '检测与批次脱节', body: '做了快检，但结果没有关联到批次和买家。' },
          { icon: 'doc', title: '证明靠纸质', body: '产地和合格证明靠肉眼核对，甚至不核对。' },
          { icon: 'truck', title: '流转快', body: '叶菜到货后几个小时就卖完了。' },
        ],
      },
      approach: {
        title: '我们的做法',
        lead: '每批货从进场到售出都带着证明和检测结果。',
        layers: [
          { title: '进场登记', body: '在大门登记批次并扫描证明。' },
          { title: '快速检测', body: '检测仪直接上传结果，关联到批次。' },
          { title: '拦截与召回', body: '检测不合格即在台账中锁定该批次，并列出买家。' },
          { title: '公开公示', body: '检测结果在市场大屏和追溯码中公示。' },
        ],
      },
      outcomes: {
        title: '成效',
        items: [
          { value: '15分钟', label: '从检测不合格到锁定批次' },
          { value: '100%', label: '已检批次关联到买家' },
          { value: '0', label: '2024年试点市场售出的不合格批次' },
        ],
      },
      cases: {
        title: '应用案例',
        items: [
          { name: '某农产品批发市场', region: '云南昆明', body: '出口蔬菜逐批检测和追溯。' },
          { name: '学校食堂供应', region: '安徽合肥', body: '为120所学校供货的企业每次送货前检测。' },
        ],
      },
      products: ['electronicLedger', 'distributionSystem'],
    },
  },

  about: {
    title: '关于我们',
    description: '优农数据为中国农产品流通打造市场数据与软件平台：价格、台账、配送与监管。',
    introduce: {
      title: '我们是谁',
      paragraphs: [
        '优农农业数据科技有限公司2016年由一群农业经济学者和软件工程师在杭州创立。我们最初在12个市场手工采集批发价格，每天清晨发布。',
        '如今，我们的平台服务于种植户、市场经营户、配送企业以及监管部门，本站发布{coverage}。底层的价格数据库对所有人都一样：每个数字都标明来源、单位和日期。',
      ],
      image: I.team('五位团队成员站在一起'),
      facts: [
        { value: '2016', label: '创立于杭州' },
        { value: '260+', label: '名员工' },
        { value: '{markets}', label: '个市场有价格数据' },
        { value: '{provinces}', label: '个省份有价格数据' },
      ],
    },
    coverage: {
      daily: '{provinces}个省份{markets}个市场的每日价格（{who}，{from}–{to}年）',
      monthly: '{provinces}个省份{markets}个市场的月度价格（{who}，{from}–{to}年）',
      demo: '本站生成的演示数据，并非实测价格',
      join: '；',
      none: '价格数据（暂无）',
    },
    develop: {
      title: '发展历程',
      milestones: [
        { year: '2016', title: '手工采集12个市场', body: '每天清晨发布浙江12个市场的批发价格。' },
        { year: '2017', title: '电子台账', body: '首个面向经营户的产品，在杭州两个市场试点。' },
        { year: '2019', title: '价格指数', body: '推出蔬菜和水果定基指数，后扩展到全部七大类。' },
        { year: '2020', title: '配送系统', body: '疫情期间为一家食堂供应商开发，现有90家配送企业使用。' },
        { year: '2022', title: '数字监管', body: '在成都为区市场监管局完成首个全区部署。' },
        { year: '2024', title: '预测与数据产品', body: '推出带区间的价格预测和面向贸易商的区域数据产品。' },
        { year: '2025', title: '开放价格数据', body: '世界粮食计划署的开放市场价格并入我们的序列，每条都标明来源。' },
      ],
    },
    honor: {
      title: '荣誉资质',
      items: [
        { year: '2019', name: '国家高新技术企业', issuer: '浙江省科学技术厅' },
        { year: '2021', name: 'ISO/IEC 27001 信息安全管理体系认证', issuer: '认可的认证机构' },
        { year: '2022', name: '数字农业优秀案例', issuer: '中国农业信息网大会' },
        { year: '2023', name: '“专精特新”中小企业', issuer: '浙江省经济和信息化厅' },
        { year: '2024', name: '监管平台通过网络安全等级保护三级测评', issuer: '公安等级测评机构' },
      ],
    },
    video: {
      title: '一分钟了解我们',
      caption: '一段关于采价、规划与配送的短片。点击播放后才开始，且没有声音。',
      src: COMPANY_FILM,
      poster: I.videoPoster('阳光下的农田和播放按钮'),
      captions: '中文字幕',
    },
    nationwide: {
      title: '服务全国',
      lead: '本站发布价格的市场，按省份列出。',
    },
  },
};
