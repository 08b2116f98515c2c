// The connection, as every page reports it (components/shared/network/). network.zh-cn.ts mirrors every key.
export const networkEn = {
  offline: 'You are offline. What is on the page stays readable; it updates when the connection is back.',
  backOnline: 'Back online.',
};
