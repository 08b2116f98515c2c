import type { Messages } from '@/lib/i18n/types';

type LoginTexts = Messages['login'];

/** "I have read and agree to the Terms of Service and the Privacy Policy", each a link (in a new tab: the form keeps its values). */
export function ConsentText({ t }: { t: LoginTexts }) {
  return (
    <>
      {t.consentBefore}
      <a href="/terms" target="_blank" rel="noopener">
        {t.consentTerms}
      </a>
      {t.consentAnd}
      <a href="/privacy" target="_blank" rel="noopener">
        {t.consentPrivacy}
      </a>
    </>
  );
}

/** The consent checkbox's rule, for antd and antd-mobile forms alike (both run rc-field-form validators). */
export function consentRule(t: LoginTexts) {
  return {
    validator: (_: unknown, value: unknown) =>
      value === true ? Promise.resolve() : Promise.reject(new Error(t.consentRequired)),
  };
}
