// The English dictionary defines the shape every locale must match (see types.ts).
// The error catalogue texts and default button labels of docs/api.md are kept verbatim.
import { commerceEn } from './commerce.en';
import { feedbackEn } from './feedback.en';
import { contentEn } from './content.en';

import { marketEn } from './market.en';
import { dataApiEn } from './data-api.en';
import { anomalyEn } from './anomaly.en';
import { alertsEn } from './alerts.en';
import { embedEn } from './embed.en';
import { dataStatusEn } from './data-status.en';
import { plansEn } from './plans.en';
import { saleRegionEn } from './sale-region.en';
import { networkEn } from './network.en';

export const en = {
  ...commerceEn,
  ...dataApiEn,
  ...embedEn,
  market: marketEn,
  anomaly: anomalyEn,
  alerts: alertsEn,
  dataStatus: dataStatusEn,
  plans: plansEn,
  saleRegion: saleRegionEn,
  network: networkEn,
  meta: {
    description:
      'Agricultural market data for China: wholesale and retail prices, price indexes, trends and forecasts, with memberships and regional data products.',
  },
  common: {
    learnMore: 'Learn more',
    comingSoon: 'This page is being prepared. The full section arrives in an upcoming release.',
    backHome: 'Back to home',
  },
  demo: {
    label: 'Demo site',
    banner: 'Demo site: SMS codes are public and payments are not real. Use no real phone number or password.',
    outbox: 'Read the codes',
  },
  errors: {
    loginExpired: 'login status has expired, please log in again',
    serverBusy: 'server busy, please try again later',
    networkFailed: 'network request failed, please try again later',
  },
  nav: {
    skipToContent: 'Skip to main content',
    mainNav: 'Main navigation',
    menu: 'Menu',
    home: 'Home',
    marketData: 'Market data',
    documents: 'Documents',
    news: 'News',
    products: 'Products',
    solutions: 'Solutions',
    aboutUs: 'About us',
    equitiesCentre: 'My account',
    feedback: 'Feedback',
    language: 'Language',
    switchLanguage: 'Switch language',
  },
  userMenu: {
    login: 'Log in',
    account: 'Account menu',
    myMembership: 'My membership',
    myData: 'My data',
    purchaseRecords: 'Purchase records',
    myFeedback: 'My feedback',
    myWatchlist: 'My watchlist',
    notifications: 'Notifications',
    notificationsUnread: {
      count: 'count',
      one: 'Notifications: {count} unread',
      other: 'Notifications: {count} unread',
    },
    logout: 'Log out',
  },
  footer: {
    terms: 'Terms of Service',
    privacy: 'Privacy Policy',
    company: 'Yoonop Agricultural Data Technology Co., Ltd.',
    about: 'Market prices, indexes and forecasts for growers, traders, markets and regulators in China and beyond.',
    explore: 'Explore',
    products: 'Products',
    solutions: 'Solutions',
    companyLinks: 'Company',
    attribution: 'Price data: WFP VAM via HDX (CC BY-IGO)',
    demoNote: 'Some series are generated demo data and are labelled as such.',
    icp: 'ICP filing: {icp}',
    icpPending: 'ICP filing in progress',
    copyright: '© {year} {brand}. All rights reserved.',
  },
  sections: {
    functionality: {
      group: 'Market data',
      title: 'Market data',
      body: 'Price indexes, price trends and forecasts for grains, vegetables, fruit, meat, aquatic products, eggs and oils, by region and market. Every figure carries its source, unit and "as of" date.',
    },
    documents: {
      group: 'Knowledge',
      title: 'Documents',
      body: 'Guides, standards and methodology notes organised in a directory tree: how the indexes are built, what each data product covers, and how to use the platforms.',
    },
    journalism: {
      group: 'About us',
      title: 'News',
      body: 'Market commentary, company announcements and industry news, filterable by category and keyword.',
    },
    aboutUs: {
      group: 'About us',
      title: 'About us',
      body: 'Who we are, how the company developed, our honours, and the markets and partners we serve across the country.',
    },
    farming: {
      group: 'Products',
      title: 'Smart Farming',
      body: 'Plot records, input tracking and planting plans for growers and cooperatives, with local price outlooks to help decide what to plant and when to sell.',
    },
    electronicLedger: {
      group: 'Products',
      title: 'Electronic Ledger',
      body: 'Digital purchase and sales ledgers for market vendors: record every batch in seconds and answer traceability inspections with one tap.',
    },
    distributionSystem: {
      group: 'Products',
      title: 'Distribution System',
      body: 'Orders, picking, routing and delivery confirmation for produce distributors supplying canteens, supermarkets and restaurants.',
    },
    enforceSystem: {
      group: 'Products',
      title: 'Enforcement System',
      body: 'Mobile inspections, evidence capture and case handling for market-supervision officers, linked to vendor ledgers and test results.',
    },
    garbage: {
      group: 'Solutions',
      title: 'Market Waste Sorting',
      body: 'Waste sorting, weighing and collection management for wholesale and farmers’ markets, with per-stall statistics.',
    },
    numberSupervise: {
      group: 'Solutions',
      title: 'Digital Supervision',
      body: 'One dashboard for regulators: prices, vendors, inspections and food-safety tests across every market in the district.',
    },
    shopExplore: {
      group: 'Solutions',
      title: 'Store Inspection',
      body: 'Scheduled and random store inspections with checklists, photos and rectification follow-up.',
    },
    securitySolution: {
      group: 'Solutions',
      title: 'Food Safety',
      body: 'Rapid-test results, supplier certificates and batch traceability brought together so unsafe produce is stopped before it is sold.',
    },
    member: {
      group: 'My account',
      title: 'Membership',
      body: 'Compare the Silver, Gold and Platinum levels — history depth, regions, forecasts and exports — and buy or upgrade for 1, 3 or 12 months.',
    },
    memberCentre: {
      group: 'My account',
      title: 'Member centre',
      body: 'Your current level, what it unlocks and when it ends, with renewal and upgrade prices worked out for your remaining days.',
    },
    myData: {
      group: 'My account',
      title: 'My data',
      body: 'The regional data products you hold and how long each one runs.',
    },
    purchaseRecord: {
      group: 'My account',
      title: 'Purchase records',
      body: 'Your membership and data-product orders with their status, and printable receipts for paid orders.',
    },
    dataApi: {
      group: 'My account',
      title: 'Data API',
      body: 'Your API keys and their use, and how to fetch prices, indexes and forecasts from your own programs as JSON or CSV.',
    },
    watchlist: {
      group: 'My account',
      title: 'My watchlist',
      body: 'The series you follow, with their latest price, changes and anomaly level. Set alerts to be told when a price moves.',
    },
    notifications: {
      group: 'My account',
      title: 'Notifications',
      body: 'What your price alerts said, newest first.',
    },
    unsubscribe: {
      group: 'My account',
      title: 'Stop alert messages',
      body: 'Stop the messages of one price alert, or of all of them, on one channel. No login needed.',
    },
    confirmEmail: {
      group: 'My account',
      title: 'Confirm your e-mail address',
      body: 'Price alerts are e-mailed only to an address its owner has confirmed.',
    },
    purchaseDataContent: {
      group: 'My account',
      title: 'Buy data products',
      body: 'Choose a product group and the regions you need; members get their level’s discount and held regions are extended.',
    },
    feedback: {
      group: 'Feedback',
      title: 'Feedback',
      body: 'Report a problem or suggest an improvement for any of our platforms, with screenshots, and follow the replies from our staff.',
    },
  },
  home: {
    eyebrow: 'Agricultural market data',
    heroTitle: 'Market prices you can trace to the source',
    heroBody:
      'Daily wholesale and retail prices, fixed-base price indexes, trends and forecasts for the produce that feeds China — every figure with its source, unit and date.',
    ctaData: 'Explore market data',
    ctaMember: 'Become a member',
    highlightsTitle: 'What you get',
    highlights: {
      indexTitle: 'Price indexes',
      indexBody:
        'Composite, category and product indexes against a base period of 100, with day-on-day, month-on-month and year-on-year changes.',
      trendTitle: 'Trends by region',
      trendBody:
        'Daily, weekly or monthly series per product for the nation, provinces and markets, with the same period of earlier years.',
      forecastTitle: 'Forecasts',
      forecastBody:
        'Forecasts with 80% and 95% intervals, the model name and its back-test error — and a clear warning when confidence is low.',
      sourceTitle: 'Provenance on every figure',
      sourceBody: 'Source, licence, unit and "as of" date are shown next to each number. Demo series are labelled.',
    },
    productsTitle: 'Products',
    productsLead: 'Software for the people who grow, trade, sell and supervise produce.',
    solutionsTitle: 'Solutions',
    solutionsLead: 'Combined platforms for markets and regulators.',
    newsTitle: 'News',
    newsBody: 'Market commentary, announcements and industry news.',
    newsCta: 'Read the news',
    docsTitle: 'Documents',
    docsBody: 'Methodology, standards and user guides.',
    docsCta: 'Browse documents',
    memberTitle: 'Go deeper with a membership',
    memberBody:
      'Longer histories, province and market detail, forecasts and CSV export. Buy regional data products for full history.',
    memberCta: 'Compare levels',
  },
  login: {
    title: 'Log in',
    titleRegister: 'Create an account',
    titleForget: 'Reset your password',
    welcomeRegister: 'Create your account',
    welcomeForget: 'Reset your password',
    consentBefore: 'I have read and agree to the ',
    consentTerms: 'Terms of Service',
    consentAnd: ' and the ',
    consentPrivacy: 'Privacy Policy',
    consentRequired: 'Please agree to the Terms of Service and the Privacy Policy',
    tabsLabel: 'Account',
    tabLogin: 'Log in',
    tabRegister: 'Register',
    tabForget: 'Forgot password',
    welcome: 'Welcome back',
    sideTitle: 'One account for all our platforms',
    sideBody:
      'Log in to see longer price histories, manage your membership and data products, and follow your feedback.',
    phone: 'Mobile number',
    phonePlaceholder: '11-digit mobile number',
    password: 'Password',
    passwordPlaceholder: 'Your password',
    newPassword: 'New password',
    passwordHint: '8–64 characters with at least one letter and one digit',
    code: 'SMS code',
    codePlaceholder: '6-digit code',
    sendCode: 'Send code',
    resendIn: 'Resend in {s}s',
    codeSent: 'A code has been sent to {phone}.',
    nickname: 'Nickname (optional)',
    nicknamePlaceholder: 'How we greet you',
    submitLogin: 'Log in',
    submitRegister: 'Create account',
    submitForget: 'Reset password',
    forgotLink: 'Forgot password?',
    toRegister: 'No account yet? Register',
    toLogin: 'Back to log in',
    resetDone: 'Your password has been reset. Please log in with the new password.',
    phoneRequired: 'Please enter your mobile number',
    passwordRequired: 'Please enter your password',
    codeRequired: 'Please enter the SMS code',
    invalidPhone: 'Enter a mainland mobile number (11 digits starting 13–19)',
    passwordLength: 'Use 8–64 characters',
    passwordMix: 'Use at least one letter and one digit',
    invalidCode: 'Enter the 6-digit code',
    nicknameLength: 'Use at most 32 characters',
  },
  mobile: {
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    tabs: 'Sections',
    tabHome: 'Home',
    tabData: 'Data',
    tabDocs: 'Docs',
    tabNews: 'News',
    tabFeedback: 'Feedback',
  },
  notFound: {
    title: 'Page not found',
    body: 'The page you asked for does not exist or has moved.',
  },
  ...feedbackEn,
  ...contentEn,
};
