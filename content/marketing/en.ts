import { IMAGES as I, COMPANY_FILM } from './images';
import type { MarketingContent } from './types';

const HOTLINE = '400-820-6618';

export const en: MarketingContent = {
  home: {
    swiper: [
      {
        eyebrow: 'Market data',
        title: 'Prices from {markets} markets, traced to the source',
        body: 'Wholesale and retail prices, fixed-base indexes and forecasts for grains, vegetables, fruit, meat, aquatic products, eggs and oils — each figure with its unit, source and date.',
        image: I.slidePrices('A price chart rising over the past weeks, with weekly volume bars'),
        cta: { label: 'Explore market data', href: '/functionality' },
      },
      {
        eyebrow: 'Platforms',
        title: 'Software for the people who grow, trade and deliver produce',
        body: 'Smart Farming for growers, Electronic Ledger for market vendors, the Distribution System for suppliers — one account across all of them.',
        image: I.slidePlatforms('Market stalls with awnings and fresh produce'),
        cta: { label: 'See our products', href: '/product/farming' },
      },
      {
        eyebrow: 'Regulators',
        title: 'One dashboard for every market in the district',
        body: 'Prices, vendors, inspections and rapid-test results brought together for market-supervision and agriculture bureaus.',
        image: I.slideRegulators('A supervision dashboard with indicator tiles and a trend line'),
        cta: { label: 'Digital supervision', href: '/solution/numberSupervise' },
      },
    ],
    numerical: {
      title: 'The platform today',
      lead: 'Counted live from our database.',
      note: 'Figures update as prices, articles and documents are added.',
    },
    product: { title: 'Products', lead: 'Four platforms, one account, one price database underneath.' },
    solution: { title: 'Solutions', lead: 'Combined deployments for markets, districts and food-safety authorities.' },
    journalism: {
      title: 'Latest news',
      lead: 'Market commentary, company announcements and policy notes.',
      more: 'All news',
    },
  },

  products: {
    farming: {
      title: 'Smart Farming',
      description:
        'Plot records, input tracking and planting plans for growers and cooperatives, with local price outlooks to decide what to plant and when to sell.',
      swiper: [
        {
          eyebrow: 'Smart Farming',
          title: 'Plan the season with the market in view',
          body: 'Record every plot, crop and input in the field, and see what the nearest wholesale markets paid last year in the same weeks.',
          image: I.farming1('Rows of crops in a field under the sun'),
          cta: { label: 'How it works', href: '#solution' },
        },
        {
          eyebrow: 'Price outlook',
          title: 'Know when to sell',
          body: 'Monthly price forecasts for your crops, up to a year ahead, with how often past forecasts held shown beside them.',
          image: I.farming2('A price outlook chart for the coming months'),
          cta: { label: 'Common questions', href: '#problem' },
        },
      ],
      product: {
        title: 'What Smart Farming does',
        lead: 'Built with cooperatives in Shandong, Henan and Yunnan, and used on more than 180,000 mu of farmland.',
        features: [
          {
            icon: 'map',
            title: 'Plot records',
            body: 'Draw plots on the map, record crop, variety, sowing date and expected yield; share them with the cooperative.',
          },
          {
            icon: 'leaf',
            title: 'Input tracking',
            body: 'Seeds, fertiliser and pesticide applications with batch numbers and safe-harvest intervals, ready for traceability checks.',
          },
          {
            icon: 'clock',
            title: 'Farm calendar',
            body: 'Reminders for irrigation, spraying and harvest windows, adjusted to the local weather forecast.',
          },
          {
            icon: 'chart',
            title: 'Local price outlook',
            body: 'Prices at the three nearest wholesale markets, seasonal patterns and a monthly forecast, up to a year ahead, for every crop you grow.',
          },
        ],
      },
      solution: {
        title: 'From plot to sale',
        lead: 'A cooperative usually starts in one afternoon.',
        steps: [
          {
            title: 'Map the plots',
            body: 'Field officers walk the boundaries with the app or import the land-contract maps.',
          },
          {
            title: 'Plan the crops',
            body: 'Compare last year’s prices and this year’s outlook before deciding what goes where.',
          },
          {
            title: 'Record the work',
            body: 'Members log inputs and tasks as they go; the cooperative sees progress per plot.',
          },
          {
            title: 'Sell at the right time',
            body: 'Price alerts tell the cooperative when a market pays above its target.',
          },
        ],
      },
      afterSale: {
        title: 'After-sales service',
        lead: 'We stay with you for the whole season.',
        items: [
          {
            icon: 'users',
            title: 'On-site training',
            body: 'Two training days for every new cooperative, in the field and in the office.',
          },
          {
            icon: 'phone',
            title: 'Hotline and WeChat group',
            body: 'Agronomists and product staff answer within two working hours.',
          },
          {
            icon: 'bell',
            title: 'Season reviews',
            body: 'A yield and income review with each cooperative after harvest.',
          },
        ],
        hotline: HOTLINE,
        hours: 'Mon–Sat 8:00–20:00',
      },
      problem: {
        title: 'Problems we solve',
        lead: 'What growers told us before they started.',
        items: [
          {
            q: 'We plant what sold well last year and then prices collapse.',
            a: 'The planting plan shows how many cooperatives nearby plan the same crop and what the outlook says, before seeds are bought.',
          },
          {
            q: 'Our records are on paper and get lost before the inspection.',
            a: 'Inputs are recorded on the phone with photos and batch numbers, and the traceability report prints in one tap.',
          },
          {
            q: 'We never know which market pays best this week.',
            a: 'Daily prices from the nearest wholesale markets, with transport cost, show where a truckload earns most.',
          },
          {
            q: 'Young members use phones, older members do not.',
            a: 'Large buttons, voice input in Mandarin and local dialects, and a cooperative account that one person can update for many.',
          },
        ],
      },
      app: { name: 'Smart Farming', appLink: 'yoonopfarm://home', fallbackUrl: '/mobileProduct/farming#after-sale' },
    },

    electronicLedger: {
      title: 'Electronic Ledger',
      description:
        'Digital purchase and sales ledgers for market vendors: record each batch in seconds and answer traceability inspections with one tap.',
      swiper: [
        {
          eyebrow: 'Electronic Ledger',
          title: 'Every batch on record, in seconds',
          body: 'Scan the supplier’s delivery note or pick from recent suppliers; weight, price and origin fill themselves in.',
          image: I.ledger1('Vendors’ stalls in a farmers’ market'),
          cta: { label: 'See the features', href: '#product' },
        },
        {
          eyebrow: 'For market managers',
          title: 'The whole market’s ledgers on one screen',
          body: 'Which stalls record every day, which suppliers deliver what, and where each batch went.',
          image: I.ledger2('A market overview dashboard'),
          cta: { label: 'How markets roll it out', href: '#solution' },
        },
      ],
      product: {
        title: 'What the ledger records',
        lead: 'Meets the record-keeping rules for edible agricultural products in wholesale and farmers’ markets.',
        features: [
          {
            icon: 'scan',
            title: 'Scan-to-record',
            body: 'Delivery notes, origin certificates and test reports are read from a photo.',
          },
          {
            icon: 'ledger',
            title: 'Purchases and sales',
            body: 'Supplier, product, weight, price and batch for every purchase; sales to restaurants and canteens linked to the batch.',
          },
          {
            icon: 'link',
            title: 'Traceability code',
            body: 'Each batch gets a code customers can scan at the stall to see origin and test results.',
          },
          {
            icon: 'chart',
            title: 'Stall statistics',
            body: 'Turnover and margins per product, and the market’s average price next to yours.',
          },
        ],
      },
      solution: {
        title: 'Rolling it out in a market',
        lead: 'A typical market of 200 stalls is live within two weeks.',
        steps: [
          { title: 'Register stalls', body: 'The market office imports stall numbers and vendor licences.' },
          { title: 'Train vendors', body: 'Our staff visit every stall; recording a batch takes under 20 seconds.' },
          { title: 'Connect scales', body: 'Networked scales send weights and prices straight into the ledger.' },
          {
            title: 'Report to the bureau',
            body: 'Daily ledgers are forwarded to the market-supervision platform automatically.',
          },
        ],
      },
      afterSale: {
        title: 'After-sales service',
        lead: 'Markets are open early, so are we.',
        items: [
          { icon: 'clock', title: 'From 5:00 every day', body: 'Support opens before the wholesale trading starts.' },
          { icon: 'users', title: 'Stall visits', body: 'A monthly visit to stalls that have stopped recording.' },
          { icon: 'doc', title: 'Inspection support', body: 'We prepare the ledger export the inspectors ask for.' },
        ],
        hotline: HOTLINE,
        hours: 'Daily 5:00–21:00',
      },
      app: {
        name: 'Electronic Ledger',
        appLink: 'yoonopledger://home',
        fallbackUrl: '/mobileProduct/electronicLedger#after-sale',
      },
    },

    distributionSystem: {
      title: 'Distribution System',
      description:
        'Orders, picking, routing and delivery confirmation for produce distributors supplying canteens, supermarkets and restaurants.',
      swiper: [
        {
          eyebrow: 'Distribution System',
          title: 'Orders in by midnight, on the truck by five',
          body: 'Customers order on a mini-program; the warehouse gets picking lists by route before the night shift starts.',
          image: I.distribution1('A delivery truck following a route between stops'),
          cta: { label: 'See the features', href: '#product' },
        },
        {
          eyebrow: 'Routing',
          title: 'Fewer kilometres, fewer late deliveries',
          body: 'Routes planned around delivery windows, truck capacity and cold-chain needs.',
          image: I.distribution2('Delivery points spread across a city map'),
          cta: { label: 'How it works', href: '#solution' },
        },
      ],
      product: {
        title: 'What the Distribution System covers',
        lead: 'Used by distributors delivering to school canteens, hospitals, supermarkets and restaurant chains.',
        features: [
          {
            icon: 'phone',
            title: 'Customer ordering',
            body: 'Price lists per customer, order cut-off times and repeat orders from last week.',
          },
          {
            icon: 'ledger',
            title: 'Purchasing and picking',
            body: 'Orders add up to a purchase list; picking lists are printed per route and per customer.',
          },
          {
            icon: 'truck',
            title: 'Routing and tracking',
            body: 'Routes planned automatically; customers see where their delivery is.',
          },
          {
            icon: 'camera',
            title: 'Proof of delivery',
            body: 'Signature, photo and weight at delivery; differences become credit notes, not arguments.',
          },
        ],
      },
      solution: {
        title: 'A night in the warehouse',
        lead: 'How one distributor in Hangzhou runs 40 routes a night.',
        steps: [
          {
            title: '22:00 — orders close',
            body: 'Purchase lists go to market buyers with the latest wholesale prices.',
          },
          {
            title: '01:00 — goods arrive',
            body: 'Goods are checked in by weight and batch, with test results attached.',
          },
          { title: '03:00 — picking', body: 'Picking lists per route; labels carry the batch traceability code.' },
          {
            title: '05:00 — trucks leave',
            body: 'Drivers follow the planned route; customers are told when to expect them.',
          },
        ],
      },
      afterSale: {
        title: 'After-sales service',
        lead: 'Distribution runs at night; so does our support.',
        items: [
          { icon: 'clock', title: 'Night support', body: 'An engineer on call from 21:00 to 6:00.' },
          {
            icon: 'link',
            title: 'Integration',
            body: 'Connections to your accounting software and customers’ purchasing systems.',
          },
          { icon: 'users', title: 'Route reviews', body: 'Quarterly review of route costs and late deliveries.' },
        ],
        hotline: HOTLINE,
        hours: 'Daily, 24 hours',
      },
      app: {
        name: 'Distribution System',
        appLink: 'yoonopdist://home',
        fallbackUrl: '/mobileProduct/distributionSystem#after-sale',
      },
    },

    enforceSystem: {
      title: 'Enforcement System',
      description:
        'Mobile inspections, evidence capture and case handling for market-supervision officers, linked to vendor ledgers and test results.',
      swiper: [
        {
          eyebrow: 'Enforcement System',
          title: 'Inspections with the evidence in hand',
          body: 'Officers see each stall’s ledger, licences and recent test results before they reach it.',
          image: I.enforce1('A shield with a check mark beside an inspection checklist'),
          cta: { label: 'See the features', href: '#product' },
        },
        {
          eyebrow: 'Case handling',
          title: 'From finding to closed case, on record',
          body: 'Photos, measurements and signatures are timestamped and kept with the case file.',
          image: I.enforce2('An enforcement dashboard with case statistics'),
          cta: { label: 'Key characteristics', href: '#characteristics' },
        },
      ],
      product: {
        title: 'What the Enforcement System does',
        lead: 'Designed with district market-supervision bureaus and compliant with administrative-enforcement record rules.',
        features: [
          {
            icon: 'search',
            title: 'Risk-based planning',
            body: 'Inspection lists ranked by ledger gaps, failed tests and complaints.',
          },
          {
            icon: 'camera',
            title: 'Evidence capture',
            body: 'Photos, video and measurements with time and location, sealed against editing.',
          },
          {
            icon: 'doc',
            title: 'Case documents',
            body: 'Notices and decisions generated from templates and signed on the device.',
          },
          {
            icon: 'chart',
            title: 'Statistics',
            body: 'Inspections, findings and case outcomes by market, officer and period.',
          },
        ],
      },
      solution: {
        title: 'How an inspection runs',
        lead: 'One workflow from the plan to the closed case.',
        steps: [
          { title: 'Plan', body: 'The system proposes today’s stalls by risk; the team leader assigns them.' },
          { title: 'Inspect', body: 'Checklists per product type; findings recorded with evidence.' },
          { title: 'Act', body: 'Rectification notices or case files opened on the spot.' },
          { title: 'Follow up', body: 'Re-inspections scheduled automatically until the case is closed.' },
        ],
      },
      afterSale: {
        title: 'After-sales service',
        lead: 'Public-sector deployments need more than a hotline.',
        items: [
          {
            icon: 'shield',
            title: 'Security',
            body: 'Deployment on government cloud, graded protection (MLPS level 3) support.',
          },
          {
            icon: 'users',
            title: 'Officer training',
            body: 'Training for every team, and refresher sessions when rules change.',
          },
          { icon: 'doc', title: 'Template updates', body: 'Document templates updated when regulations change.' },
        ],
        hotline: HOTLINE,
        hours: 'Mon–Fri 8:30–18:00, emergencies 24 hours',
      },
      functionalCharacteristics: {
        title: 'Key characteristics',
        lead: 'What officers and bureaus value most.',
        items: [
          {
            icon: 'link',
            title: 'Linked to the ledgers',
            body: 'Ledgers, licences and test results of each stall open with the inspection.',
          },
          {
            icon: 'shield',
            title: 'Tamper-evident evidence',
            body: 'Every photo and record is hashed at capture; changes are visible.',
          },
          {
            icon: 'phone',
            title: 'Works offline',
            body: 'Inspections continue in basements and cold stores, and sync later.',
          },
          { icon: 'bell', title: 'Deadlines tracked', body: 'Legal deadlines of each case are counted and reminded.' },
        ],
      },
      app: {
        name: 'Enforcement System',
        appLink: 'yoonopenforce://home',
        fallbackUrl: '/mobileProduct/enforceSystem#after-sale',
      },
    },
  },

  solutions: {
    garbage: {
      title: 'Market Waste Sorting',
      description:
        'Waste sorting, weighing and collection management for wholesale and farmers’ markets, with per-stall statistics.',
      tagline:
        'Wholesale markets produce tonnes of organic waste a day. Sorting it at the stall makes it a resource instead of a cost.',
      hero: I.garbage('Four colour-coded sorting bins: kitchen waste, recyclables, hazardous and residual'),
      challenges: {
        title: 'The challenge',
        items: [
          {
            icon: 'recycle',
            title: 'Mixed waste',
            body: 'Vegetable trimmings mixed with packaging cannot be composted and cost more to dispose of.',
          },
          { icon: 'users', title: 'Hundreds of stalls', body: 'Market staff cannot watch every stall’s bins.' },
          {
            icon: 'doc',
            title: 'Reporting',
            body: 'District authorities ask for sorting rates the market cannot measure.',
          },
        ],
      },
      approach: {
        title: 'Our approach',
        lead: 'Measure at the source, reward the stalls that sort well.',
        layers: [
          { title: 'Stall bins with codes', body: 'Each stall’s bins carry a code; collectors scan and weigh them.' },
          { title: 'Sorting-quality checks', body: 'Collectors grade each bin in the app, with a photo.' },
          { title: 'Stall scores', body: 'Monthly scores per stall, linked to fee discounts set by the market.' },
          { title: 'Reports', body: 'Tonnage and sorting rate per category, exported for the district.' },
        ],
      },
      outcomes: {
        title: 'Results in markets we serve',
        items: [
          { value: '92%', label: 'average sorting accuracy after six months' },
          { value: '31%', label: 'lower disposal cost' },
          { value: '2.6 t', label: 'organic waste composted per market per day' },
        ],
      },
      cases: {
        title: 'Where it runs',
        items: [
          {
            name: 'A vegetable wholesale market',
            region: 'Jiaxing, Zhejiang',
            body: '420 stalls, live since 2023; organic waste goes to a composting plant nearby.',
          },
          {
            name: 'Eight farmers’ markets',
            region: 'Minhang, Shanghai',
            body: 'District-wide rollout with monthly reports to the greening bureau.',
          },
        ],
      },
      products: ['electronicLedger', 'enforceSystem'],
    },
    numberSupervise: {
      title: 'Digital Supervision',
      description:
        'One dashboard for regulators: prices, vendors, inspections and food-safety tests across every market in the district.',
      tagline:
        'Supervision works best when the data is already there: ledgers, prices and tests from every market in one place.',
      hero: I.numberSupervise('A supervision dashboard with tiles, a trend line and a gauge'),
      challenges: {
        title: 'The challenge',
        items: [
          {
            icon: 'ledger',
            title: 'Scattered data',
            body: 'Ledgers, test results and prices live in different systems or on paper.',
          },
          { icon: 'search', title: 'Late warnings', body: 'Price spikes and failed tests are noticed days later.' },
          { icon: 'users', title: 'Few officers', body: 'A district team cannot visit every market every week.' },
        ],
      },
      approach: {
        title: 'Our approach',
        lead: 'Connect what markets already record, and let the data set the priorities.',
        layers: [
          { title: 'Data collection', body: 'Ledgers, scales, rapid tests and price reports from every market.' },
          {
            title: 'Data platform',
            body: 'Cleaned, linked by stall and batch, with our national price series as reference.',
          },
          {
            title: 'Warnings',
            body: 'Rules for price anomalies, missing ledgers and failed tests, with a daily digest.',
          },
          { title: 'Action', body: 'Warnings become inspection tasks in the Enforcement System.' },
        ],
      },
      outcomes: {
        title: 'Results',
        items: [
          { value: '48', label: 'markets on one screen in our largest district' },
          { value: '< 1 h', label: 'from a failed test to a warning' },
          { value: '3×', label: 'more targeted inspections per officer' },
        ],
      },
      cases: {
        title: 'Where it runs',
        items: [
          {
            name: 'District market-supervision bureau',
            region: 'Chengdu, Sichuan',
            body: '48 markets and 9,000 stalls connected since 2022.',
          },
          {
            name: 'Agriculture and rural affairs bureau',
            region: 'Shouguang, Shandong',
            body: 'Vegetable prices and origin certificates for the country’s largest vegetable market.',
          },
        ],
      },
      products: ['electronicLedger', 'enforceSystem'],
    },
    shopExplore: {
      title: 'Store Inspection',
      description: 'Scheduled and random store inspections with checklists, photos and rectification follow-up.',
      tagline:
        'Chains and market operators inspect hundreds of stores; the findings should not end up in a spreadsheet nobody reads.',
      hero: I.shopExplore('Stalls with awnings along a market street'),
      challenges: {
        title: 'The challenge',
        items: [
          {
            icon: 'doc',
            title: 'Paper checklists',
            body: 'Findings are hard to compare across stores and inspectors.',
          },
          { icon: 'clock', title: 'Slow follow-up', body: 'Rectifications are promised and forgotten.' },
          { icon: 'search', title: 'Predictable visits', body: 'Stores know when inspectors come.' },
        ],
      },
      approach: {
        title: 'Our approach',
        lead: 'Structured checklists, random scheduling and a rectification loop.',
        layers: [
          { title: 'Checklists', body: 'Items per store type with photos required for every failed item.' },
          { title: 'Scheduling', body: 'A mix of scheduled and random visits, spread over the week.' },
          { title: 'Rectification', body: 'Failed items become tasks for the store with a deadline and photo proof.' },
          { title: 'Scores', body: 'Store scores and trends for area managers.' },
        ],
      },
      outcomes: {
        title: 'Results',
        items: [
          { value: '87%', label: 'of rectifications closed on time' },
          { value: '40%', label: 'less time per inspection' },
          { value: '1,200+', label: 'stores inspected each month' },
        ],
      },
      cases: {
        title: 'Where it runs',
        items: [
          {
            name: 'A fresh-food supermarket chain',
            region: 'Jiangsu and Anhui',
            body: '260 stores inspected weekly by 18 area managers.',
          },
          {
            name: 'A market operator',
            region: 'Guangzhou, Guangdong',
            body: '35 farmers’ markets with monthly random inspections.',
          },
        ],
      },
      products: ['enforceSystem', 'electronicLedger'],
    },
    securitySolution: {
      title: 'Food Safety',
      description:
        'Rapid-test results, supplier certificates and batch traceability brought together so unsafe produce is stopped before it is sold.',
      tagline:
        'A failed pesticide test is only useful if the batch it came from is found — and stopped — the same morning.',
      hero: I.securitySolution('A shield with a check mark between a checklist and a test result'),
      challenges: {
        title: 'The challenge',
        items: [
          {
            icon: 'scan',
            title: 'Tests without batches',
            body: 'Rapid tests are run, but results are not linked to the batch and its buyers.',
          },
          {
            icon: 'doc',
            title: 'Certificates on paper',
            body: 'Origin and compliance certificates are checked by eye, if at all.',
          },
          { icon: 'truck', title: 'Fast-moving goods', body: 'Leafy vegetables are sold within hours of arriving.' },
        ],
      },
      approach: {
        title: 'Our approach',
        lead: 'Every batch carries its certificates and test results from arrival to sale.',
        layers: [
          { title: 'Check-in', body: 'Batches are registered at the gate with certificates scanned.' },
          { title: 'Rapid testing', body: 'Test instruments upload results directly, linked to the batch.' },
          { title: 'Stop and recall', body: 'A failed test blocks the batch in the ledgers and lists who bought it.' },
          {
            title: 'Public display',
            body: 'Test results shown on screens in the market and behind the traceability code.',
          },
        ],
      },
      outcomes: {
        title: 'Results',
        items: [
          { value: '15 min', label: 'from a failed test to a blocked batch' },
          { value: '100%', label: 'of tested batches linked to buyers' },
          { value: '0', label: 'failed batches sold in pilot markets in 2024' },
        ],
      },
      cases: {
        title: 'Where it runs',
        items: [
          {
            name: 'An agricultural wholesale market',
            region: 'Kunming, Yunnan',
            body: 'Export vegetables tested and traced batch by batch.',
          },
          {
            name: 'School canteen supply',
            region: 'Hefei, Anhui',
            body: 'Suppliers to 120 schools with tests before every delivery.',
          },
        ],
      },
      products: ['electronicLedger', 'distributionSystem'],
    },
  },

  about: {
    title: 'About us',
    description:
      'Yoonop Agri-Data builds market-data and software platforms for China’s produce trade: prices, ledgers, distribution and supervision.',
    introduce: {
      title: 'Who we are',
      paragraphs: [
        'Yoonop Agricultural Data Technology Co., Ltd. was founded in Hangzhou in 2016 by a team of agricultural economists and software engineers. We started by collecting wholesale prices in twelve markets by hand and publishing them every morning.',
        'Today our platforms serve growers, market vendors, distributors and the authorities that supervise them, and this portal publishes {coverage}. The price database underneath is the same for everyone: every figure with its source, unit and date.',
      ],
      image: I.team('Five team members standing together'),
      facts: [
        { value: '2016', label: 'founded in Hangzhou' },
        { value: '260+', label: 'employees' },
        { value: '{markets}', label: 'markets with prices' },
        { value: '{provinces}', label: 'provinces with prices' },
      ],
    },
    coverage: {
      daily: 'daily prices from {markets} markets in {provinces} provinces ({who}, {from}–{to})',
      monthly: 'monthly prices from {markets} markets in {provinces} provinces ({who}, {from}–{to})',
      demo: 'generated demo data, not observed prices',
      join: '; ',
      none: 'no prices yet',
    },
    develop: {
      title: 'How we grew',
      milestones: [
        {
          year: '2016',
          title: 'Twelve markets by hand',
          body: 'Daily wholesale prices from twelve markets in Zhejiang, published each morning.',
        },
        {
          year: '2017',
          title: 'Electronic Ledger',
          body: 'Our first product for vendors, piloted in two markets in Hangzhou.',
        },
        {
          year: '2019',
          title: 'Price indexes',
          body: 'Fixed-base indexes for vegetables and fruit, later all seven categories.',
        },
        {
          year: '2020',
          title: 'Distribution System',
          body: 'Built for a canteen supplier during the pandemic, now used by 90 distributors.',
        },
        {
          year: '2022',
          title: 'Digital supervision',
          body: 'First district-wide deployment for a market-supervision bureau in Chengdu.',
        },
        {
          year: '2024',
          title: 'Forecasts and data products',
          body: 'Price forecasts with intervals, and regional data products for traders.',
        },
        {
          year: '2025',
          title: 'Open price data',
          body: 'The World Food Programme’s open market prices join our own series, each labelled with its source.',
        },
      ],
    },
    honor: {
      title: 'Honours and certifications',
      items: [
        {
          year: '2019',
          name: 'National High-Tech Enterprise',
          issuer: 'Zhejiang Provincial Department of Science and Technology',
        },
        {
          year: '2021',
          name: 'ISO/IEC 27001 information-security certification',
          issuer: 'Accredited certification body',
        },
        {
          year: '2022',
          name: 'Digital Agriculture Outstanding Case',
          issuer: 'China Agricultural Information Network conference',
        },
        {
          year: '2023',
          name: '“Specialised and Sophisticated” SME',
          issuer: 'Zhejiang Provincial Department of Economy and Information Technology',
        },
        {
          year: '2024',
          name: 'Graded protection (MLPS) level 3 for the supervision platform',
          issuer: 'Public-security evaluation body',
        },
      ],
    },
    video: {
      title: 'Our work in one minute',
      caption:
        'A short film about price collection, planning and delivery. It starts only when you press play, and has no sound.',
      src: COMPANY_FILM,
      poster: I.videoPoster('Fields under the sun with a play button'),
      captions: 'English captions',
    },
    nationwide: {
      title: 'Across the country',
      lead: 'The markets whose prices this portal publishes, by province.',
    },
  },
};
