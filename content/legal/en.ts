import type { LegalContent } from './types';

export const legalEn: LegalContent = {
  updatedLabel: 'Last updated',
  contents: 'Contents',
  terms: {
    title: 'Terms of Service',
    updated: '2026-11-23',
    lead: 'These terms apply when you use {brand}: its web pages, its data and the calls behind them. By creating an account you accept them.',
    sections: [
      {
        heading: 'Your account',
        body: [
          'You register with a mainland China mobile number and keep your password to yourself. Everything done with your account counts as done by you; tell us at once if you think someone else has used it.',
          'One account works on all our platforms. When you arrive from one of them, you are signed in here with the same number.',
        ],
      },
      {
        heading: 'Market data',
        body: [
          'Prices, indexes, trends and forecasts are shown with their source, unit and date. Series marked "demo" are generated for demonstration and are not observations.',
          'Data from the World Food Programme is published under the Creative Commons Attribution for Intergovernmental Organisations licence (CC BY-IGO); keep its attribution when you reuse it.',
          'Forecasts are estimates with intervals, not promises. Decide with care: we are not liable for losses from trading or planting decisions based on the data.',
        ],
      },
      {
        heading: 'Memberships and data products',
        body: [
          'A membership gives access for the period you buy (1, 3 or 12 months) and ends on the date shown on your order; an upgrade is charged for the days left and keeps that end date.',
          'A regional data product gives its regions’ full history for the months stated, for your own use and your organisation’s. You may not resell the data or give others access to your account.',
          'Prices include VAT. An order not paid within 30 minutes is closed. Paid orders are not refunded once the data has been opened, except where the law requires it.',
        ],
      },
      {
        heading: 'Fair use',
        body: [
          'Do not try to reach data your account does not cover, overload the service, or copy it wholesale by automated means. We may suspend an account that does, after telling you why.',
          'Feedback and images you send must be yours to send and must not contain other people’s personal information without their consent.',
        ],
      },
      {
        heading: 'Changes and the law',
        body: [
          'We may change these terms; the date above says when, and a material change is announced on the site before it applies. These terms are governed by the laws of the People’s Republic of China.',
          'Questions about these terms: use Feedback on any page, or write to Yoonop Agricultural Data Technology Co., Ltd.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    updated: '2026-11-23',
    lead: 'What {brand} collects about you, why, who else sees it and how long we keep it. We follow the Personal Information Protection Law of the People’s Republic of China.',
    sections: [
      {
        heading: 'What we collect',
        body: [
          'Your mobile number, password (stored only as a salted hash) and the nickname you choose; the profile details you add (name, company, position, region, industry, avatar).',
          'Your orders, memberships and data products; your feedback, its images and the replies; the pages and data you ask for, with the time and network address of each request.',
        ],
      },
      {
        heading: 'Why',
        body: [
          'To sign you in and keep your account safe (limits on codes and logins use your number and address), to give you the data your membership or products cover, to take payment and issue receipts, and to answer your feedback.',
          'We do not sell your information and do not use it for advertising.',
        ],
      },
      {
        heading: 'Who else sees it',
        body: [
          'The SMS provider receives your number to send codes; the payment provider receives the order number and amount (never your password). When you move to one of our platforms, it receives your number and nickname to sign you in.',
          'Authorities, only when the law requires it.',
        ],
      },
      {
        heading: 'Where and how long',
        body: [
          'Your information is stored in mainland China. We keep it while your account exists; orders and receipts for as long as accounting law requires; request records for at most 180 days.',
          'The site keeps your session token in your browser’s local storage and your language in a cookie; it uses no tracking cookies.',
        ],
      },
      {
        heading: 'Your rights',
        body: [
          'You may see, correct and download your information, withdraw consent and close your account. Use Feedback or write to Yoonop Agricultural Data Technology Co., Ltd.; we answer within 15 working days.',
        ],
      },
    ],
  },
};
