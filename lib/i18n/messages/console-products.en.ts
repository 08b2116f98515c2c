// The console's unmapped commodities screen (docs/console.md "Data").
export const consoleProductsEn = {
  unmappedPage: {
    title: 'Unmapped commodities',
    intro:
      'Commodities an import met that no mapping names were created under their source name. Give each its names in both languages and a category: the market pages use them at once, and later files of the same source keep landing on it.',
    sourceName: 'Source name',
    code: 'Code',
    unit: 'Unit',
    rows: 'Prices',
    countries: 'Countries',
    sources: 'Sources',
    since: 'First imported',
    action: 'Action',
    name: 'Name and file',
    none: 'Every commodity is mapped.',
    dialogTitle: 'Name and file “{name}”',
    nameZh: 'Chinese name',
    nameEn: 'English name',
    category: 'Category',
    unitKept: 'Prices stay per {unit}, as the source gives them.',
    save: 'Save',
    cancel: 'Cancel',
    saved: '“{name}” is now a catalogue product.',
    failed: 'Not saved: {msg}',
  },
};
