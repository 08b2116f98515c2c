/** A legal page (terms, privacy): dated, in numbered sections of paragraphs; `{brand}` is the site's name. */
export type LegalDoc = {
  title: string;
  updated: string;
  lead: string;
  sections: { heading: string; body: string[] }[];
};
export type LegalContent = { terms: LegalDoc; privacy: LegalDoc; updatedLabel: string; contents: string };
