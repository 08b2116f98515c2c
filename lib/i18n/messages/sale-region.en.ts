// What a region of a data product holds, shown before it is bought (docs/commerce.md).
// sale-region.zh-cn.ts mirrors every key.
export const saleRegionEn = {
  products: 'Products: {names}',
  more: '+{n} more',
  source: '{source}: {frequency}, {from} – {to}',
  daily: 'daily',
  monthly: 'monthly',
  demo: 'demo data',
  current: 'Current',
  archive: 'Archive: prices end {date}',
  archiveCountry: {
    count: 'n',
    one: '{n} of its regions is an archive',
    other: '{n} of its regions are archives',
  },
  archivePrice: 'Regions with no price in the last {days} days are archives: {price} per region / {months} months',
  statusLink: 'What each country’s data covers',
};
