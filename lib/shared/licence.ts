/**
 * Whether a source's licence lets others republish its figures (embeds, full downloads): the
 * Creative Commons licences other than their no-derivatives and non-commercial variants, CC0
 * and the public domain. Anything else — a licence we do not recognise included — does not.
 */
export function mayRedistribute(licence: string): boolean {
  const l = licence.trim().toLowerCase();
  if (/\b(nd|nc)\b/.test(l.replace(/-/g, ' '))) return false;
  return /^(cc by\b|cc-by\b|cc0\b|public domain\b|odc-by\b|odbl\b)/.test(l);
}
